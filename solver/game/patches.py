"""Patches: 6 colours x 6 patterns, encoded as one small int for speed.

A patch is ``color_index * 6 + pattern_index`` (0..35); ``EMPTY`` (-1) marks an empty cell.
Outside the engine a patch is ``{"color": "navy", "pattern": "dots"}``.
"""

from typing import TypeAlias

from .errors import RulesError

Patch: TypeAlias = int
"""A patch: ``color * 6 + pattern`` (0..35), or ``EMPTY`` (-1) for an empty cell."""
Color: TypeAlias = int
"""A colour's index in ``COLORS`` (0..5)."""
Pattern: TypeAlias = int
"""A pattern's index in ``PATTERNS`` (0..5)."""

COLORS = ("navy", "teal", "green", "yellow", "purple", "pink")
PATTERNS = ("dots", "ferns", "flowers", "quatrefoil", "stripes", "vines")
EMPTY = -1
ALL_PATCHES: tuple[Patch, ...] = tuple(range(36))

_COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
_PATTERN_INDEX = {name: i for i, name in enumerate(PATTERNS)}


def make_patch(color: Color, pattern: Pattern) -> Patch:
    return color * 6 + pattern


def color_of(patch: Patch) -> Color:
    return patch // 6


def pattern_of(patch: Patch) -> Pattern:
    return patch % 6


def patch_name(patch: Patch) -> str:
    return f"{COLORS[patch // 6]} {PATTERNS[patch % 6]}"


def patch_to_json(patch: Patch) -> dict:
    return {"color": COLORS[patch // 6], "pattern": PATTERNS[patch % 6]}


def color_index(name) -> Color:
    try:
        return _COLOR_INDEX[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown colour {name!r}") from None


def pattern_index(name) -> Pattern:
    try:
        return _PATTERN_INDEX[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown pattern {name!r}") from None


def patch_from_json(data) -> Patch:
    if not isinstance(data, dict):
        raise RulesError(f"a patch must be an object with colour and pattern, not {data!r}")
    return make_patch(color_index(data.get("color")), pattern_index(data.get("pattern")))
