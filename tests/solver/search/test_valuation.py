"""The shared move valuation: the same futures for every move, deterministic, bag-blind, and
the fair player's choice is its best move."""

import numpy as np
import pytest

from solver.game import TURNS, Deal, Move, Observation, RulesError, SoloGame, deal
from solver.search import make_player
from solver.search.beam import Beam, play_to_end
from solver.search.fastcore import evaluator_for
from solver.search.goal_choice import QUICK
from solver.search.valuation import (
    _play_out,
    _played,
    _still_close,
    continued_values,
    future_values,
    halve_moves,
    quick_move,
    sampled_bag,
    value_moves,
)

FAIR = {"playout_width": 1, "samples": 40, "candidates": 5}


def _game(seed: str, turn: int, bag_after: int | None = None) -> SoloGame:
    """A beginner game played greedily up to ``turn``; with ``bag_after``, the same game on a
    deal whose bag is reversed after its first ``bag_after`` patches (the same up to then)."""
    d = deal(seed, setup="beginner")
    if bag_after is not None:
        d = Deal(d.seed, d.setup, d.hand, d.market, d.bag[:bag_after] + d.bag[bag_after:][::-1])
    game = SoloGame.start(d)
    greedy = make_player("greedy")
    while game.turn < turn:
        game.play(greedy.choose_move(game.observation()))
    return game


