"""How a goal's neighbours stand during play: the count shapes so far, and whether colours
and patterns can still meet the goal. "Can still be met" is held against brute force: some
filling of the empty neighbours meets it."""

from itertools import product

import pytest
import reference  # tests/solver/: the independent scorer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.game import (
    CAT_BY_ID,
    EMPTY,
    GOAL_BY_ID,
    GOALS,
    NEIGHBOURS,
    PATCH_CELLS,
    PATTERNS,
    RulesError,
    cell_name,
    goal_points_possible,
    goal_progress,
    goal_result,
    make_patch,
)
from solver.game.goals import count_shape

UNTIMED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
goals = st.sampled_from(GOALS)


def around(colors, patterns):
    """Six neighbours: a patch where both are given, else EMPTY."""
    return [EMPTY if c is None else make_patch(c, p) for c, p in zip(colors, patterns, strict=True)]


def test_an_empty_neighbourhood_can_meet_every_goal():
    for goal in GOALS:
        progress = goal_progress(goal, [EMPTY] * 6)
        assert progress.filled == 0
        assert progress.colors.counts == () and progress.colors.possible
        assert progress.patterns.possible and not progress.patterns.met
        assert goal_points_possible(goal, progress) == goal.both


def test_two_pairs_and_two_singles_so_far():
    goal = GOAL_BY_ID["aa-bb-c-d"]
    # navy, navy, teal, green so far; patterns all dots: colours fine, patterns lost (4 dots).
    n = [0, 0, 1, 2, None, None]
    progress = goal_progress(goal, around(n, [0, 0, 0, 0, None, None]))
    assert progress.filled == 4
    assert progress.colors.counts == (2, 1, 1) and progress.colors.possible
    assert progress.patterns.counts == (4,) and not progress.patterns.possible
    assert goal_points_possible(goal, progress) == goal.one


def test_a_fifth_colour_rules_out_a_four_part_goal():
    goal = GOAL_BY_ID["aa-bb-c-d"]
    progress = goal_progress(goal, around([0, 1, 2, 3, 4, None], [0, 0, 1, 1, 2, None]))
    assert not progress.colors.possible  # five colours, four parts
    assert progress.patterns.possible  # two pairs and a single: a fourth pattern completes it


def test_a_full_neighbourhood_is_met_exactly_as_scored():
    goal = GOAL_BY_ID["aaa-bbb"]
    six = around([0, 0, 0, 1, 1, 1], [0, 1, 2, 3, 4, 5])
    progress = goal_progress(goal, six)
    assert (progress.colors.met, progress.patterns.met) == goal_result(goal, six)[:2]
    assert progress.colors.met and not progress.patterns.possible


def test_none_is_an_empty_neighbour_and_six_are_required():
    goal = GOAL_BY_ID["all-different"]
    assert goal_progress(goal, [None] * 6) == goal_progress(goal, [EMPTY] * 6)
    with pytest.raises(RulesError, match="six neighbours, not 5"):
        goal_progress(goal, [EMPTY] * 5)


def test_the_quilt_reports_each_goal_s_progress(quilt_with):
    quilt = quilt_with([("1,2", "navy", "dots"), ("1,3", "navy", "ferns")])
    by_cell = {cell_name(cell): (goal, progress) for cell, goal, progress in quilt.goal_progress()}
    assert set(by_cell) == {"2,3", "3,4", "4,2"}
    goal, progress = by_cell["2,3"]  # 1,2 and 1,3 are its neighbours
    assert goal.id == "all-different"
    assert progress.filled == 2
    assert not progress.colors.possible and progress.patterns.possible


# A neighbourhood: each neighbour empty or a patch (colour, pattern), at most ``empties``
# left empty so that brute force over the fillings stays small.
def neighbourhoods(max_empty):
    cells = st.lists(
        st.one_of(st.none(), st.tuples(st.integers(0, 5), st.integers(0, 5))),
        min_size=6,
        max_size=6,
    )
    return cells.filter(lambda n: sum(c is None for c in n) <= max_empty)


def as_patches(cells):
    return [EMPTY if c is None else make_patch(*c) for c in cells]


def reachable(values, empties, goal):
    """Brute force: some filling of the empty neighbours gives exactly the goal's counts."""
    return any(
        count_shape([*values, *fill]) == goal.counts for fill in product(range(6), repeat=empties)
    )


@UNTIMED
@given(goals, neighbourhoods(max_empty=5))
def test_can_still_be_met_iff_some_filling_meets_it(goal, cells):
    progress = goal_progress(goal, as_patches(cells))
    placed = [c for c in cells if c is not None]
    empties = 6 - len(placed)
    assert progress.filled == len(placed)
    assert progress.colors.counts == count_shape(c for c, _ in placed)
    assert progress.colors.possible == reachable([c for c, _ in placed], empties, goal)
    assert progress.patterns.possible == reachable([p for _, p in placed], empties, goal)


