"""The difficulty reference's statistics on synthetic par games whose true spread is known:
the within-deal and between-deal spreads are recovered, and the corrected means spread as the
true means do (wider raw, narrower plainly shrunk); the command refuses bad input."""

import random
import statistics

import pytest

from research.par_reference import main, reference


def _games(deals: int, tau: float, sigma: float, every: int, seed: int = 7) -> list[dict]:
    """Par games of ``deals`` deals: true means N(75, tau), games N(mean, sigma); two games on
    every ``every``-th deal, one on the others."""
    rng = random.Random(seed)
    rows = []
    for n in range(1, deals + 1):
        mean = rng.gauss(75, tau)
        for k in range(2 if n % every == 0 else 1):
            rows.append({"seed": f"d{n}", "k": k, "final": rng.gauss(mean, sigma), "cpu": 1.0})
    return rows


def test_the_corrected_means_spread_as_the_true_means_do():
    tau, sigma = 6.0, 8.0
    table = reference(_games(4000, tau, sigma, every=2))
    assert table["deals"] == 4000 and table["games"] == 6000
    assert table["within_sd"] == pytest.approx(sigma, rel=0.05)
    assert table["between_sd"] == pytest.approx(tau, rel=0.08)
    assert statistics.stdev(table["means"]) == pytest.approx(tau, rel=0.08)
    assert table["means"] == sorted(table["means"])
    assert table["grand_mean"] == pytest.approx(75, abs=0.5)


def test_the_table_needs_deals_with_several_games():
    with pytest.raises(ValueError, match="several games"):
        reference(_games(50, 6.0, 8.0, every=1000))


def test_bad_input_exits_2_with_one_line(capsys):
    for argv in (["play", "--part", "3/2"], ["play", "--games", "0"], ["play", "--part", "x"]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
        assert "error: --" in capsys.readouterr().err.strip().splitlines()[-1]
