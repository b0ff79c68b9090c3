"""Helpers shared by the solver tests. pytest puts this folder on ``sys.path`` (rootdir-less
conftest), which is how the tests import ``reference``, the independent scorer."""

import pytest

from solver.game import Layout, Quilt, parse_cell, patch_from_json

BEGINNER_GOALS = {"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}
CATS = [
    {"cat": "millie", "patterns": ["dots", "stripes"]},
    {"cat": "coconut", "patterns": ["ferns", "flowers"]},
    {"cat": "leo", "patterns": ["quatrefoil", "vines"]},
]


@pytest.fixture
def quilt_with():
    """Build a quilt: ``quilt_with([("1,1", "navy", "dots"), ...], board=..., cats=...)``."""

    def build(placements=(), board="blue", cats=None, goals=None, family=False) -> Quilt:
        layout = Layout.build(board, goals or BEGINNER_GOALS, cats or CATS, family)
        quilt = Quilt(layout)
        for cell, color, pattern in placements:
            quilt.place(parse_cell(cell), patch_from_json({"color": color, "pattern": pattern}))
        return quilt

    return build
