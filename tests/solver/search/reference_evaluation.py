"""The evaluation in plain Python: the oracle the compiled one (``solver.search.fastcore``) is
tested against, as ``tests/solver/reference.py`` is for the rules. Not used by the solver.

The value of a quilt is ``quilt.points`` (tokens and completed goals, as ``Quilt`` awarded
them) plus a discounted estimate of the points still within reach, as a sum of parts:

- goals: each incomplete goal whose colours (patterns) can still form its counts, weighted
  by how many neighbours are still empty and by how many values would keep it feasible;
- cats: live same-pattern groups (touching no scored area, with an empty cell to grow into)
  by their progress towards a size cat; for shape cats the most advanced placement of the
  shape that uses only empty cells and the pattern's live patches;
- buttons: live colour groups of one or two patches with an empty cell to grow into, and
  rainbow progress (a colour still missing a button is worth more as the rainbow nears).

Each part depends only on a few masks near it, so after a placement only the parts the
placed cell can touch are recomputed (``after``). The judgements (``Weights`` and how likely
a goal's values still fit, ``attribute_chance``) are the solver's; everything else here is
written independently of the compiled core.

With learned tables (``LearnedTables``) the same parts are weighed instead of summed: per
stage of the game (by placements made: 0-5, 6-10, 11-16, 17-22), the goal, colour and
pattern sums, the rainbow term, each colour's and pattern's part times the share of its 18
patches not on the quilt's patch spaces, and a constant. With learned goal chances
(``GoalChances``) a goal attribute's chance is read from the table by the goal, the stage
(placements made) and the count shape of its filled neighbours.
"""

from collections import Counter

from solver.game import GOALS, NEIGHBOURS, PATCH_CELLS, Layout, Quilt
from solver.game.hexgrid import NEIGHBOUR_MASK, group_of, shape_placements
from solver.game.quilt import BUTTON_POINTS, RAINBOW_POINTS
from solver.search.evaluation import (
    DEFAULT_WEIGHTS,
    SHAPES,
    GoalChances,
    LearnedTables,
    Weights,
    attribute_chance,
)

PATCH_MASK = sum(1 << c for c in PATCH_CELLS)
# parts layout: goals 0..2, colours 3..8, colour progress towards a first button 9..14,
# patterns 15..20
_COLORS, _BEST, _PATTERNS = 3, 9, 15
_AROUND = tuple(NEIGHBOUR_MASK[c] | 1 << c for c in range(49))


class _Shape:
    """A shape cat's placements that could ever hold it, indexed by cell."""

    __slots__ = ("_best", "by_cell", "reach")

    def __init__(self, shape, border_mask: int):
        allowed = PATCH_MASK | border_mask
        placements = [p for p in shape_placements(shape) if p & ~allowed == 0]
        by_cell: list[list[int]] = [[] for _ in range(49)]
        for placement in placements:
            for cell in range(49):
                if placement >> cell & 1:
                    by_cell[cell].append(placement)
        self.by_cell = tuple(tuple(ps) for ps in by_cell)
        # cells whose filling can change the best placement through ``cell``
        self.reach = tuple(_union(ps) for ps in self.by_cell)
        self._best: dict[tuple[int, int], int] = {}

    def best(self, live: int, empty: int) -> int:
        """Most live cells in one placement made only of live and empty cells (0 if none)."""
        zone = 0
        rest = live
        while rest:
            low = rest & -rest
            rest ^= low
            zone |= self.reach[low.bit_length() - 1]
        key = (live, empty & zone)
        found = self._best.get(key)
        if found is None:
            open_cells = live | empty
            found = 0
            rest = live
            while rest:
                low = rest & -rest
                rest ^= low
                for placement in self.by_cell[low.bit_length() - 1]:
                    if placement & ~open_cells == 0:
                        have = (placement & live).bit_count()
                        if have > found:
                            found = have
            if len(self._best) > 500_000:
                self._best.clear()
            self._best[key] = found
        return found


_SHAPES: dict[tuple, _Shape] = {}


def _shape(shape, border_mask: int) -> _Shape:
    """One ``_Shape`` (and its cache) per shape and border, shared by every evaluator."""
    key = (shape, border_mask)
    if key not in _SHAPES:
        _SHAPES[key] = _Shape(shape, border_mask)
    return _SHAPES[key]


def _union(masks) -> int:
    total = 0
    for mask in masks:
        total |= mask
    return total


