"""A daily's par is the mean of the fair player's games (``solver.search.par``), game ``k``
with the sampling salt ``SEED/par/k``: each game is deterministic given the seed (the site's
workers and ``python -m solver par`` play the same games), and different salts are different
samples. No score is compared with a fixed number: one game's score is noisy (SD 4-11 on
one deal, docs/solver.md)."""

from solver.game import deal
from solver.search.par import play_par_game, salt, summary

SMALL = {"playout_width": 1, "samples": 2, "candidates": 4}


def test_each_par_game_is_deterministic_given_the_seed_and_its_salt():
    dealt = deal("2026-12-02")
    first, again = (play_par_game(dealt, 0, SMALL) for _ in range(2))
    assert (first.moves, first.goals) == (again.moves, again.goals)
    other = play_par_game(dealt, 1, SMALL)
    assert other.moves != first.moves  # another salt, another sample of futures
    assert salt("2026-12-02", 1) == "2026-12-02/par/1"


def test_par_figures_from_the_games_scores():
    figures = summary([67, 57, 93, 59, 73, 68, 69, 54])
    assert figures == {"score": 68, "mean": 67.5, "se": 4.3, "low": 54, "high": 93, "nearest": 0}
    assert summary([70])["se"] is None and summary([])["mean"] is None
    assert summary([60, 61])["score"] == 61  # 60.5 rounds up, as people round
