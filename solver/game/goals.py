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


@dataclass(frozen=True)
class AttributeProgress:
    """How a goal's six neighbours stand for one attribute (colours, or patterns)."""

    counts: tuple[int, ...]  # the filled neighbours' count shape so far, as ``count_shape``
    possible: bool  # some filling of the empty neighbours meets the goal's counts
    met: bool  # all six are filled and they meet it


@dataclass(frozen=True)
class GoalProgress:
    filled: int  # neighbours filled, 0..6
    colors: AttributeProgress
    patterns: AttributeProgress


def _can_still_meet(counts: tuple[int, ...], goal_counts: tuple[int, ...]) -> bool:
    """Whether the empty neighbours can be filled so that the values' counts become exactly
    ``goal_counts``. Each value present must end as one of the goal's parts, at least as big
    as its count so far, each part taken once; the parts left over go to values not yet
    present (there are six values, and a goal has at most six parts, so there are always
    enough) and the empty neighbours number exactly what the parts still need (both sum to
    six). Matching the largest counts to the largest parts finds such an assignment when
    there is one."""
    if len(counts) > len(goal_counts):
        return False
    return all(have <= part for have, part in zip(counts, goal_counts, strict=False))


def _attribute(goal: Goal, values: list[int], filled: int) -> AttributeProgress:
    counts = count_shape(values)
    possible = _can_still_meet(counts, goal.counts)
    return AttributeProgress(counts, possible, possible and filled == 6)


def goal_progress(goal: Goal, neighbours: Sequence[Patch | None]) -> GoalProgress:
    """How a goal's six neighbours stand: the count shapes of the filled ones' colours and
    patterns, and whether each attribute can still meet the goal for some filling of the
    empty ones (``EMPTY`` or None). A filling may use any patch: colours and patterns are
    chosen independently (every colour comes in every pattern), so "both can still be met"
    is colours and patterns each still possible. The bag's supply is not considered: a
    player cannot see it."""
    if len(neighbours) != 6:
        raise RulesError(f"a goal has six neighbours, not {len(neighbours)}")
    placed = [p for p in neighbours if p is not None and p >= 0]
    filled = len(placed)
    return GoalProgress(
        filled,
        _attribute(goal, [p // 6 for p in placed], filled),
        _attribute(goal, [p % 6 for p in placed], filled),
    )


def goal_points_possible(goal: Goal, progress: GoalProgress) -> int:
    """The most a goal can still score from its progress: ``both``, ``one`` or 0."""
    colors, patterns = progress.colors.possible, progress.patterns.possible
    return goal.both if colors and patterns else goal.one if colors or patterns else 0
