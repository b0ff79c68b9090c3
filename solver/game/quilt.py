"""A quilt: one player's board with its placed patches, and the tokens they earned.

Tokens are awarded at placement time (docs/rules.md, Rulings): after a patch goes down, the
connected group of its colour earns a button when it has at least 3 patches and no patch of
it carries a button yet; the connected group of its pattern earns that pattern's cat when the
group carries no cat yet and meets the cat's requirement. Border patches join groups like
placed ones. Goals score from the six neighbours of each goal space once all six are filled
(they can never change after that, so this is the rulebook's end-of-game goal score, shown
as soon as it is known).
"""

from dataclasses import dataclass
from functools import cached_property

from .boards import border_of
from .cats import Cat, cat_by_id
from .errors import RulesError
from .goals import Goal, GoalProgress, goal_by_id, goal_progress, goal_result
from .hexgrid import (
    GOAL_CELLS,
    NEIGHBOUR_MASK,
    NEIGHBOURS,
    PATCH_CELLS,
    Cell,
    Mask,
    bits,
    cell_name,
    describe_cell,
    group_of,
    parse_cell,
)
from .patches import COLORS, EMPTY, PATTERNS, Color, Patch, Pattern, pattern_index

BUTTON_POINTS = 3
RAINBOW_POINTS = 3
ALL_COLORS = (1 << len(COLORS)) - 1


@dataclass(frozen=True)
class Layout:
    """What a quilt is scored against: the board, the goals on it, the cats and their patterns.

    ``goals`` maps goal cells to goal ids (empty in the family variant, where goal spaces are
    face-down obstacles that score nothing); ``cats`` is ``((cat id, (pattern, pattern)), ...)``.
    """

    board: str
    goals: tuple[tuple[Cell, str], ...]
    cats: tuple[tuple[str, tuple[str, str]], ...]
    family: bool = False

    @classmethod
    def build(cls, board, goals, cats, family=False) -> "Layout":
        """Validate and normalise: ``goals`` is {"r,c": goal id}, ``cats`` [(cat, patterns)]."""
        border_of(board)
        if not isinstance(goals, dict):
            raise RulesError("goals must map goal spaces to goal ids")
        placed = []
        for name, goal_id in goals.items():
            cell = parse_cell(name)
            if cell not in GOAL_CELLS:
                raise RulesError(f"{name!r} is not a design-goal space (2,3 3,4 4,2)")
            placed.append((cell, goal_by_id(goal_id).id))
        if family:
            placed = []
        elif sorted(cell for cell, _ in placed) != sorted(GOAL_CELLS):
            raise RulesError("goals must fill the three design-goal spaces 2,3 3,4 4,2")
        elif len({goal for _, goal in placed}) != 3:
            raise RulesError("goals must be three different goals")
        return cls(board, tuple(sorted(placed)), _check_cats(cats), bool(family))

    @cached_property
    def border(self) -> dict[Cell, Patch]:
        return border_of(self.board)

    @cached_property
    def goal_specs(self) -> tuple[tuple[Cell, Goal], ...]:
        return tuple((cell, goal_by_id(goal)) for cell, goal in self.goals)

    @cached_property
    def goals_watching(self) -> dict[Cell, tuple[tuple[Goal, tuple[Cell, ...], Mask], ...]]:
        """Patch cell -> (goal, its six neighbours, their mask) for the goals it neighbours,
        so that a placement scores a goal the moment its last neighbour is filled."""
        watching: dict[Cell, list] = {}
        for cell, goal in self.goal_specs:
            for neighbour in NEIGHBOURS[cell]:
                watching.setdefault(neighbour, []).append(
                    (goal, NEIGHBOURS[cell], NEIGHBOUR_MASK[cell])
                )
        return {cell: tuple(goals) for cell, goals in watching.items()}

    @cached_property
    def cat_of_pattern(self) -> tuple[Cat | None, ...]:
        """Pattern index -> the cat that scores it."""
        owners: list[Cat | None] = [None] * len(PATTERNS)
        for cat_id, patterns in self.cats:
            for pattern in patterns:
                owners[pattern_index(pattern)] = cat_by_id(cat_id)
        return tuple(owners)

    def to_json(self) -> dict:
        return {
            "board": self.board,
            "goals": {cell_name(cell): goal for cell, goal in self.goals},
            "cats": [{"cat": cat, "patterns": list(patterns)} for cat, patterns in self.cats],
            "family": self.family,
        }


