"""The protocol's statistics (research/protocol_stats.py) on synthetic paired differences whose
true mean is known: the sequential test stops the right way (about as often as its error
rates promise), never before σ is known nor between looks, and the interval covers."""

import numpy as np
import pytest

from research.protocol_stats import (
    Hypotheses,
    bounds,
    llr,
    paired_interval,
    sprt,
    t_quantile,
)

SIGMA = 11.0  # a fair game's paired spread (issue 25)
RUNS = 200


def _verdicts(delta: float, hypotheses: Hypotheses, seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [sprt(rng.normal(delta, SIGMA, 4000), hypotheses) for _ in range(RUNS)]


@pytest.mark.parametrize(
    ("delta", "expected"), [(0.0, "H0"), (1.5, "H1"), (-1.5, "H0"), (3.0, "H1")]
)
def test_the_test_stops_the_right_way_as_often_as_its_error_rates_promise(delta, expected):
    verdicts = _verdicts(delta, Hypotheses.gain(1.5), seed=int(delta * 10) + 70)
    assert all(v.decision != "continue" for v in verdicts)  # 4,000 pairs are always enough
    right = sum(v.decision == expected for v in verdicts)
    # α = β = 0.05 at the hypotheses themselves; beyond them it errs less still. 0.88 leaves
    # room for the sampling error of 200 runs (binomial SD 1.5%) and for σ being estimated
    assert right >= 0.88 * RUNS, (delta, right)


def test_non_inferiority_accepts_an_arm_no_worse_and_refuses_one_worse_by_the_margin():
    same = _verdicts(0.0, Hypotheses.non_inferiority(1.5), seed=3)
    worse = _verdicts(-1.5, Hypotheses.non_inferiority(1.5), seed=4)
    assert sum(v.decision == "H1" for v in same) >= 0.88 * RUNS
    assert sum(v.decision == "H0" for v in worse) >= 0.88 * RUNS


def test_no_decision_before_sigma_is_known_and_only_at_the_looks():
    huge = np.full(59, 50.0)  # a huge gain, but σ needs 60 pairs
    assert sprt(huge, Hypotheses.gain()).decision == "continue"
    rng = np.random.default_rng(11)
    for _ in range(50):
        verdict = sprt(rng.normal(0.7, SIGMA, 1000), Hypotheses.gain())
        assert verdict.pairs >= 60 and (verdict.pairs - 60) % 20 == 0


def test_a_decision_does_not_change_when_more_pairs_come_in():
    rng = np.random.default_rng(5)
    d = rng.normal(1.5, SIGMA, 3000)
    first = sprt(d[:1000], Hypotheses.gain())
    assert first.decision != "continue"
    assert sprt(d, Hypotheses.gain()) == first


def test_the_llr_is_the_normal_likelihood_ratio():
    d = np.array([1.0, -2.0, 4.0, 0.5])
    sigma = 3.0

    def loglik(mean):
        return float(np.sum(-((d - mean) ** 2) / (2 * sigma**2)))

    expected = loglik(1.5) - loglik(0.0)
    assert llr(d, sigma, Hypotheses.gain(1.5)) == pytest.approx(expected)
    assert bounds() == pytest.approx((-2.944, 2.944), abs=1e-3)


def test_t_quantiles_match_the_tables():
    # Student's t, two-sided 95%: standard tables
    for df, exact in [(5, 2.5706), (10, 2.2281), (30, 2.0423), (199, 1.9720)]:
        assert t_quantile(0.975, df) == pytest.approx(exact, abs=2e-3)


@pytest.mark.parametrize("pairs", [10, 200])
def test_the_95_percent_interval_covers_the_true_mean_about_95_times_in_100(pairs):
    rng = np.random.default_rng(pairs)
    covered = 0
    for _ in range(2000):
        interval = paired_interval(rng.normal(1.0, SIGMA, pairs))
        covered += interval.low <= 1.0 <= interval.high
    # 2,000 intervals: binomial SD of the coverage 0.5%
    assert 0.935 <= covered / 2000 <= 0.965, covered


def test_an_interval_needs_two_pairs():
    with pytest.raises(ValueError, match="two pairs"):
        paired_interval([1.0])
