"""The four quilt boards' printed border patches (copied from the rulebook's boards.json)."""

import json
from importlib import resources

from .errors import RulesError
from .hexgrid import Cell, parse_cell
from .patches import Patch, patch_from_json


def _load() -> dict[str, dict[Cell, Patch]]:
    data = json.loads(resources.files(__package__).joinpath("data/boards.json").read_text())
    return {
        name: {parse_cell(cell): patch_from_json(patch) for cell, patch in border.items()}
        for name, border in data["boards"].items()
    }


BORDERS = _load()
BOARD_NAMES = tuple(sorted(BORDERS))


def border_of(board) -> dict[Cell, Patch]:
    """Cell -> printed patch of a board's border."""
    try:
        return BORDERS[board]
    except (KeyError, TypeError):
        raise RulesError(f"unknown board {board!r}") from None