def _some_moves(game: SoloGame, count: int = 4) -> list[Move]:
    legal = game.legal_moves()
    return legal[:: max(1, len(legal) // count)][:count]


def test_values_are_deterministic_in_the_order_given_and_do_not_depend_on_the_other_moves():
    game = _game("test-valuation-1", 6)
    moves = _some_moves(game)
    observation = game.observation()
    first = value_moves(observation, moves, samples=8, seed="s")
    assert first == value_moves(observation, moves, samples=8, seed="s")
    assert first.moves == tuple(moves) and first.samples == (8,) * len(moves)
    # common random numbers: a move's value is the same alone or among others, in any order
    alone = value_moves(observation, moves[2:3], samples=8, seed="s")
    assert alone.values == first.values[2:3]
    backwards = value_moves(observation, moves[::-1], samples=8, seed="s")
    assert backwards.values == first.values[::-1]
    # and the futures are the seed's: another seed gives other values
    assert value_moves(observation, moves, samples=8, seed="t").values != first.values


def test_values_never_read_the_bag():
    """Two deals that agree on everything visible at a turn value its moves alike."""
    turn = 7
    game = _game("test-valuation-2", turn)
    other = _game("test-valuation-2", turn, bag_after=2 * (turn - 1))
    assert other.remaining_bag != game.remaining_bag
    assert other.observation().to_json() == game.observation().to_json()
    moves = _some_moves(game)
    ours = value_moves(game.observation(), moves, samples=6, seed="s")
    theirs = value_moves(other.observation(), moves, samples=6, seed="s")
    assert ours == theirs


def test_values_are_final_scores_and_exact_on_the_last_turns():
    game = _game("test-valuation-3", TURNS - 1)
    moves = _some_moves(game)
    valuation = value_moves(game.observation(), moves, samples=50, seed="s")
    assert valuation.samples == (1,) * len(moves)  # later draws are never played
    for move, value in zip(moves, valuation.values, strict=True):
        # the best of the two last placements, played with the engine
        finals = []
        for last in range(2):
            after = game.copy()
            after.play(move)
            cell = after.quilt.empty_cells[0]
            after.play(Move(last, cell, None))
            finals.append(after.quilt.total())
        assert value == max(finals)
    game.play(moves[0])
    last = game.legal_moves()
    valuation = value_moves(game.observation(), last, seed="s")
    for move, value in zip(last, valuation.values, strict=True):
        after = game.copy()
        after.play(move)
        assert value == after.quilt.total()


def test_a_move_is_dropped_once_it_surely_cannot_beat_the_leader_by_the_margin():
    luck = np.random.default_rng(5).normal(0, 3, 64)  # what every move shares in a future
    wobble = np.resize([1.0, -1.0], 64)  # a move's own noise, mean 0, spread 1
    finals = np.array(
        [
            70 + luck,  # the leader
            67 + luck + 0.5 * wobble,  # 3 points behind, surely
            69.9 + luck + 4 * wobble,  # a little behind, but too noisy to tell
            69.99 + luck + 0.05 * wobble,  # a hair behind, and surely no better
        ]
    )
    assert _still_close(finals, [0, 1, 2, 3], 0.0) == [0, 2, 3]
    # with a margin, a move that surely cannot beat the leader by that much goes too
    assert _still_close(finals, [0, 1, 2, 3], 0.5) == [0, 2]
    assert _still_close(finals, [1, 3], 0.5) == [3]  # the leader of those alive stays
    # a move kept (a review's played move) stays however far behind it is
    assert _still_close(finals, [0, 1, 2, 3], 0.5, keep=(1,)) == [0, 1, 2]


def test_future_values_are_the_valuations_futures_one_by_one_and_keep_a_move_in_all():
    game = _game("test-valuation-4", 8)
    observation = game.observation()
    moves = make_player("fair", seed="s", **{**FAIR, "candidates": 10}).valuation(observation).moves
    worst = int(np.argmin(value_moves(observation, moves, samples=16, seed="s").values))
    finals, counts = future_values(
        observation, moves, samples=64, seed="s", margin=0.5, keep=(worst,)
    )
    assert counts[worst] == 64 and min(counts) < 64
    valuation = value_moves(observation, moves, samples=64, seed="s", margin=0.5)
    for i, n in enumerate(counts):  # the same futures as value_moves, as far as each went
        prefix = value_moves(observation, moves[i : i + 1], samples=n, seed="s")
        assert finals[i, :n].mean() == pytest.approx(prefix.values[0], abs=1e-9)
        if i != worst:
            assert n == valuation.samples[i]
    # kept and leading alone: it still gets every future (a review's played_value needs them)
    leader = int(np.argmax(value_moves(observation, moves, samples=16, seed="s").values))
    _, counts = future_values(
        observation, moves, samples=64, seed="s", margin=100.0, keep=(leader,)
    )
    assert counts[leader] == 64 and max(c for i, c in enumerate(counts) if i != leader) == 16


@pytest.mark.parametrize("turn", [1, 8, 15, TURNS - 1])
def test_the_futures_are_played_in_one_compiled_call_as_one_by_one(turn):
    """``future_values`` plays a block of futures of every move in one compiled call
    (``Evaluator.quick_games``); each value is the very one the quick game of that move and
    future gives when played alone through ``play_to_end`` (bit for bit: par's moves are
    the same either way)."""
    game = _game(f"test-valuation-batch-{turn}", turn)
    observation = game.observation()
    moves = _some_moves(game, 12)
    finals, counts = future_values(observation, moves, samples=20, seed="s")
    beam, afters, states = _played(observation, moves, None)
    unseen = sorted(observation.unseen().elements())
    samples = 1 if turn == TURNS - 1 else 20
    assert counts == [samples] * len(moves)
    for k in range(samples):
        bag = sampled_bag(unseen, "s", turn, k)
        play = play_to_end(beam, bag)
        for i in range(len(moves)):
            assert finals[i, k] == _play_out(beam, play, afters[i], states[i], bag, TURNS)


def test_a_margin_spends_the_futures_on_the_moves_still_close():
    game = _game("test-valuation-4", 8)
    observation = game.observation()
    moves = make_player("fair", seed="s", **{**FAIR, "candidates": 10}).valuation(observation).moves
    valuation = value_moves(observation, moves, samples=64, seed="s", margin=0.5)
    assert min(valuation.samples) < 64 and set(valuation.samples) <= {16, 32, 64}
    best = valuation.best()
    assert valuation.samples[best] == max(valuation.samples)
    # a dropped move's value is its mean over the first futures, the same for every move
    for count in set(valuation.samples) - {64}:
        prefix = value_moves(observation, moves, samples=count, seed="s")
        for i, n in enumerate(valuation.samples):
            if n == count:
                assert valuation.values[i] == pytest.approx(prefix.values[i], abs=1e-9)


@pytest.mark.parametrize("turn", [1, 9, TURNS - 1, TURNS])
def test_the_fair_players_choice_is_the_best_move_of_the_valuation(turn):
    game = _game("test-valuation-5", turn)
    observation = game.observation()
    player = make_player("fair", seed="s", **FAIR)
    valuation = player.valuation(observation)
    assert set(valuation.moves) <= set(game.legal_moves())
    assert player.choose_move(game.observation()) == valuation.moves[valuation.best()]
    # the same valuation asked directly (as the review does) agrees, and with every move on
    # every future the best is the first highest value
    playout = player.playout(observation.layout)
    assert playout.evaluator.weights == player.weights
    again = value_moves(
        observation,
        valuation.moves,
        samples=FAIR["samples"],
        seed="s",
        margin=player.margin,
        beam=playout,
    )
    assert again.values == valuation.values
    full = value_moves(
        observation, valuation.moves, samples=FAIR["samples"], seed="s", beam=playout
    )
    assert full.best() == full.values.index(max(full.values))


def test_illegal_moves_are_refused_by_name():
    observation = _game("test-valuation-6", 4).observation()
    taken = observation.quilt.placements[0][0]
    with pytest.raises(RulesError, match="not an empty patch space"):
        value_moves(observation, [Move(0, taken, 0)])
    with pytest.raises(RulesError, match="market_index"):
        value_moves(observation, [Move(0, observation.quilt.empty_cells[0], 3)])
    with pytest.raises(ValueError, match="no move"):
        value_moves(observation, [])


def test_sequential_halving_keeps_the_better_half_each_round_on_shared_futures():
    game = _game("test-valuation-halving", 5)
    observation = game.observation()
    moves = game.legal_moves()[::7][:12]
    halved = halve_moves(observation, moves, budget=240, seed="s")
    assert halved == halve_moves(observation, moves, budget=240, seed="s")  # deterministic
    # 12 moves, 4 rounds of 60 play-outs: 5, 10, 20, then 30 futures each (cumulated)
    assert sorted(halved.samples) == [5] * 6 + [15] * 3 + [35] + [65] * 2
    assert sum(halved.samples) <= 240 + len(moves)
    # every value is the mean over the first futures of value_moves: the same futures
    full = value_moves(observation, moves, samples=65, seed="s")
    for i, count in enumerate(halved.samples):
        assert halved.values[i] == pytest.approx(
            value_moves(observation, moves[i : i + 1], samples=count, seed="s").values[0]
        )
    # the winner beat the runner-up on their common futures
    first, second = halved.ranking()[:2]
    assert halved.samples[first] == halved.samples[second] == 65
    assert full.values[first] >= full.values[second]


def test_sequential_halving_on_the_last_turns_needs_one_future():
    game = _game("test-valuation-halving", TURNS - 1)
    moves = _some_moves(game)
    halved = halve_moves(game.observation(), moves, budget=1000, seed="s")
    assert halved == value_moves(game.observation(), moves, samples=1, seed="s")


def test_the_halving_option_is_part_of_the_hint_players_strength_only_when_set():
    plain = make_player("fair").strength()
    assert "halving" not in plain  # today's hints keep their position keys
    assert make_player("fair", halving=20).strength() == {**plain, "halving": 20}
    game = _game("test-valuation-halving", 9)
    player = make_player("fair", seed="p", halving=3, candidates=6)
    valuation = player.valuation(game.observation())
    assert sum(valuation.samples) <= 300 + 6 and max(valuation.samples) > 16
    assert player.choose_move(game.observation()) == valuation.moves[valuation.best()]


# The stronger judge (research/position_bank.py --judge): a small fair player plays the rest.
TINY = {"samples": 2, "candidates": 2}


def _tiny(seed: str):
    return make_player("fair", seed=seed, **TINY)


class _Recording:
    """A player that plays like ``_tiny`` and keeps what it was handed at each turn."""

    def __init__(self, seed: str, handed: list):
        self.player, self.handed = _tiny(seed), handed

    def choose_move(self, observation, game=None):
        move = self.player.choose_move(observation)
        self.handed.append((observation, game, move))
        return move


def test_continued_values_are_deterministic_and_every_move_is_valued_on_the_same_futures():
    game = _game("test-valuation-5", 15)
    observation = game.observation()
    moves = _some_moves(game, 3)
    finals = continued_values(observation, moves, samples=2, seed="s", continuation=_tiny)
    assert finals.shape == (3, 2)
    again = continued_values(observation, moves, samples=2, seed="s", continuation=_tiny)
    assert finals.tolist() == again.tolist()
    # a move valued alone, or in another order, gets the values it gets among the others
    alone = continued_values(observation, moves[1:2], samples=2, seed="s", continuation=_tiny)
    assert alone.tolist() == finals[1:2].tolist()
    backwards = continued_values(observation, moves[::-1], samples=2, seed="s", continuation=_tiny)
    assert backwards.tolist() == finals[::-1].tolist()


def test_the_continuation_sees_only_the_observations_of_its_future_game():
    game = _game("test-valuation-6", 17)
    observation = game.observation()
    moves = _some_moves(game, 2)
    handed = []
    finals = continued_values(
        observation, moves, samples=2, seed="s", continuation=lambda seed: _Recording(seed, handed)
    )
    unseen = sorted(observation.unseen().elements())
    turns_left = TURNS - observation.turn  # the continuation's turns after each move
    assert len(handed) == 2 * 2 * turns_left
    for k in range(2):  # futures are the outer loop, then the moves
        bag = sampled_bag(unseen, "s", observation.turn, k)
        for i, move in enumerate(moves):
            start = (k * 2 + i) * turns_left
            real = SoloGame.from_observation(observation, bag)  # that future, as a real game
            real.play(move)
            for seen, given_game, chosen in handed[start : start + turns_left]:
                assert given_game is None and type(seen) is Observation
                assert not hasattr(seen, "bag") and not hasattr(seen, "remaining_bag")
                assert seen.to_json() == real.observation().to_json()
                real.play(chosen)
            assert real.finished and finals[i, k] == real.quilt.total()


def test_continued_values_never_read_the_true_bag():
    turn = 16
    game = _game("test-valuation-7", turn)
    other = _game("test-valuation-7", turn, bag_after=2 * (turn - 1))
    assert other.remaining_bag != game.remaining_bag
    moves = _some_moves(game, 2)
    ours = continued_values(game.observation(), moves, samples=2, seed="s", continuation=_tiny)
    theirs = continued_values(other.observation(), moves, samples=2, seed="s", continuation=_tiny)
    assert ours.tolist() == theirs.tolist()


def test_the_quick_move_is_the_quick_games_first_move():
    game = _game("test-valuation-8", 5)
    observation = game.observation()
    beam = Beam(evaluator_for(observation.layout), QUICK)
    root = beam.root(observation.quilt, observation.hand, observation.market, observation.turn)
    bag = sampled_bag(sorted(observation.unseen().elements()), "s", observation.turn, 0)
    line = beam.run([root], bag, TURNS)[0].line()
    assert quick_move(observation) == line[0]
    game.check(line[0])
