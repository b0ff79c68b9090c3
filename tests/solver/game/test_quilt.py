"""Tokens at placement time (docs/rules.md, Rulings), on the blue board:

    row 0:  Kv Ys Tv Kf Pq Yw Gs        (border patches: colour initial, pattern initial;
    row 1:    Gw .. .. .. .. .. Nd       K = pink, w = flowers, q = quatrefoil)
    row 3:    Tf .. .. .. GG .. Yf
    row 4:  Ps .. GG .. .. .. Gq
    row 6:  Pw Tq Kw Nf Gv Kd Ts

Cats of the ``quilt_with`` fixture: millie (dots, stripes), coconut (ferns, flowers),
leo (quatrefoil, vines).
"""

import pytest
import reference

from solver.game import RulesError, parse_cell, patch_from_json, quilt_to_json

NO_BUTTON, NO_CAT = -1, None


def patch(color, pattern):
    return patch_from_json({"color": color, "pattern": pattern})


def test_border_patch_joins_a_button_group(quilt_with):
    quilt = quilt_with([("1,1", "yellow", "dots")])
    award = quilt.place(parse_cell("1,2"), patch("yellow", "ferns"))
    assert award[0] == 3  # yellow, with the printed yellow at 0,1
    assert quilt.score()["buttons"] == [{"color": "yellow", "cells": ["0,1", "1,1", "1,2"]}]


def test_border_patch_joins_a_cat_group(quilt_with):
    quilt = quilt_with([("1,1", "navy", "stripes"), ("1,2", "pink", "stripes")])
    assert quilt.score()["cats"] == [
        {"cat": "millie", "pattern": "stripes", "cells": ["0,1", "1,1", "1,2"]}
    ]
    assert quilt.score()["cat_points"] == 3


def test_extending_a_buttoned_group_earns_nothing_new(quilt_with):
    quilt = quilt_with([("1,1", "yellow", "dots"), ("1,2", "yellow", "ferns")])
    assert quilt.place(parse_cell("2,1"), patch("yellow", "vines"))[0] == NO_BUTTON
    assert len(quilt.score()["buttons"]) == 1


def test_merging_two_buttoned_groups_keeps_both_buttons(quilt_with):
    quilt = quilt_with(
        [
            # A, with 0,1
            ("1,1", "yellow", "dots"),
            ("1,2", "yellow", "ferns"),
            # B, with 3,6
            ("3,5", "yellow", "flowers"),
            ("4,5", "yellow", "stripes"),
            # A grows
            ("1,3", "yellow", "vines"),
            ("1,4", "yellow", "quatrefoil"),
        ]
    )
    assert len(quilt.buttons) == 2
    assert quilt.place(parse_cell("2,5"), patch("yellow", "dots"))[0] == NO_BUTTON  # A + B
    assert [b["cells"] for b in quilt.score()["buttons"]] == [
        ["0,1", "1,1", "1,2"],
        ["3,5", "3,6", "4,5"],
    ]
    assert quilt.score()["button_points"] == 6


def test_merging_two_scored_cat_groups_keeps_both_cats_and_earns_no_third(quilt_with):
    quilt = quilt_with(
        [
            ("1,1", "navy", "dots"),
            ("1,2", "teal", "dots"),
            ("1,3", "green", "dots"),
            # with the printed dots at 1,6
            ("1,5", "purple", "dots"),
            ("2,5", "pink", "dots"),
        ]
    )
    assert [c["cells"] for c in quilt.score()["cats"]] == [
        ["1,1", "1,2", "1,3"],
        ["1,5", "1,6", "2,5"],
    ]
    assert quilt.place(parse_cell("1,4"), patch("yellow", "dots"))[1] == NO_CAT
    assert quilt.score()["cat_points"] == 6


