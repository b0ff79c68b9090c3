"""One scale of expected points: the final score to expect from a position, going on as par.

The valuation (``valuation.future_values``) values a move by the mean final score of quick
greedy play-outs after it in sampled futures. Par plays every later turn better than that
play-out, so the raw value under-states what a player who goes on as par does will score, and
by more the more turns are left (about 11 points at turn 1). ``calibrated`` raises it by
``EXPECTED_GAIN_PER_TURN`` a turn left, fitted on par's player (its options, goal chances set
1, which hints and the review value moves with too) by ``research.expected_score_fit
--reference``: where a player meets the scale first, par's score minus the turn-1 hint's
expectation averages zero over held-out deals. Every value the site shows as an expected final
score goes through it: a hint's ``expected_score`` (``hints.hint``) and the review's
``played_value`` and ``best_value`` (``analysis.on_expected_scale``, at the boundary where a
stored analysis is read). A difference of two values of one turn (a review's loss, its
accuracy and marks) is the same on either scale.
"""

from solver.game import TURNS

# Points a turn by which par's own final score exceeds the turn-1 hint's value (the greedy
# play-out's mean final score), per turn left: research/expected_score_fit.py --reference fits
# it on par's games of the difficulty reference (docs/solver.md, "expected_score").
EXPECTED_GAIN_PER_TURN = 0.52  # 61 deals' par games (par-reference-*), turn 1: 0.521


def calibrated(value: float, turn: int) -> float:
    """The expected final score of a player who goes on as par does, from the valuation's
    ``value`` of a move at ``turn``: exact on the last turn, more below par the more turns
    the greedy play-out plays in its place."""
    return value + EXPECTED_GAIN_PER_TURN * (TURNS - turn)
