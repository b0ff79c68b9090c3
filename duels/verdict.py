"""Where a duel was won: plain functions over plain data (no rows, no Django).

Each player's ``expected`` is their expected final score after each turn, on the hints' and
par's one scale (``solver.search.analysis.on_expected_scale``): after turn t, the value of
the move they played (the turn's ``best_value`` less its ``loss``), and after the last turn
the score itself. Before turn 1 it is the turn-1 expectation (``expected_start``). The gap
is the first player's expectation less the second's; a turn that moved it most is a turn
where the duel opened (or closed): ``turns``, the largest moves first."""

from collections.abc import Sequence

TURNS_NAMED = 3  # the verdict names at most this many turns
MOVED_AT_LEAST = 1.0  # points: a smaller move of the gap is noise, never named


def expected_after_turns(turns: Sequence[dict], score: int) -> tuple[float, list[float]]:
    """``(expected_start, [expected final score after each turn])`` of a finished game from
    its analysis' turns on the expected scale; the last is its ``score`` exactly."""
    start = round(turns[0]["best_value"], 2)
    after = [round(turn["best_value"] - turn["loss"], 2) for turn in turns[:-1]]
    return start, [*after, float(score)]


def gap_moves(first: tuple[float, list[float]], second: tuple[float, list[float]]) -> list[dict]:
    """Each turn's ``{turn, gap, moved}``: the gap after it (first less second) and how much
    the turn moved it (positive: towards the first player)."""
    (start_a, after_a), (start_b, after_b) = first, second
    gaps = [start_a - start_b] + [a - b for a, b in zip(after_a, after_b, strict=True)]
    return [
        {"turn": t, "gap": round(gaps[t], 2), "moved": round(gaps[t] - gaps[t - 1], 2)}
        for t in range(1, len(gaps))
    ]


def turning_points(moves: Sequence[dict], limit: int = TURNS_NAMED) -> list[dict]:
    """The turns that moved the gap most (at least ``MOVED_AT_LEAST``), the largest first and
    the earlier on a tie: ``[{turn, gap, moved}]``."""
    named = [move for move in moves if abs(move["moved"]) >= MOVED_AT_LEAST]
    named.sort(key=lambda move: (-abs(move["moved"]), move["turn"]))
    return named[:limit]


def winner(first: tuple[int, int, int], second: tuple[int, int, int]) -> int | None:
    """0 or 1 by the rulebook's tiebreak (score, then cat tokens, then button tokens), None
    for a draw."""
    if first == second:
        return None
    return 0 if first > second else 1
