"""Quilt files (docs/rules.md, "Quilt files"): JSON in and out, with validation."""

from collections import Counter

from .errors import RulesError
from .hexgrid import PATCH_CELLS, cell_name, parse_cell
from .patches import patch_from_json, patch_name, patch_to_json
from .quilt import Layout, Quilt

MAX_COPIES = 3


def quilt_from_json(data) -> Quilt:
    """Build a quilt by replaying a quilt file's placements in order (tokens included)."""
    if not isinstance(data, dict):
        raise RulesError("a quilt file must be a JSON object")
    family = data.get("family", False)
    if not isinstance(family, bool):
        raise RulesError("family must be true or false")
    layout = Layout.build(data.get("board"), data.get("goals", {}), data.get("cats"), family)
    placements = data.get("placements", [])
    if not isinstance(placements, list) or len(placements) > 22:
        raise RulesError("placements must be a list of at most 22 placements")
    quilt = Quilt(layout)
    copies: Counter = Counter()
    for placement in placements:
        if not isinstance(placement, dict):
            raise RulesError("each placement needs cell, color and pattern")
        name = placement.get("cell")
        cell = parse_cell(name)
        patch = patch_from_json(placement)
        if cell is None or cell not in PATCH_CELLS:
            raise RulesError(f"cell {name!r} is not an empty patch space")
        if not quilt.empty_mask >> cell & 1:
            raise RulesError(f"cell {name!r} is used twice")
        copies[patch] += 1
        if copies[patch] > MAX_COPIES:
            raise RulesError(f"more than three copies of {patch_name(patch)}")
        quilt.place(cell, patch)
    return quilt


def quilt_to_json(quilt: Quilt) -> dict:
    return {
        **quilt.layout.to_json(),
        "placements": [
            {"cell": cell_name(cell), **patch_to_json(patch)} for cell, patch in quilt.placements
        ],
    }


def score_quilt_file(data) -> dict:
    return quilt_from_json(data).score()
