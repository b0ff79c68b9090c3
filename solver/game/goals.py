"""The six design goals. A goal tests the colours and the patterns of its six neighbours
as two separate, complete tests; each test compares an exact multiset of counts."""

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RulesError
from .patches import Patch


@dataclass(frozen=True)
class Goal:
    id: str
    notation: str
    counts: tuple[int, ...]  # sorted descending: the multiset the six neighbours must form
    one: int  # points when colours or patterns meet the counts
    both: int  # points when both do (instead of ``one``, never added to it)
    label: str  # how the pages name it
    symbol: str  # what the pages print on its goal space (the tile's own marking)


GOALS = (
    Goal("all-different", "A-B-C-D-E-F", (1, 1, 1, 1, 1, 1), 10, 15, "All different", "≠"),
    Goal("aa-bb-cc", "AA-BB-CC", (2, 2, 2), 7, 11, "AA-BB-CC", "AA·BB·CC"),
    Goal("aaa-bbb", "AAA-BBB", (3, 3), 8, 13, "AAA-BBB", "AAA·BBB"),
    Goal("aaa-bb-c", "AAA-BB-C", (3, 2, 1), 7, 11, "AAA-BB-C", "AAA·BB·C"),
    Goal("aa-bb-c-d", "AA-BB-C-D", (2, 2, 1, 1), 5, 8, "AA-BB-C-D", "AA·BB·C·D"),
    Goal("aaaa-bb", "AAAA-BB", (4, 2), 8, 14, "AAAA-BB", "AAAA·BB"),
)
GOAL_BY_ID = {goal.id: goal for goal in GOALS}
GOAL_IDS = tuple(GOAL_BY_ID)


def goal_by_id(goal_id) -> Goal:
    try:
        return GOAL_BY_ID[goal_id]
    except (KeyError, TypeError):
        raise RulesError(f"unknown goal {goal_id!r}") from None


def count_shape(values) -> tuple[int, ...]:
    """The multiset of counts of six values, sorted descending: (2, 2, 1, 1) for a a b b c d."""
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return tuple(sorted(counts.values(), reverse=True))


def goal_result(goal: Goal, neighbours: Sequence[Patch]) -> tuple[bool, bool, int]:
    """(colours met, patterns met, points) for six filled neighbour patches."""
    colors = count_shape(p // 6 for p in neighbours) == goal.counts
    patterns = count_shape(p % 6 for p in neighbours) == goal.counts
    points = goal.both if colors and patterns else goal.one if colors or patterns else 0
    return colors, patterns, points
