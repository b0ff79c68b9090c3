"""Quilt files (docs/rules.md): every bad input is refused with a message naming the problem."""

import copy

import pytest
import reference

from solver.game import RulesError, quilt_from_json, quilt_to_json, score_quilt_file

GOOD = {
    "board": "blue",
    "goals": {"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"},
    "cats": [
        {"cat": "millie", "patterns": ["dots", "stripes"]},
        {"cat": "coconut", "patterns": ["ferns", "flowers"]},
        {"cat": "leo", "patterns": ["quatrefoil", "vines"]},
    ],
    "placements": [
        {"cell": "1,1", "color": "yellow", "pattern": "stripes"},
        {"cell": "1,2", "color": "yellow", "pattern": "stripes"},
    ],
}


def with_(**changes):
    data = copy.deepcopy(GOOD)
    data.update(changes)
    return data


def placements(*cells_colors_patterns):
    return [{"cell": c, "color": col, "pattern": p} for c, col, p in cells_colors_patterns]


def test_a_good_file_scores_and_round_trips():
    score = score_quilt_file(GOOD)
    assert score["total"] == 3 + 3  # a yellow button and millie, both with 0,1
    assert reference.agrees(score, GOOD)
    again = quilt_to_json(quilt_from_json(GOOD))
    assert again == {**GOOD, "family": False}


def test_an_empty_quilt_scores_zero_and_family_is_optional():
    assert score_quilt_file(with_(placements=[]))["total"] == 0
    assert score_quilt_file(with_(family=True, goals={}))["goals"] == []


BAD = [
    ([], "a quilt file must be a JSON object"),
    (with_(board="red"), "unknown board 'red'"),
    (with_(board=None), "unknown board None"),
    (with_(goals={"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "abc"}), "unknown goal 'abc'"),
    (with_(goals={"2,3": "all-different", "3,4": "aa-bb-cc"}), "three design-goal spaces"),
    (with_(goals={"2,3": "aa-bb-cc", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}), "different goals"),
    (with_(goals={"1,1": "aa-bb-cc"}), "'1,1' is not a design"),
    (with_(goals=["all-different"]), "goals must map goal spaces"),
    (with_(cats=GOOD["cats"][:2]), "cats must list three cats"),
    (
        with_(cats=[{"cat": "garfield", "patterns": ["dots", "stripes"]}, *GOOD["cats"][1:]]),
        "unknown cat 'garfield'",
    ),
    (
        with_(cats=[{"cat": "millie", "patterns": ["dots"]}, *GOOD["cats"][1:]]),
        "patterns not split two per cat",
    ),
    (
        with_(cats=[{"cat": "millie", "patterns": ["dots", "ferns"]}, *GOOD["cats"][1:]]),
        "patterns not split two per cat",
    ),
    (
        with_(cats=[{"cat": "millie", "patterns": ["dots", "plaid"]}, *GOOD["cats"][1:]]),
        "unknown pattern 'plaid'",
    ),
    (with_(cats=[GOOD["cats"][0], GOOD["cats"][0], GOOD["cats"][2]]), "three different cats"),
    (with_(cats=["millie", "coconut", "leo"]), "a cat must be an object"),
    (with_(family="yes"), "family must be true or false"),
    (with_(placements={}), "placements must be a list"),
    (with_(placements=["1,1"]), "each placement needs cell, color and pattern"),
    (with_(placements=placements(("2,3", "navy", "dots"))), "cell '2,3' is not an empty patch"),
    (with_(placements=placements(("0,0", "navy", "dots"))), "cell '0,0' is not an empty patch"),
    (with_(placements=placements(("7,1", "navy", "dots"))), "cell '7,1' is not an empty patch"),
    (
        with_(placements=placements(("1,1", "navy", "dots"), ("1,1", "teal", "dots"))),
        "cell '1,1' is used twice",
    ),
    (
        with_(placements=placements(*[(c, "navy", "dots") for c in ("1,1", "1,2", "1,3", "1,4")])),
        "more than three copies of navy dots",
    ),
    (with_(placements=placements(("1,1", "black", "dots"))), "unknown colour 'black'"),
    (with_(placements=placements(("1,1", "navy", None))), "unknown pattern None"),
    (
        with_(placements=placements(*[(c, "navy", "dots") for c in ["1,1"] * 23])),
        "at most 22 placements",
    ),
]


@pytest.mark.parametrize(("data", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_quilt_files_are_refused_naming_the_problem(data, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        quilt_from_json(data)
