"""The engine's constants for the pages' scripts, as JSON in the page (``json_script``): the
goal spaces, the patch spaces and the number of turns come from ``solver.game``, never
retyped in JavaScript (static/puzzles/js/engine.js reads them)."""

from django import template
from django.utils.html import json_script

from solver.game import GOAL_CELLS, PATCH_CELLS, TURNS, cell_name

register = template.Library()

ENGINE = {
    "goal_cells": [cell_name(cell) for cell in GOAL_CELLS],
    "patch_cells": [cell_name(cell) for cell in PATCH_CELLS],
    "turns": TURNS,
}


@register.simple_tag
def engine_json():
    return json_script(ENGINE, "calico-engine")
