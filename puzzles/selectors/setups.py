"""Printed parts of a setup the browser draws: the board's border patches, the goal tiles."""

from functools import lru_cache

from solver.game import GOALS, Layout, Setup, cell_name, patch_to_json

from .. import words
from ..shapes import GoalOut, PatchOut


@lru_cache(maxsize=64)
def border_json(setup: Setup) -> dict[str, PatchOut]:
    """Made once per setup: every answer about a game or its day shows it (shared: never
    change it)."""
    # A family layout needs no goals: the border is all we read from it.
    layout = Layout.build(setup.board, {}, list(setup.cats), True)
    return {cell_name(cell): patch_to_json(patch) for cell, patch in sorted(layout.border.items())}


def goals_json() -> list[GoalOut]:
    """The engine's design goals with the labels and words the pages show (``puzzles.words``:
    said when shown, in the reader's language)."""
    fields = ("id", "notation", "symbol", "one", "both")
    return [
        {
            **{name: getattr(goal, name) for name in fields},
            "label": words.goal_label(goal),
            "counts": list(goal.counts),
            "shape_words": words.goal_shape_words(goal.counts),
            "help": words.goal_help(goal),
        }
        for goal in GOALS
    ]