class Evaluator:
    """Evaluation of the quilts of one layout; built once per game, then cheap to call."""

    def __init__(
        self,
        layout: Layout,
        weights: Weights = DEFAULT_WEIGHTS,
        learned: LearnedTables | None = None,
        goal_chances: GoalChances | None = None,
    ):
        self.layout = layout
        self.weights = weights
        self.learned = learned
        self.goal_chances = goal_chances
        self.goals = tuple((goal, NEIGHBOURS[cell]) for cell, goal in layout.goal_specs)
        self.goals_at = tuple(
            tuple(i for i, (_, around) in enumerate(self.goals) if cell in around)
            for cell in range(49)
        )
        border_by_pattern = [0] * 6
        for cell, patch in layout.border.items():
            border_by_pattern[patch % 6] |= 1 << cell
        self.cats = layout.cat_of_pattern
        self.shapes = tuple(
            _shape(cat.shape, border_by_pattern[p]) if cat is not None and cat.shape else None
            for p, cat in enumerate(self.cats)
        )
        self._goal_cache: dict = {}

    # -- whole quilts --------------------------------------------------------------------

    def value(self, quilt: Quilt) -> float:
        return self.total(quilt, self.parts(quilt))

    def parts(self, quilt: Quilt) -> list[float]:
        parts = [0.0] * 21
        for i in range(len(self.goals)):
            parts[i] = self._goal_part(quilt, i)
        for color in range(6):
            parts[_COLORS + color], parts[_BEST + color] = self._color_part(quilt, color)
        for pattern in range(6):
            parts[_PATTERNS + pattern] = self._pattern_part(quilt, pattern)
        return parts

    def after(self, quilt: Quilt, parts: list[float], cell: int, patch: int) -> list[float]:
        """The parts of ``quilt`` right after it placed ``patch`` on ``cell``, from the parts
        it had before: only what the cell can touch is recomputed."""
        new = parts[:]
        for i in self.goals_at[cell]:
            new[i] = self._goal_part(quilt, i)
        around = _AROUND[cell]
        color_masks = quilt.color_masks
        for color in range(6):
            if color_masks[color] & around:
                new[_COLORS + color], new[_BEST + color] = self._color_part(quilt, color)
        pattern_masks = quilt.pattern_masks
        for pattern in range(6):
            shape = self.shapes[pattern]
            touch = shape.reach[cell] if shape is not None else around
            if pattern_masks[pattern] & touch or pattern == patch % 6:
                new[_PATTERNS + pattern] = self._pattern_part(quilt, pattern)
        return new

    def total(self, quilt: Quilt, parts: list[float]) -> float:
        if not quilt.empty_mask:
            return float(quilt.points)
        if self.learned is not None:
            return self._learned_total(quilt, parts)
        value = quilt.points + sum(parts)
        if quilt.rainbow:
            return value - sum(parts[_BEST : _BEST + 6])
        # the rainbow: its value now, and what a first button of a missing colour adds
        w = self.weights
        missing = 6 - quilt.button_colors.bit_count()
        rainbow = RAINBOW_POINTS * w.rainbow_scale**missing
        step = rainbow * (1 / w.rainbow_scale - 1) / BUTTON_POINTS
        colors = quilt.button_colors
        progress = sum(parts[_BEST + c] for c in range(6) if not colors >> c & 1)
        return value - sum(parts[_BEST : _BEST + 6]) + rainbow + step * progress

    def _learned_total(self, quilt: Quilt, parts: list[float]) -> float:
        placed = len(PATCH_CELLS) - quilt.empty_mask.bit_count()
        stage = sum(placed > bound for bound in (5, 10, 16))
        rainbow = 0.0
        if not quilt.rainbow:
            w = self.weights
            colors = quilt.button_colors
            missing = 6 - colors.bit_count()
            now = RAINBOW_POINTS * w.rainbow_scale**missing
            step = now * (1 / w.rainbow_scale - 1) / BUTTON_POINTS
            rainbow = now + step * sum(parts[_BEST + c] for c in range(6) if not colors >> c & 1)

        def left(mask: int) -> float:  # share of a colour's (pattern's) 18 patches not placed
            return max(0, 18 - (mask & PATCH_MASK).bit_count()) / 18

        features = (
            sum(parts[:_COLORS]),
            sum(parts[_COLORS : _COLORS + 6]),
            sum(parts[_PATTERNS : _PATTERNS + 6]),
            rainbow,
            sum(parts[_COLORS + c] * left(quilt.color_masks[c]) for c in range(6)),
            sum(parts[_PATTERNS + p] * left(quilt.pattern_masks[p]) for p in range(6)),
            1.0,
        )
        weights = self.learned.tables[stage]
        return quilt.points + sum(w * f for w, f in zip(weights, features, strict=True))

    # -- the parts -----------------------------------------------------------------------

    def _goal_part(self, quilt: Quilt, index: int) -> float:
        goal, around = self.goals[index]
        cells = quilt.cells
        placed = 22 - quilt.empty_mask.bit_count()  # a learned chance's stage
        key = (index, placed, *(cells[n] for n in around))
        cached = self._goal_cache.get(key)
        if cached is not None:
            return cached
        filled = [p for p in key[2:] if p >= 0]
        value = 0.0
        if len(filled) < 6 and self.goal_chances is not None:
            table = self.goal_chances.table[[g.id for g in GOALS].index(goal.id)]
            colours = tuple(sorted(Counter(p // 6 for p in filled).values(), reverse=True))
            patterns = tuple(sorted(Counter(p % 6 for p in filled).values(), reverse=True))
            pc = table[0, placed, SHAPES.index(colours)]
            pp = table[1, placed, SHAPES.index(patterns)]
            value = pc * pp * goal.both + (pc + pp - 2 * pc * pp) * goal.one
        elif len(filled) < 6:  # a completed goal is already in quilt.points
            w = self.weights
            base = w.goal_by_empty[6 - len(filled)]
            pc = attribute_chance([p // 6 for p in filled], goal.counts, base, w.goal_openness)
            pp = attribute_chance([p % 6 for p in filled], goal.counts, base, w.goal_openness)
            value = pc * pp * goal.both + (pc + pp - 2 * pc * pp) * goal.one
        if len(self._goal_cache) > 500_000:
            self._goal_cache.clear()
        self._goal_cache[key] = value
        return value

    def _color_part(self, quilt: Quilt, color: int) -> tuple[float, float]:
        """(value of live groups short of a button, the best one of them)."""
        w = self.weights
        mask = quilt.color_masks[color]
        done = quilt.button_mask
        empty = quilt.empty_mask
        value = best = 0.0
        for group, frontier in _components(mask):
            if group & done or not frontier & empty:
                continue  # extending a buttoned group never earns another
            worth = w.button_one if group & (group - 1) == 0 else w.button_two
            value += worth
            if worth > best:
                best = worth
        return value, best

    def _pattern_part(self, quilt: Quilt, pattern: int) -> float:
        cat = self.cats[pattern]
        if cat is None:
            return 0.0
        w = self.weights
        mask = quilt.pattern_masks[pattern]
        dead = quilt.cat_mask
        empty = quilt.empty_mask
        groups = _components(mask)
        live = mask
        if dead & mask:  # groups touching a scored area can never score again
            for group, _ in groups:
                if group & dead:
                    live &= ~group
        scale = cat.points * w.cat_scale
        shape = self.shapes[pattern]
        if shape is not None:
            best = shape.best(live, empty)
            return scale * (best / cat.size) ** w.cat_progress_power
        value = 0.0
        for group, frontier in groups:
            if group & dead:
                continue
            size = group.bit_count()
            if size < cat.size and frontier & empty:
                value += scale * (size / cat.size) ** w.cat_progress_power
        return value


_COMPONENTS: dict[int, tuple[tuple[int, int], ...]] = {}


def _components(mask: int) -> tuple[tuple[int, int], ...]:
    """The connected groups of a mask, each with the cells around it; memoised, since
    sibling quilts in a search share most of their colour and pattern masks."""
    found = _COMPONENTS.get(mask)
    if found is None:
        groups = []
        rest = mask
        while rest:
            low = rest & -rest
            group = group_of(low.bit_length() - 1, mask)
            rest &= ~group
            groups.append((group, _frontier(group)))
        found = tuple(groups)
        if len(_COMPONENTS) > 1_000_000:
            _COMPONENTS.clear()
        _COMPONENTS[mask] = found
    return found


def _frontier(group: int) -> int:
    around = 0
    while group:
        low = group & -group
        around |= NEIGHBOUR_MASK[low.bit_length() - 1]
        group ^= low
    return around