def test_a_cat_is_earned_when_its_group_first_meets_the_requirement(quilt_with):
    cells = ["2,1", "2,2", "3,1", "3,2", "3,3"]  # ferns, touching the printed ferns at 3,0
    quilt = quilt_with()
    awards = [quilt.place(parse_cell(c), patch("navy", "ferns"))[1] for c in cells]
    assert awards == [NO_CAT, NO_CAT, NO_CAT, "coconut", NO_CAT]  # 3,0 makes the fourth five
    assert quilt.score()["cats"][0]["cells"] == ["2,1", "2,2", "3,0", "3,1", "3,2"]


def test_each_pattern_of_a_cat_scores_its_own_groups(quilt_with):
    quilt = quilt_with(
        [
            ("1,1", "navy", "dots"),
            ("1,2", "teal", "dots"),
            ("1,3", "green", "dots"),
            ("5,3", "navy", "stripes"),
            ("5,4", "teal", "stripes"),
            ("5,5", "pink", "stripes"),
        ]
    )
    assert [(c["cat"], c["pattern"]) for c in quilt.score()["cats"]] == [
        ("millie", "dots"),
        ("millie", "stripes"),
    ]


RAINBOW = [  # a button of each colour, each with a printed patch of its colour
    ("1,1", "yellow", "dots"),
    ("1,2", "yellow", "ferns"),
    ("1,5", "navy", "flowers"),
    ("2,5", "navy", "quatrefoil"),
    ("4,1", "purple", "stripes"),
    ("5,1", "purple", "vines"),
    ("3,1", "teal", "dots"),
    ("2,1", "teal", "ferns"),
    ("5,2", "pink", "flowers"),
    ("5,3", "pink", "quatrefoil"),
    ("4,5", "green", "stripes"),
    ("4,4", "green", "vines"),
]


def test_rainbow_comes_with_the_sixth_colour_once(quilt_with):
    quilt = quilt_with(RAINBOW[:-1])
    assert not quilt.rainbow
    assert quilt.place(parse_cell("4,4"), patch("green", "vines")) == (2, NO_CAT, True)
    assert quilt.place(parse_cell("3,3"), patch("green", "dots"))[2] is False
    score = quilt.score()
    assert score["rainbow"] is True
    assert score["button_points"] == 6 * 3 + 3
    assert score["button_tokens"] == 7
    assert reference.agrees(score, quilt_to_json(quilt))


def test_family_goals_score_nothing_and_everything_else_is_unchanged(quilt_with):
    goal_ring = [
        ("1,2", "navy", "dots"),
        ("1,3", "teal", "ferns"),
        ("2,2", "green", "flowers"),
        ("2,4", "yellow", "quatrefoil"),
        ("3,2", "purple", "stripes"),
        ("3,3", "pink", "vines"),
    ]
    standard = quilt_with(RAINBOW[2:8] + goal_ring)
    family = quilt_with(RAINBOW[2:8] + goal_ring, family=True)
    assert standard.score()["goal_points"] == 15  # all-different, both attributes
    assert family.score()["goals"] == []
    assert family.total() == standard.total() - 15
    for key in ("cats", "buttons", "rainbow", "cat_points", "button_points"):
        assert family.score()[key] == standard.score()[key]


@pytest.mark.parametrize("cell", ["2,3", "0,1", "1,1"])
def test_placing_on_anything_but_an_empty_patch_space_is_refused_and_changes_nothing(
    quilt_with, cell
):
    quilt = quilt_with([("1,1", "navy", "dots")])
    before = quilt_to_json(quilt), quilt.score()
    with pytest.raises(RulesError, match=f"cell {cell} is not an empty patch space"):
        quilt.place(parse_cell(cell), patch("navy", "ferns"))
    assert (quilt_to_json(quilt), quilt.score()) == before


def test_copy_is_independent(quilt_with):
    quilt = quilt_with([("1,1", "yellow", "dots")])
    twin = quilt.copy()
    twin.place(parse_cell("1,2"), patch("yellow", "ferns"))
    assert (len(quilt.placements), quilt.total()) == (1, 0)
    assert (len(twin.placements), twin.total()) == (2, 3)
