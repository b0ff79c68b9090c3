"""The searching players: legal, deterministic, stronger than greedy, and fair ones never
read the bag."""

import pytest

from solver.game import TURNS, Deal, Move, SoloGame, deal
from solver.search import make_player, play_game
from solver.search.goal_choice import arrangements

FAST = {
    "beam": {"placements": 3},
    "fair": {"playout_width": 1, "samples": 2, "depth": 1, "candidates": 2},
    "hindsight": {"kept": 1, "piloted": 2, "arrangements": 2},
}


def _replay(d: Deal, record) -> SoloGame:
    """Replays the recorded moves on a fresh game: every move must be legal."""
    game = SoloGame.start(d, record.goals)
    for entry in record.moves:
        game.play(Move.from_json(entry))
    return game


@pytest.mark.parametrize("strategy", ["beam", "fair", "hindsight"])
def test_every_strategy_plays_a_legal_deterministic_game(strategy):
    d = deal("test-players-1")
    first = play_game(d, make_player(strategy, seed="s", **FAST[strategy]))
    second = play_game(d, make_player(strategy, seed="s", **FAST[strategy]))
    assert first.moves == second.moves
    assert first.goals in arrangements(d.setup)
    assert len(first.moves) == TURNS
    replayed = _replay(d, first)
    assert replayed.finished
    assert replayed.quilt.total() == first.score["total"]


def test_fixed_goals_are_left_alone():
    d = deal("test-players-2", setup="beginner")
    record = play_game(d, make_player("beam", seed="s", placements=2))
    assert record.goals is None
    assert record.game.finished


def _scores(strategy: str, seeds, **options) -> list[int]:
    # the beginner setup fixes the goals: the comparison is about play alone
    games = [deal(seed, setup="beginner") for seed in seeds]
    return [play_game(d, make_player(strategy, seed="s", **options)).score["total"] for d in games]


def test_beam_beats_greedy_on_average():
    seeds = [f"test-strength-{k}" for k in range(3)]
    assert sum(_scores("beam", seeds, placements=3)) > sum(_scores("greedy", seeds)) + 3 * 10


def test_hindsight_beats_the_visible_search():
    seeds = [f"test-strength-{k}" for k in range(3)]
    assert sum(_scores("hindsight", seeds, kept=2, piloted=3, arrangements=3)) > sum(
        _scores("beam", seeds, placements=3)
    )


def _with_hidden_bag_reversed(d: Deal, visible: int) -> Deal:
    """The same deal where everything after the first ``visible`` bag patches is reversed."""
    return Deal(d.seed, d.setup, d.hand, d.market, d.bag[:visible] + d.bag[visible:][::-1])


def test_fair_never_reads_the_bag():
    """Two deals that agree on everything visible up to a turn get the same moves up to it."""
    d = deal("test-fair-bag")
    turns = 4  # each turn draws two patches into view
    other = _with_hidden_bag_reversed(d, 2 * turns)
    assert other.bag != d.bag
    moves = []
    for game_deal in (d, other):
        player = make_player("fair", seed="s", **FAST["fair"])
        game = SoloGame.start(game_deal, player.choose_goals(game_deal.setup))
        played = []
        for _ in range(turns):
            move = player.choose_move(game.observation())
            played.append(move)
            game.play(move)
        moves.append(played)
    assert moves[0] == moves[1]


def test_bad_options_are_refused_by_name():
    with pytest.raises(ValueError, match="widht"):
        make_player("fair", widht=3)
    with pytest.raises(ValueError, match="samples"):
        make_player("fair", samples=0)
    with pytest.raises(ValueError, match="unknown strategy"):
        make_player("oracle")
    with pytest.raises(ValueError, match="give playout_width or its old name width, not both"):
        make_player("fair", width=2, playout_width=2)


def test_old_option_names_mean_what_they_meant_to_each_player():
    beam = make_player("beam", width=3)
    fair = make_player("fair", width=2, candidates=5)
    hindsight = make_player("hindsight", width=2, candidates=9)
    assert beam.placements == 3
    assert (fair.rollout.width, fair.rollout.breadth, fair.candidates) == (2, 2, 5)
    assert hindsight.kept == 2 and hindsight.options.width == 9
    assert make_player("greedy", width=3) is not None  # an option a player does not use
