"""Printed parts of a setup the browser draws: the board's border patches."""

from solver.game import Layout, Setup, cell_name, patch_to_json


def border_json(setup: Setup) -> dict:
    # A family layout needs no goals: the border is all we read from it.
    layout = Layout.build(setup.board, {}, list(setup.cats), True)
    return {cell_name(cell): patch_to_json(patch) for cell, patch in sorted(layout.border.items())}
