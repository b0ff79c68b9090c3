"""The day's final quilts as one picture: each cell a hex in the colour most often sewn there,
as strong as the share of quilts that had that patch (the story's ``heat``). Drawn on the
server as SVG, in the board page's geometry (pointy-top hexes, odd rows shifted right)."""

import math

from django.utils.translation import gettext as _

from puzzles import words
from puzzles.share.card import GOAL_SPACE, PATCH_RGB
from solver.game import COLORS, GOAL_CELLS, cell_name, parse_cell

R = 20  # centre to corner
W = math.sqrt(3) * R
SIZE = 7
_hex = "#{:02x}{:02x}{:02x}".format
FILL = {color: _hex(*rgb) for color, rgb in zip(COLORS, PATCH_RGB, strict=True)}


def cell_words(name: str) -> str:
    """``"r,c"`` as a player reads it: row and place counted from 1."""
    row, col = divmod(parse_cell(name), SIZE)
    return _("row %(row)s, place %(place)s") % {"row": row + 1, "place": col + 1}


def _points(row: int, col: int) -> str:
    cx = W * (col + (0.5 if row % 2 else 0)) + W / 2
    cy = 1.5 * R * row + R
    corners = (math.radians(60 * i - 90) for i in range(6))
    return " ".join(f"{cx + R * math.cos(a):.1f},{cy + R * math.sin(a):.1f}" for a in corners)


def heat_map(heat: dict) -> dict:
    """``{width, height, cells: [{points, fill, opacity, label}]}`` for the template."""
    cells = [
        {
            "points": _points(*divmod(cell, SIZE)),
            "fill": _hex(*GOAL_SPACE),
            "opacity": "1",
            "goal": True,
            "label": _("%(where)s: a design goal") % {"where": cell_words(cell_name(cell))},
        }
        for cell in GOAL_CELLS
    ]
    for name, top in sorted(heat.items()):
        row, col = divmod(parse_cell(name), SIZE)
        share = top["share"]
        label = _("%(where)s: %(patch)s in %(share)s%% of quilts") % {
            "where": cell_words(name),
            "patch": words.patch(top["color"], top["pattern"]),
            "share": round(share * 100),
        }
        cells.append(
            {
                "points": _points(row, col),
                "fill": FILL[top["color"]],
                "opacity": f"{0.25 + 0.75 * share:.2f}",
                "label": label,
            }
        )
    return {
        "width": f"{W * (SIZE + 0.5):.1f}",
        "height": f"{1.5 * R * (SIZE - 1) + 2 * R:.1f}",
        "cells": cells,
    }
