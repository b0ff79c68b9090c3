"""Patches: 6 colours x 6 patterns, encoded as one small int for speed.

A patch is ``color_index * 6 + pattern_index`` (0..35); ``EMPTY`` (-1) marks an empty cell.
Outside the engine a patch is ``{"color": "navy", "pattern": "dots"}``.
"""

from .errors import RulesError

COLORS = ("navy", "teal", "green", "yellow", "purple", "pink")
PATTERNS = ("dots", "ferns", "flowers", "quatrefoil", "stripes", "vines")
EMPTY = -1
ALL_PATCHES = tuple(range(36))

_COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
_PATTERN_INDEX = {name: i for i, name in enumerate(PATTERNS)}


def make_patch(color: int, pattern: int) -> int:
    return color * 6 + pattern


def color_of(patch: int) -> int:
    return patch // 6


def pattern_of(patch: int) -> int:
    return patch % 6


def patch_name(patch: int) -> str:
    return f"{COLORS[patch // 6]} {PATTERNS[patch % 6]}"


def patch_to_json(patch: int) -> dict:
    return {"color": COLORS[patch // 6], "pattern": PATTERNS[patch % 6]}


def color_index(name) -> int:
    try:
        return _COLOR_INDEX[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown colour {name!r}") from None


def pattern_index(name) -> int:
    try:
        return _PATTERN_INDEX[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown pattern {name!r}") from None


def patch_from_json(data) -> int:
    if not isinstance(data, dict):
        raise RulesError(f"a patch must be an object with colour and pattern, not {data!r}")
    return make_patch(color_index(data.get("color")), pattern_index(data.get("pattern")))
