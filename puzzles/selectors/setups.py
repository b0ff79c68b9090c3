"""Printed parts of a setup the browser draws: the board's border patches, the goal tiles."""

from functools import lru_cache

from solver.game import GOALS, Layout, Setup, cell_name, patch_to_json


@lru_cache(maxsize=64)
def border_json(setup: Setup) -> dict:
    """Made once per setup: every answer about a game or its day shows it (shared: never
    change it)."""
    # A family layout needs no goals: the border is all we read from it.
    layout = Layout.build(setup.board, {}, list(setup.cats), True)
    return {cell_name(cell): patch_to_json(patch) for cell, patch in sorted(layout.border.items())}


def goals_json() -> list[dict]:
    """The engine's design goals with the labels the pages show."""
    fields = ("id", "notation", "label", "symbol", "one", "both")
    return [{name: getattr(goal, name) for name in fields} for goal in GOALS]