def _check_cats(cats) -> tuple[tuple[str, tuple[str, str]], ...]:
    if not isinstance(cats, list | tuple) or len(cats) != 3:
        raise RulesError("cats must list three cats")
    result = []
    for entry in cats:
        cat_id, patterns = entry if isinstance(entry, tuple) else _cat_entry(entry)
        cat_by_id(cat_id)
        if not isinstance(patterns, list | tuple) or len(patterns) != 2:
            raise RulesError(f"patterns not split two per cat: {cat_id} has {patterns!r}")
        for pattern in patterns:
            pattern_index(pattern)
        result.append((cat_id, tuple(patterns)))
    if len({cat for cat, _ in result}) != 3:
        raise RulesError("cats must be three different cats")
    if len({p for _, patterns in result for p in patterns}) != 6:
        raise RulesError("patterns not split two per cat: every pattern belongs to one cat")
    return tuple(result)


def _cat_entry(entry):
    if not isinstance(entry, dict):
        raise RulesError(f"a cat must be an object with cat and patterns, not {entry!r}")
    return entry.get("cat"), entry.get("patterns")


class Quilt:
    """Mutable quilt state; ``copy()`` is cheap, for search.

    Cells hold patch ints (EMPTY when free). Per colour and per pattern a bitmask of the
    cells holding it keeps group look-ups to a flood fill over integers. ``points`` is kept
    up to date at each placement (tokens, and each goal once its six neighbours are filled),
    so that ``total()`` costs nothing inside a search.
    """

    __slots__ = (
        "button_colors",
        "button_mask",
        "buttons",
        "cat_mask",
        "cat_tokens",
        "cells",
        "color_masks",
        "empty_mask",
        "layout",
        "pattern_masks",
        "placements",
        "points",
        "rainbow",
    )

    def __init__(self, layout: Layout):
        self.layout = layout
        self.cells: list[Patch] = [EMPTY] * 49
        self.color_masks: list[Mask] = [0] * 6  # by colour
        self.pattern_masks: list[Mask] = [0] * 6  # by pattern
        for cell, patch in layout.border.items():
            self.cells[cell] = patch
            self.color_masks[patch // 6] |= 1 << cell
            self.pattern_masks[patch % 6] |= 1 << cell
        self.empty_mask: Mask = sum(1 << c for c in PATCH_CELLS)
        self.button_mask: Mask = 0  # cells of groups that carry a button
        self.cat_mask: Mask = 0  # cells of groups that carry a cat token
        self.button_colors = 0  # bit per colour that has a button
        self.buttons: list[tuple[Color, Mask]] = []  # (colour, group mask at award time)
        self.cat_tokens: list[tuple[str, Pattern, Mask]] = []  # (cat id, pattern, group mask)
        self.rainbow = False
        self.placements: list[tuple[Cell, Patch]] = []  # (cell, patch) in placement order
        self.points = 0

    def copy(self) -> "Quilt":
        new = Quilt.__new__(Quilt)
        new.layout = self.layout
        new.cells = self.cells[:]
        new.color_masks = self.color_masks[:]
        new.pattern_masks = self.pattern_masks[:]
        new.empty_mask = self.empty_mask
        new.button_mask = self.button_mask
        new.cat_mask = self.cat_mask
        new.button_colors = self.button_colors
        new.buttons = self.buttons[:]
        new.cat_tokens = self.cat_tokens[:]
        new.rainbow = self.rainbow
        new.placements = self.placements[:]
        new.points = self.points
        return new

    @property
    def empty_cells(self) -> list[Cell]:
        return list(bits(self.empty_mask))

    @property
    def full(self) -> bool:
        return not self.empty_mask

    def place(self, cell: Cell, patch: Patch) -> tuple[Color, str | None, bool]:
        """Place a patch and award its tokens.

        Returns (button colour or -1, cat id or None, whether the rainbow was completed).
        """
        if not (type(cell) is int and 0 <= cell < 49 and self.empty_mask >> cell & 1):
            raise RulesError(f"cell {describe_cell(cell)} is not an empty patch space")
        if not (type(patch) is int and 0 <= patch < 36):
            raise RulesError(f"{patch!r} is not a patch")
        bit = 1 << cell
        self.empty_mask ^= bit
        cells = self.cells
        cells[cell] = patch
        self.placements.append((cell, patch))
        color, pattern = divmod(patch, 6)
        self.color_masks[color] |= bit
        self.pattern_masks[pattern] |= bit

        button = -1
        rainbow = False
        group = group_of(cell, self.color_masks[color])
        if group.bit_count() >= 3 and not group & self.button_mask:
            button = color
            self.button_mask |= group
            self.buttons.append((color, group))
            self.points += BUTTON_POINTS
            self.button_colors |= 1 << color
            if self.button_colors == ALL_COLORS and not self.rainbow:
                self.rainbow = rainbow = True
                self.points += RAINBOW_POINTS

        cat_id = None
        cat = self.layout.cat_of_pattern[pattern]
        if cat is not None:
            group = group_of(cell, self.pattern_masks[pattern])
            if not group & self.cat_mask and cat.is_met_by(group):
                cat_id = cat.id
                self.cat_mask |= group
                self.cat_tokens.append((cat_id, pattern, group))
                self.points += cat.points

        for goal, neighbours, mask in self.layout.goals_watching.get(cell, ()):
            if not mask & self.empty_mask:
                self.points += goal_result(goal, [cells[n] for n in neighbours])[2]
        return button, cat_id, rainbow

    # -- scoring -------------------------------------------------------------------------

    def goal_results(self) -> list[tuple[Cell, Goal, bool, bool, int]]:
        """(cell, goal, colours met, patterns met, points); 0 points until all six are filled."""
        results = []
        cells = self.cells
        for cell, goal in self.layout.goal_specs:
            neighbours = [cells[n] for n in NEIGHBOURS[cell]]
            if EMPTY in neighbours:
                results.append((cell, goal, False, False, 0))
            else:
                results.append((cell, goal, *goal_result(goal, neighbours)))
        return results

    def goal_progress(self) -> list[tuple[Cell, Goal, GoalProgress]]:
        """(cell, goal, how its six neighbours stand) for each goal, filled or not."""
        cells = self.cells
        return [
            (cell, goal, goal_progress(goal, [cells[n] for n in NEIGHBOURS[cell]]))
            for cell, goal in self.layout.goal_specs
        ]

    def cat_progress(self) -> list[tuple[str, int, int]]:
        """(cat id, how far it has got, the patches it needs) for each cat, printed border
        included, counting only patches that carry no cat token yet. A size cat: its largest
        connected group of one of its patterns. A shape cat: the most cells of its shape one
        pattern already fills where the shape can still be finished (``Cat.shape_progress``),
        so that a group of the right size in the wrong shape is not called done."""
        progress = []
        for cat_id, patterns in self.layout.cats:
            cat = cat_by_id(cat_id)
            largest = 0
            for name in patterns:
                free = self.pattern_masks[pattern_index(name)] & ~self.cat_mask
                if cat.shape:
                    largest = max(largest, cat.shape_progress(free, self.empty_mask))
                    continue
                while free:
                    group = group_of((free & -free).bit_length() - 1, free)
                    largest = max(largest, group.bit_count())
                    free &= ~group
            progress.append((cat_id, largest, cat.size))
        return progress

    def button_colors_count(self) -> int:
        """How many of the six colours have a button (all six earn the rainbow)."""
        return self.button_colors.bit_count()

    def cat_points(self) -> int:
        return sum(cat_by_id(cat).points for cat, _, _ in self.cat_tokens)

    def button_points(self) -> int:
        return BUTTON_POINTS * len(self.buttons) + (RAINBOW_POINTS if self.rainbow else 0)

    def total(self) -> int:
        return self.points

    def tiebreak_key(self) -> tuple[int, int, int]:
        """The rulebook's order: points, then cat tokens, then button tokens (rainbow too)."""
        return self.points, len(self.cat_tokens), len(self.buttons) + self.rainbow

    def score(self) -> dict:
        """The score object of docs/rules.md ("Quilt files")."""
        goals = [
            {
                "cell": cell_name(cell),
                "goal": goal.id,
                "colors": colors,
                "patterns": patterns,
                "points": points,
            }
            for cell, goal, colors, patterns, points in self.goal_results()
        ]
        goal_points = sum(goal["points"] for goal in goals)
        cat_points = self.cat_points()
        button_points = self.button_points()
        return {
            "total": goal_points + cat_points + button_points,
            "goal_points": goal_points,
            "cat_points": cat_points,
            "button_points": button_points,
            "goals": goals,
            "cats": [
                {"cat": cat, "pattern": PATTERNS[pattern], "cells": _names(group)}
                for cat, pattern, group in self.cat_tokens
            ],
            "buttons": [
                {"color": COLORS[color], "cells": _names(group)} for color, group in self.buttons
            ],
            "rainbow": self.rainbow,
            "cat_tokens": len(self.cat_tokens),
            "button_tokens": len(self.buttons) + self.rainbow,
        }


def _names(mask: Mask) -> list[str]:
    return [cell_name(cell) for cell in bits(mask)]
