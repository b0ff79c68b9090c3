"""Every goal pattern, from the rulebook's table: a goal met by colours alone (or patterns
alone) scores the lower value, by both only the higher, otherwise nothing."""

import pytest

from solver.game import GOALS, goal_by_id, goal_result, make_patch

SHAPES = {  # one way of meeting each goal: a value per neighbour
    "all-different": [0, 1, 2, 3, 4, 5],
    "aa-bb-cc": [0, 0, 1, 1, 2, 2],
    "aaa-bbb": [0, 0, 0, 1, 1, 1],
    "aaa-bb-c": [0, 0, 0, 1, 1, 2],
    "aa-bb-c-d": [0, 0, 1, 1, 2, 3],
    "aaaa-bb": [0, 0, 0, 0, 1, 1],
}
MISS = [0, 0, 0, 0, 0, 1]  # 5-1 meets no goal
PRINTED = {  # id: (one attribute, both), the printed tile values (designer errata)
    "all-different": (10, 15),
    "aa-bb-cc": (7, 11),
    "aaa-bbb": (8, 13),
    "aaa-bb-c": (7, 11),
    "aa-bb-c-d": (5, 8),
    "aaaa-bb": (8, 14),
}


def patches(colors, patterns):
    return [make_patch(c, p) for c, p in zip(colors, patterns, strict=True)]


@pytest.mark.parametrize("goal", GOALS, ids=lambda g: g.id)
def test_colours_alone_patterns_alone_both_and_neither(goal):
    one, both = PRINTED[goal.id]
    shape = SHAPES[goal.id]
    assert goal_result(goal, patches(shape, MISS)) == (True, False, one)
    assert goal_result(goal, patches(MISS, shape)) == (False, True, one)
    assert goal_result(goal, patches(shape, shape[::-1])) == (True, True, both)
    assert goal_result(goal, patches(MISS, MISS)) == (False, False, 0)


@pytest.mark.parametrize("goal", GOALS, ids=lambda g: g.id)
def test_counts_are_an_exact_multiset(goal):
    for other, shape in SHAPES.items():
        if other != goal.id:
            assert goal_result(goal, patches(shape, MISS))[0] is False, other


def test_goal_on_the_quilt_scores_when_its_six_neighbours_are_filled(quilt_with):
    around = ["1,2", "1,3", "2,2", "2,4", "3,2", "3,3"]  # the neighbours of 2,3
    colors = ["navy", "teal", "green", "yellow", "purple", "pink"]
    placements = [(cell, color, "dots") for cell, color in zip(around, colors, strict=True)]
    five = quilt_with(placements[:5])
    assert five.score()["goals"][0] == {
        "cell": "2,3",
        "goal": "all-different",
        "colors": False,
        "patterns": False,
        "points": 0,
    }
    six = quilt_with(placements)
    assert six.score()["goals"][0]["points"] == 10
    assert six.score()["goal_points"] == 10


def test_unknown_goal_is_named():
    with pytest.raises(ValueError, match="unknown goal 'aaaaa'"):
        goal_by_id("aaaaa")