@UNTIMED
@given(goals, neighbourhoods(max_empty=2))
def test_both_still_possible_iff_some_filling_of_patches_meets_both(goal, cells):
    # Patches, not colours and patterns apart: colours and patterns can be had together.
    progress = goal_progress(goal, as_patches(cells))
    patches = as_patches(cells)
    holes = [i for i, p in enumerate(patches) if p == EMPTY]
    best = 0
    for fill in product(range(36), repeat=len(holes)):
        filled = list(patches)
        for i, patch in zip(holes, fill, strict=True):
            filled[i] = patch
        best = max(best, goal_result(goal, filled)[2])
    assert goal_points_possible(goal, progress) == best
    if not holes:
        met = goal_result(goal, patches)
        assert (progress.colors.met, progress.patterns.met) == met[:2]


def largest_group(quilt, patterns, taken):
    """Flood fill over the quilt's cells: the largest same-pattern group outside ``taken``."""
    best, seen = 0, set()
    for start in range(49):
        patch = quilt.cells[start]
        if patch == EMPTY or patch % 6 not in patterns or start in seen or start in taken:
            continue
        group, stack = {start}, [start]
        while stack:
            for n in NEIGHBOURS[stack.pop()]:
                p = quilt.cells[n]
                if n not in group and n not in taken and p != EMPTY and p % 6 == patch % 6:
                    group.add(n)
                    stack.append(n)
        seen |= group
        best = max(best, len(group))
    return best


def shape_placements(kind: str, size: int) -> list[set[int]]:
    """Every placement of a shape cat's shape on the 7x7 grid, built from the reference
    scorer's own geometry (walks and shared neighbours), not the engine's rotations."""
    found = []
    cells = [f"{r},{c}" for r in range(7) for c in range(7)]
    if kind == "line":
        for start in cells:
            for direction in reference.LINE_DIRECTIONS:
                line = [start]
                while len(line) < size and line[-1] is not None:
                    line.append(reference.step(line[-1], direction))
                if None not in line:
                    found.append(set(line))
    elif kind == "triangle":
        for a in cells:
            for b in reference.neighbours(a):
                for c in reference.neighbours(a) & reference.neighbours(b):
                    found.append({a, b, c})
    else:  # two above three: a line of three and two cells each touching two of it
        for a in cells:
            for direction in range(6):
                b = reference.step(a, direction)
                c = b and reference.step(b, direction)
                if c is None:
                    continue
                for d in reference.neighbours(a) & reference.neighbours(b):
                    for e in reference.neighbours(b) & reference.neighbours(c):
                        if e in reference.neighbours(d):
                            found.append({a, b, c, d, e})
    as_index = lambda name: int(name.split(",")[0]) * 7 + int(name.split(",")[1])  # noqa: E731
    return [{as_index(cell) for cell in placement} for placement in found]


def shape_made(quilt, patterns, taken, kind, size):
    """The most cells of one placement already filled by one free pattern of the cat, among
    the placements lying wholly on those cells and empty patch spaces."""
    best = 0
    for pattern in patterns:
        free = {c for c in range(49) if quilt.cells[c] != EMPTY and quilt.cells[c] % 6 == pattern}
        free -= taken
        room = free | {c for c in PATCH_CELLS if quilt.cells[c] == EMPTY}
        for placement in shape_placements(kind, size):
            if placement <= room:
                best = max(best, len(placement & free))
    return best


SHAPE_CATS = [
    {"cat": "rumi", "patterns": ["dots", "stripes"]},
    {"cat": "callie", "patterns": ["ferns", "flowers"]},
    {"cat": "almond", "patterns": ["quatrefoil", "vines"]},
]


@settings(deadline=None, suppress_health_check=list(HealthCheck))  # quilt_with only builds
@given(
    st.lists(st.tuples(st.sampled_from(PATCH_CELLS), st.integers(0, 35)), max_size=22),
    st.sampled_from([None, SHAPE_CATS]),
)
def test_a_cat_s_progress_and_what_it_needs(quilt_with, placements, cats):
    quilt = quilt_with(cats=cats)
    for cell, patch in placements:
        if quilt.cells[cell] == EMPTY:
            quilt.place(cell, patch)
    taken = {c for _, _, group in quilt.cat_tokens for c in range(49) if group >> c & 1}
    for (cat_id, made, needed), (layout_cat, names) in zip(
        quilt.cat_progress(), quilt.layout.cats, strict=True
    ):
        assert cat_id == layout_cat and needed == CAT_BY_ID[cat_id].size
        patterns = {PATTERNS.index(n) for n in names}
        _, kind, size = reference.CAT_TABLE[cat_id]
        if kind == "group":
            assert made == largest_group(quilt, patterns, taken)
        else:
            assert made == shape_made(quilt, patterns, taken, kind, size) < size
    colours = {color for color, _ in quilt.buttons}
    assert quilt.button_colors_count() == len(colours)


def test_a_triangle_under_a_line_cat_is_two_of_three(quilt_with):
    # Three touching stripes patches in a triangle: the size is right, the shape is not.
    quilt = quilt_with(
        [("2,2", "navy", "stripes"), ("3,2", "teal", "stripes"), ("3,3", "pink", "stripes")],
        cats=SHAPE_CATS,
    )
    assert quilt.cat_tokens == []
    assert ("rumi", 2, 3) in quilt.cat_progress()
