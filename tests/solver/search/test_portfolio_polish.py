"""Hindsight's portfolio (sequential halving over arrangement x weight set) and polish (the
last turns searched again): legal, deterministic games, the best game of every search it
made, and off by default."""

import pytest

from solver.game import TURNS, Move, Quilt, SoloGame, deal
from solver.search import make_player, play_game
from solver.search.beam import SearchOptions
from solver.search.evaluation import DEFAULT_WEIGHTS, PLAYOUT_WEIGHTS
from solver.search.fastcore import evaluator_for
from solver.search.goal_choice import choose_arrangement
from solver.search.players import PORTFOLIOS, Portfolio

# a portfolio small enough for a test: 3 arrangements x 2 weight sets cheaply, the best 2 wider
TINY = Portfolio((PLAYOUT_WEIGHTS, DEFAULT_WEIGHTS), ((0, 2, 1, None), (2, 4, 2, None)))


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setitem(PORTFOLIOS, 99, TINY)
    return {"arrangements": 3, "portfolio": 99}


def _replayed(d, record) -> SoloGame:
    game = SoloGame.start(d, record.goals)
    for entry in record.moves:
        game.play(Move.from_json(entry))
    return game


def test_the_portfolio_plays_a_legal_deterministic_game(tiny):
    d = deal("test-portfolio-1")
    first = play_game(d, make_player("hindsight", seed="s", **tiny))
    second = play_game(d, make_player("hindsight", seed="s", **tiny))
    assert first.moves == second.moves and first.goals == second.goals
    assert len(first.moves) == TURNS
    assert _replayed(d, first).quilt.total() == first.score["total"]


def test_the_portfolio_keeps_the_best_game_of_every_search_it_made(tiny):
    d = deal("test-portfolio-2")
    player = make_player("hindsight", seed="s", **tiny)
    record = play_game(d, player)
    order = choose_arrangement(d.setup, [d], player.evaluator, keep=3)

    def searched(goals, weights, piloted, kept):
        layout = d.setup.layout(goals)
        options = SearchOptions(width=piloted, breadth=max(kept, piloted // 3))
        evaluator = evaluator_for(layout, weights)
        return player.search(
            layout,
            Quilt(layout),
            d.hand,
            d.market,
            d.bag,
            1,
            evaluator=evaluator,
            options=options,
            kept=kept,
        ).value

    first = [
        (searched(g, w, 2, 1), -k, g, w)
        for k, (g, w) in enumerate((g, w) for g in order for w in TINY.configurations)
    ]
    first.sort(key=lambda item: item[:2], reverse=True)
    second = [searched(g, w, 4, 2) for _, _, g, w in first[:2]]
    assert record.score["total"] == max([value for value, *_ in first] + second)


def test_an_unknown_portfolio_is_refused():
    with pytest.raises(ValueError, match="portfolio must be one of"):
        make_player("hindsight", portfolio=999)


def test_off_by_default_the_player_is_todays():
    assert make_player("hindsight").portfolio is None
    assert make_player("hindsight").polish is None


def test_polish_keeps_the_better_game():
    d = deal("test-portfolio-3")
    options = {"kept": 1, "piloted": 2, "arrangements": 2}
    plain = play_game(d, make_player("hindsight", seed="s", **options))
    polished = play_game(d, make_player("hindsight", seed="s", polish=3, **options))
    assert polished.score["total"] >= plain.score["total"]
    assert _replayed(d, polished).quilt.total() == polished.score["total"]
    # the first turns are those of the game it polished
    assert polished.moves[: TURNS - 3] == plain.moves[: TURNS - 3]
