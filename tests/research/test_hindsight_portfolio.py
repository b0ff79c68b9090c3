"""research/hindsight_portfolio.py: each arm computed from the one pass of searches is the game
the player itself plays (today's, a portfolio, a polish), with its statistics."""

import pytest

from research import hindsight_portfolio
from solver.game import deal
from solver.search import make_player, play_game
from solver.search.evaluation import DEFAULT_WEIGHTS, PLAYOUT_WEIGHTS
from solver.search.players import PORTFOLIOS, Portfolio

P, D = PLAYOUT_WEIGHTS, DEFAULT_WEIGHTS
# the pass and a portfolio at widths small enough for a test; "P120" is today's player's
SMALL = {"P120": (P, 6, 2), "P30": (P, 2, 1), "D30": (D, 2, 1), "D120": (D, 6, 2)}


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(hindsight_portfolio, "SEARCHES", SMALL)
    monkeypatch.setattr(hindsight_portfolio, "POLISHES", (4,))
    monkeypatch.setitem(PORTFOLIOS, 98, Portfolio((P, D), ((0, 2, 1, None), (5, 6, 2, None))))
    monkeypatch.setitem(PORTFOLIOS, 97, Portfolio((P,), ((0, 2, 1, None), (3, 6, 2, None))))
    # only the small portfolios: the real ones need the real widths
    for number in [n for n in PORTFOLIOS if n not in (97, 98)]:
        monkeypatch.delitem(PORTFOLIOS, number)


def _score(seed, **options) -> float:
    return play_game(deal(seed), make_player("hindsight", seed=seed, **options)).score["total"]


def test_each_arm_is_the_players_own_game(small):
    seed = "test-hindsight-portfolio-1"
    row = hindsight_portfolio.seed_row(seed)
    assert hindsight_portfolio.today(row)[0] == _score(seed, kept=2, piloted=6)
    assert hindsight_portfolio.portfolio(row, 98)[0] == _score(seed, portfolio=98)
    assert hindsight_portfolio.portfolio(row, 97)[0] == _score(seed, portfolio=97)
    assert hindsight_portfolio.polish(row, 4)[0] == _score(seed, kept=2, piloted=6, polish=4)
    cpu = row["order_cpu"] + sum(c for _, c in row["P120"])
    assert hindsight_portfolio.today(row)[1] == pytest.approx(cpu)


def test_the_report_pairs_every_arm_with_todays(small):
    rows = [hindsight_portfolio.seed_row(f"test-hindsight-portfolio-{k}") for k in (2, 3)]
    table = {line["arm"]: line for line in hindsight_portfolio.report(rows)}
    assert set(table) == {
        "today",
        "portfolio 97",
        "portfolio 98",
        "today + polish 4",
        "today + DEFAULT_WEIGHTS on 12",
    }
    assert table["today"]["difference"]["mean"] == 0 and table["today"]["pairs"] == 2
    polish = table["today + polish 4"]
    assert polish["difference"]["mean"] >= 0  # the polish keeps the better game
    assert polish["cpu"] > table["today"]["cpu"]


def test_a_lean_row_holds_a_last_round_with_the_other_weight_set(small, monkeypatch):
    # as portfolio 4 at small widths: the best 12 of 24 cheaply, their best 4 with D
    other = Portfolio((P,), ((0, 2, 1, None), (12, 6, 2, None), (4, 6, 2, D)))
    monkeypatch.setitem(PORTFOLIOS, 96, other)
    seed = "test-hindsight-portfolio-4"
    row = hindsight_portfolio.seed_row(seed, lean=True)
    assert "D30" not in row and len(row["D120"]) == 4
    assert hindsight_portfolio.portfolio(row, 96)[0] == _score(seed, portfolio=96)
    assert hindsight_portfolio.today(row)[0] == _score(seed, kept=2, piloted=6)
    assert all(line["arm"] != "portfolio 98" for line in hindsight_portfolio.report([row, row]))
    # (portfolio 98 needs D30)
