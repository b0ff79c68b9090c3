"""The day's update is openskill's Plackett-Luce, called directly: the same μ and σ on random
matches with ties, and a run of days with par as a player of fixed rating."""

import random

import numpy as np
import pytest
from openskill.models import PlackettLuce

from ratings import plackett_luce
from ratings.services import PAR_MU, PAR_SIGMA, par_key, places


def library(mus, sigmas, ranks):
    model = PlackettLuce()
    teams = [[model.rating(mu=m, sigma=s)] for m, s in zip(mus, sigmas, strict=True)]
    rated = model.rate(teams, ranks=list(ranks))
    return np.array([t[0].mu for t in rated]), np.array([t[0].sigma for t in rated])


@pytest.mark.parametrize("seed", range(30))
def test_a_match_is_rated_as_the_library_rates_it(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 40)
    mus = [rng.uniform(5, 45) for _ in range(n)]
    sigmas = [rng.uniform(0.5, 9) for _ in range(n)]
    ranks = [rng.randint(1, max(1, n // 3)) for _ in range(n)]  # many ties
    found = plackett_luce.rate(np.array(mus), np.array(sigmas), np.array(ranks))
    expected = library(mus, sigmas, ranks)
    assert np.allclose(found[0], expected[0], atol=1e-9)
    assert np.allclose(found[1], expected[1], atol=1e-9)


def test_a_run_of_days_with_par_fixed_matches_the_library_day_by_day():
    """Four players over three days, par (fixed) among them: each day the library rates the
    day's field from the ratings the days before left, and par starts each day afresh."""
    days = [  # (player, score, cats, buttons), par's score
        ([(0, 70, 2, 3), (1, 65, 1, 2), (2, 65, 1, 2), (3, 50, 0, 1)], 68),
        ([(0, 60, 1, 1), (1, 75, 2, 3), (3, 75, 2, 2)], 75),
        ([(2, 80, 3, 3), (1, 40, 0, 0), (3, 62, 1, 1), (0, 62, 1, 2)], 70),
    ]
    mine = {p: (plackett_luce.MU, plackett_luce.SIGMA) for p in range(4)}
    theirs = dict(mine)
    for rows, par in days:
        keys = np.array([row[1:] for row in rows] + [par_key(par)])
        players = [row[0] for row in rows]
        mu = np.array([mine[p][0] for p in players] + [PAR_MU])
        sigma = np.array([mine[p][1] for p in players] + [PAR_SIGMA])
        new_mu, new_sigma = plackett_luce.rate(mu, sigma, places(keys))
        for i, p in enumerate(players):
            mine[p] = (new_mu[i], new_sigma[i])
        # the library, on ranks written by hand from the rulebook's order
        ranks = {0: [1, 3, 3, 5, 2], 1: [4, 1, 2, 3], 2: [1, 5, 4, 3, 2]}[days.index((rows, par))]
        lib_mu, lib_sigma = library(
            [theirs[p][0] for p in players] + [PAR_MU],
            [theirs[p][1] for p in players] + [PAR_SIGMA],
            ranks,
        )
        for i, p in enumerate(players):
            theirs[p] = (lib_mu[i], lib_sigma[i])
    for p in range(4):
        assert mine[p] == pytest.approx(theirs[p], abs=1e-9)
    assert mine[2][0] > mine[1][0]  # first and third against last and fifth


def test_places_follow_the_leaderboard_and_par_loses_a_tie_on_tokens():
    keys = np.array([(70, 2, 3), (65, 1, 2), (65, 1, 2), (65, 2, 0), (50, 0, 1)])
    assert places(keys).tolist() == [1, 3, 3, 2, 5]
    with_par = np.vstack([keys, par_key(66)])
    assert places(with_par).tolist() == [1, 4, 4, 3, 6, 2]
    with_par = np.vstack([keys, par_key(65), (65, 0, 0)])  # level on score: behind on tokens
    assert places(with_par).tolist() == [1, 3, 3, 2, 7, 5, 5]
