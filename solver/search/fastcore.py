"""The evaluation, compiled (Numba): the solver's only copy of it, with a mirror of the rules.

``Evaluator(layout, weights).placement_values(state, patch)`` gives, for every cell, the value
of the quilt after placing ``patch`` there (``-inf`` where the cell is not empty), in one call;
``quick_game`` plays a whole greedy game without leaving compiled code. Over int64 bitmasks it
computes:

- the placement awards of ``Quilt.place`` (a mirror of solver/game, where the rules are
  defined): buttons (merged groups, the rainbow), cats by size and by shape containment, goal
  scoring once a goal's six neighbours are filled;
- the evaluation described in ``evaluation.py`` (goal chances, colour parts, pattern parts,
  the rainbow terms), recomputing after a placement only the parts the placed cell can touch.

Whatever can be precomputed from a layout and the weights is (goal chances per count shape of
filled values, cat progress per group size, the rainbow terms, shape placements), with the
helpers of ``evaluation.py``. ``tests/solver/search/test_fastcore.py`` checks every value
against a plain-Python evaluation written apart (``reference_evaluation.py``, there) and the
awards against the rules engine, on thousands of random positions; sums are sequential, as
``sum`` is in Python 3.11, so the two agree to the last bit or nearly (within 1e-9).

A quilt is packed by ``pack(quilt)`` into one int64 array (``STATE_SIZE``): cells 0..48
(patch or -1), colour masks, pattern masks, then the empty, button and cat masks, the
button colours, the rainbow flag and the points.
"""

import time
from functools import lru_cache

import numpy as np
from numba import njit

from solver.game import (
    GOAL_CELLS,
    NEIGHBOURS,
    TURNS,
    Layout,
    Quilt,
    cell_name,
    deal,
)
from solver.game.hexgrid import NEIGHBOUR_MASK, shape_placements
from solver.game.quilt import BUTTON_POINTS, RAINBOW_POINTS

from .evaluation import (
    DEFAULT_WEIGHTS,
    FEATURES,
    GOAL_INDEX,
    GOAL_STAGES,
    PATCH_MASK,
    SHAPE_INDEX,
    SHAPES,
    SUPPLY,
    GoalChances,
    LearnedTables,
    Weights,
    hand_chances,
    shape_tables,
    stage_of,
)

# state layout
_CELLS, _CMASK, _PMASK = 0, 49, 55
_EMPTY, _BUTTON, _CAT, _BCOLORS, _RAINBOW, _POINTS = 61, 62, 63, 64, 65, 66
STATE_SIZE = 67
# parts of a value: goals 0..2, colours 3..8, the best live colour group 9..14 (progress
# towards a first button, for the rainbow), patterns 15..20
_COLORS, _BEST, _PATTERNS, _PARTS = 3, 9, 15, 21
# goal rows: six neighbour cells, their mask, points for one / both, key of the target counts,
# whether its chances change with the stage (learned ones do: every placement values it again)
_G_MASK, _G_ONE, _G_BOTH, _G_KEY, _G_STAGED = 6, 7, 8, 9, 10
# cat rows (per pattern): kind, size, points, how many shape placements award it
_CAT_KIND, _CAT_SIZE, _CAT_POINTS, _CAT_SHAPES = 0, 1, 2, 3
_K_NONE, _K_SIZE, _K_SHAPE = 0, 1, 2  # kinds: no cat, a size cat, a shape cat
# the weights the core reads: a live single, a live pair; the rainbow's value and the step a
# first button of a missing colour adds, by how many colours miss a button (0..6)
_W_SINGLE, _W_PAIR, _W_RAINBOW, _W_STEP = 0, 1, 2, 9
# learned tables (``evaluation.LearnedTables``): a flag (0: today's sum of parts), the stage
# by empty patch spaces (0..49), then the tables, ``len(FEATURES)`` weights a stage
_W_LEARNED, _W_STAGE, _W_TABLE = 16, 17, 67
_NF = len(FEATURES)
_FULL = (1 << 49) - 1
_COL0 = sum(1 << (r * 7) for r in range(7))
_COL6 = sum(1 << (r * 7 + 6) for r in range(7))
_EVEN_ROWS = sum(0x7F << (r * 7) for r in range(0, 7, 2))
_ODD_ROWS = sum(0x7F << (r * 7) for r in range(1, 7, 2))
_POW6 = tuple(6**v for v in range(6))


def _shape_of_codes() -> np.ndarray:
    """For each code of a goal's filled neighbours (base 6: digit v counts the value v), the
    index of its count shape in ``SHAPES`` (0 for six filled: a scored goal, never read).
    Each sorted count vector is keyed as a base-6 number (distinct vectors, distinct keys)."""
    powers = np.array(_POW6)
    counts = -np.sort(-(np.arange(6**6)[:, None] // powers % 6), axis=1)  # largest first
    index = np.zeros(6**6, dtype=np.int8)
    for shape, k in SHAPE_INDEX.items():
        index[sum(c * p for c, p in zip(shape, _POW6, strict=False))] = k
    return index[counts @ powers]


_SHAPE_OF = _shape_of_codes()
_NSHAPES = len(SHAPES)
_SPACES = GOAL_STAGES - 1  # patch spaces: a goal's stage is how many are filled
# a goal's chances: one row per goal of (attribute, stage, shape), colours first
_ATTRIBUTE_ROW = GOAL_STAGES * _NSHAPES


def pack(quilt: Quilt) -> np.ndarray:
    """A quilt's state as the int64 array the compiled functions read."""
    return np.array(
        [
            *quilt.cells,
            *quilt.color_masks,
            *quilt.pattern_masks,
            quilt.empty_mask,
            quilt.button_mask,
            quilt.cat_mask,
            quilt.button_colors,
            quilt.rainbow,
            quilt.points,
        ],
        dtype=np.int64,
    )


def _count_key(counts) -> int:
    """A multiset of counts (1..6) as one int: digit k (base 8) = how many counts equal k+1."""
    return sum(8 ** (c - 1) for c in counts if c)


class Evaluator:
    """The evaluation of one layout with some weights: its tables, and the compiled functions
    that read them. Build one per layout with ``evaluator_for`` (shared, cached)."""

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
        w = weights
        specs = layout.goal_specs
        goals = np.zeros((len(specs), 11), dtype=np.int64)
        chance = np.zeros((max(len(specs), 1), 2 * _ATTRIBUTE_ROW), dtype=np.float64)
        goal_at = np.zeros(49, dtype=np.int64)
        for i, (cell, goal) in enumerate(specs):
            goals[i, :6] = NEIGHBOURS[cell]
            goals[i, _G_MASK] = NEIGHBOUR_MASK[cell]
            goals[i, _G_ONE], goals[i, _G_BOTH] = goal.one, goal.both
            goals[i, _G_KEY] = _count_key(goal.counts)
            for n in NEIGHBOURS[cell]:
                goal_at[n] |= 1 << i
            if goal_chances is None:
                chance[i] = np.tile(_hand_row(goal.counts, w), 2 * GOAL_STAGES)
            else:
                chance[i] = goal_chances.table[GOAL_INDEX[goal.id]].ravel()
            stages = chance[i].reshape(2, GOAL_STAGES, _NSHAPES)
            goals[i, _G_STAGED] = not (stages == stages[:, :1]).all()
        cats, progress, award, shapes, reach = _cat_arrays(layout, w)
        rainbow = [RAINBOW_POINTS * w.rainbow_scale**missing for missing in range(7)]
        step = [r * (1 / w.rainbow_scale - 1) / BUTTON_POINTS for r in rainbow]
        tables = [x for row in learned.tables for x in row] if learned else []
        stages = [stage_of(empty) for empty in range(50)]
        floats = np.array(
            [w.button_one, w.button_two, *rainbow, *step, float(bool(learned)), *stages, *tables],
            dtype=np.float64,
        )
        self.arrays = (goals, goal_at, chance, cats, progress, award, shapes, reach, floats)

    def placement_values(self, state: np.ndarray, patch: int) -> np.ndarray:
        """float64[49]: the value after placing ``patch`` on each cell; -inf where not empty."""
        return _placement_values(state, patch, *self.arrays)

    def value(self, state: np.ndarray) -> float:
        """The value of the packed quilt itself (its points once it is full)."""
        return _value(state, *self.arrays)

    def features(self, state: np.ndarray) -> np.ndarray:
        """float64[len(FEATURES)]: what learned tables weigh in this packed quilt (the
        fitting script's regressors), and its stage."""
        goals, _, chance, cats, progress, _, shapes, _, floats = self.arrays
        parts = _all_parts(state, goals, cats, chance, progress, shapes, floats)
        return _features(state, parts, floats)

    def quick_game(
        self, state, hand, market, bag, drawn: int, turn: int, second_patch: float, moves=None
    ) -> float:
        """The final value of ``Beam(self, SearchOptions(width=1, breadth=1,
        second_patch=second_patch)).run([node], bag, TURNS)`` for a node with this packed
        quilt, hand (2 patches), market (3), ``drawn`` patches of ``bag`` (int64) drawn and
        ``turn`` the next turn: the same greedy game, played without leaving compiled code.
        ``moves`` (int64[TURNS, 3]), if given, receives each turn's (hand index, cell,
        market slot or -1), from its first row on."""
        empty = state[_EMPTY].item().bit_count()
        if turn > TURNS or not empty:
            return self.value(state)
        steps = min(TURNS - turn, empty - 1)  # turns with a market step
        bag = np.asarray(bag, dtype=np.int64)
        if len(bag) < drawn + 2 * steps:
            raise ValueError(f"the bag has {len(bag) - drawn} patches left; {2 * steps} needed")
        if steps == 0:
            market = (-1, -1, -1)  # no market step: any market will do
        if moves is None:
            moves = np.empty((TURNS, 3), dtype=np.int64)
        return _quick_game(
            state.copy(),
            int(hand[0]),
            int(hand[1]),
            np.asarray(market, dtype=np.int64),
            bag,
            drawn,
            turn,
            TURNS,
            float(second_patch),
            moves,
            *self.arrays,
        )

    def quick_games(
        self,
        states,
        hands,
        firsts,
        lefts,
        turn: int,
        bags,
        second_patch: float,
        alive,
        finals,
        column: int,
    ) -> None:
        """The quick games of several moves of one position in several futures, in one call:
        ``finals[i, column + f]`` = ``quick_game(states[i], hands[i], (bags[f][1],
        bags[f][0], lefts[i]), bags[f], 2, turn, second_patch)`` for each ``i`` of ``alive``.
        After move ``i`` the packed quilt is ``states[i]`` (int64[m, STATE_SIZE]), the hand
        ``hands[i]`` (int64[m, 2]) and ``lefts[i]`` the market patch that slides to slot 2
        (the future's first two patches refill slots 1 and 0); ``firsts`` are
        ``first_values(states, hands)``, the same in every future, so computed once."""
        steps = min(TURNS - turn, min(int(state[_EMPTY]).bit_count() for state in states) - 1)
        if turn > TURNS or steps < 0:
            raise ValueError("quick_games needs quilts with an empty cell, before the end")
        if bags.shape[1] < 2 + 2 * steps:
            raise ValueError(f"a future has {bags.shape[1]} patches; {2 + 2 * steps} needed")
        _quick_games(
            states,
            hands,
            firsts,
            lefts,
            turn,
            bags,
            TURNS,
            float(second_patch),
            np.asarray(alive, dtype=np.int64),
            finals,
            column,
            *self.arrays,
        )

    def first_values(self, states, hands) -> np.ndarray:
        """float64[m, 2, 49]: each hand patch's placement values on each packed quilt."""
        firsts = np.empty((len(states), 2, 49), dtype=np.float64)
        for i, (state, hand) in enumerate(zip(states, hands, strict=True)):
            firsts[i, 0], firsts[i, 1] = _hand_values(state, hand[0], hand[1], *self.arrays)
        return firsts


@lru_cache(maxsize=64)
def _hand_row(counts, weights: Weights) -> np.ndarray:
    """Today's chance of each count shape, for each goal space and arrangement of a goal."""
    return hand_chances(counts, weights)


_CATS: dict[tuple, tuple] = {}


def _cat_arrays(layout: Layout, weights: Weights) -> tuple:
    """(cats, progress, award, shapes, reach) of the layout's board and cats; shared by every
    goal arrangement of them (goal choice builds 24 layouts that differ only in goals)."""
    key = (layout.board, layout.cats, weights)
    found = _CATS.get(key)
    if found is not None:
        return found
    w = weights
    border_by_pattern = [0] * 6
    for cell, patch in layout.border.items():
        border_by_pattern[patch % 6] |= 1 << cell
    cats = np.zeros((6, 4), dtype=np.int64)
    progress = np.zeros((6, 50), dtype=np.float64)
    awards, by_cell = [[] for _ in range(6)], [[()] * 49 for _ in range(6)]
    reach = np.zeros((6, 49), dtype=np.int64)
    for p, cat in enumerate(layout.cat_of_pattern):
        if cat is None:
            continue
        cats[p] = (_K_SHAPE if cat.shape else _K_SIZE, cat.size, cat.points, 0)
        scale = cat.points * w.cat_scale
        for size in range(50):
            progress[p, size] = scale * (size / cat.size) ** w.cat_progress_power
        if cat.shape:
            awards[p] = shape_placements(cat.shape)
            cats[p, _CAT_SHAPES] = len(awards[p])
            by_cell[p], reach[p] = shape_tables(cat.shape, border_by_pattern[p])
    award = np.zeros((6, max(1, *map(len, awards))), dtype=np.int64)
    for p, placements in enumerate(awards):
        award[p, : len(placements)] = placements
    most = max(1, *(len(ps) for rows in by_cell for ps in rows))
    shapes = np.zeros((6, 49, most + 1), dtype=np.int64)  # column 0: how many
    for p, rows in enumerate(by_cell):
        for cell, placements in enumerate(rows):
            shapes[p, cell, 0] = len(placements)
            shapes[p, cell, 1 : len(placements) + 1] = placements
    if len(_CATS) >= 256:
        _CATS.clear()
    found = _CATS[key] = (cats, progress, award, shapes, reach)
    return found


@lru_cache(maxsize=64)
def evaluator_for(
    layout: Layout,
    weights: Weights = DEFAULT_WEIGHTS,
    learned: LearnedTables | None = None,
    goal_chances: GoalChances | None = None,
) -> Evaluator:
    """One ``Evaluator`` per layout, weights and learned tables, shared by every search."""
    return Evaluator(layout, weights, learned, goal_chances)


# -- bit helpers ---------------------------------------------------------------------------
# Not inline="always": with Numba 0.68 that miscompiled ``_popcount(group) >= 3 and ...``
# (true for a 2-cell group); LLVM inlines these small functions anyway.


@njit(cache=True)
def _popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(cache=True)
def _low_index(low):
    return _popcount(low - 1)


@njit(cache=True)
def _dilate(m):
    """``m`` and every neighbour of its cells (odd-r rows: odd rows shifted right)."""
    even = m & _EVEN_ROWS & ~_COL0
    odd = m & _ODD_ROWS & ~_COL6
    grown = m | ((m << 1) & ~_COL0) | ((m >> 1) & ~_COL6) | (m >> 7) | (m << 7)
    grown |= (even >> 8) | (even << 6) | (odd >> 6) | (odd << 8)
    return grown & _FULL


@njit(cache=True)
def _group(start, mask):
    """The connected component of ``mask`` holding the cells of ``start``."""
    group = start
    while True:
        grown = _dilate(group) & mask
        if grown == group:
            return group
        group = grown


# -- awards (Quilt.place) --------------------------------------------------------------------


@njit(cache=True, inline="always")
def _goal_met(state, row):
    """Whether a goal whose six neighbours are filled is met by colours, and by patterns."""
    colors = np.zeros(6, dtype=np.int64)
    patterns = np.zeros(6, dtype=np.int64)
    for k in range(6):
        p = state[row[k]]
        colors[p // 6] += 1
        patterns[p % 6] += 1
    ckey = 0
    pkey = 0
    for v in range(6):
        if colors[v]:
            ckey += 1 << (3 * (colors[v] - 1))
        if patterns[v]:
            pkey += 1 << (3 * (patterns[v] - 1))
    return ckey == row[_G_KEY], pkey == row[_G_KEY]


@njit(cache=True)
def _goal_points(state, row):
    """goal_result's points for a goal whose six neighbours are filled."""
    met_c, met_p = _goal_met(state, row)
    if met_c and met_p:
        return row[_G_BOTH]
    if met_c or met_p:
        return row[_G_ONE]
    return 0


@njit(cache=True)
def _place_state(
    state, cell, patch, goals, goal_at, chance, cats, progress, award, shapes, reach, floats
):
    bit = np.int64(1) << cell
    state[_EMPTY] ^= bit
    state[cell] = patch
    color = patch // 6
    pattern = patch % 6
    state[_CMASK + color] |= bit
    state[_PMASK + pattern] |= bit
    _award_button(state, bit, color)
    _award_cat(state, bit, pattern, cats, award)
    _award_goals(state, cell, goals, goal_at)


# The three awards of a placement read and write disjoint parts of the state (a button: the
# colour's group, button mask, colours, rainbow; a cat: the pattern's group and the cat mask;
# goals: the cells), apart from the points they add to.


@njit(cache=True)
def _award_button(state, bit, color):
    group = _group(bit, state[_CMASK + color])
    if _popcount(group) >= 3 and not group & state[_BUTTON]:
        state[_BUTTON] |= group
        state[_POINTS] += BUTTON_POINTS
        state[_BCOLORS] |= np.int64(1) << color
        if state[_BCOLORS] == 63 and not state[_RAINBOW]:
            state[_RAINBOW] = 1
            state[_POINTS] += RAINBOW_POINTS


@njit(cache=True)
def _award_cat(state, bit, pattern, cats, award):
    kind = cats[pattern, _CAT_KIND]
    if kind != _K_NONE:
        group = _group(bit, state[_PMASK + pattern])
        if not group & state[_CAT] and _popcount(group) >= cats[pattern, _CAT_SIZE]:
            met = kind == _K_SIZE
            if not met:
                for k in range(cats[pattern, _CAT_SHAPES]):
                    placement = award[pattern, k]
                    if placement & group == placement:
                        met = True
                        break
            if met:
                state[_CAT] |= group
                state[_POINTS] += cats[pattern, _CAT_POINTS]


@njit(cache=True)
def _award_goals(state, cell, goals, goal_at):
    at = goal_at[cell]
    for i in range(goals.shape[0]):
        if at >> i & 1 and not goals[i, _G_MASK] & state[_EMPTY]:
            state[_POINTS] += _goal_points(state, goals[i])


# -- the parts (Evaluator) -------------------------------------------------------------------


@njit(cache=True)
def _goal_part(state, i, goals, chance):
    row = goals[i]
    filled = 0
    ccode = 0
    pcode = 0
    for k in range(6):
        p = state[row[k]]
        if p >= 0:
            filled += 1
            ccode += _POW6[p // 6]
            pcode += _POW6[p % 6]
    if filled == 6:  # a completed goal is already in the points
        return 0.0
    at = max(0, min(_SPACES, _SPACES - _popcount(state[_EMPTY]))) * _NSHAPES
    pc = chance[i, at + _SHAPE_OF[ccode]]
    pp = chance[i, _ATTRIBUTE_ROW + at + _SHAPE_OF[pcode]]
    return pc * pp * row[_G_BOTH] + (pc + pp - 2 * pc * pp) * row[_G_ONE]


@njit(cache=True)
def _color_part(state, color, floats):
    """(value of live groups short of a button, the best one of them)."""
    mask = state[_CMASK + color]
    done = state[_BUTTON]
    empty = state[_EMPTY]
    value = 0.0
    best = 0.0
    rest = mask
    while rest:
        group = _group(rest & -rest, mask)
        rest &= ~group
        if group & done or not _dilate(group) & empty:
            continue
        worth = floats[_W_SINGLE] if group & (group - 1) == 0 else floats[_W_PAIR]
        value += worth
        if worth > best:
            best = worth
    return value, best


@njit(cache=True)
def _pattern_part(state, pattern, cats, progress, shapes):
    kind = cats[pattern, _CAT_KIND]
    if kind == _K_NONE:
        return 0.0
    mask = state[_PMASK + pattern]
    dead = state[_CAT]
    empty = state[_EMPTY]
    if kind == _K_SHAPE:
        live = mask
        if dead & mask:
            rest = mask
            while rest:
                group = _group(rest & -rest, mask)
                rest &= ~group
                if group & dead:
                    live &= ~group
        open_cells = live | empty
        best = 0
        rest = live
        while rest:
            low = rest & -rest
            rest ^= low
            cell = _low_index(low)
            for k in range(1, shapes[pattern, cell, 0] + 1):
                placement = shapes[pattern, cell, k]
                if placement & ~open_cells == 0:
                    have = _popcount(placement & live)
                    if have > best:
                        best = have
        return progress[pattern, best]
    size_needed = cats[pattern, _CAT_SIZE]
    value = 0.0
    rest = mask
    while rest:
        group = _group(rest & -rest, mask)
        rest &= ~group
        if group & dead:
            continue
        size = _popcount(group)
        if size < size_needed and _dilate(group) & empty:
            value += progress[pattern, size]
    return value


@njit(cache=True)
def _all_parts(state, goals, cats, chance, progress, shapes, floats):
    parts = np.zeros(_PARTS, dtype=np.float64)
    for i in range(goals.shape[0]):
        parts[i] = _goal_part(state, i, goals, chance)
    for color in range(6):
        parts[_COLORS + color], parts[_BEST + color] = _color_part(state, color, floats)
    for pattern in range(6):
        parts[_PATTERNS + pattern] = _pattern_part(state, pattern, cats, progress, shapes)
    return parts


@njit(cache=True)
def _features(state, parts, floats):
    """The learned tables' features (``evaluation.FEATURES``), summed in that order."""
    f = np.zeros(_NF, dtype=np.float64)
    for i in range(_COLORS):
        f[0] += parts[i]
    for c in range(6):
        f[1] += parts[_COLORS + c]
    for p in range(6):
        f[2] += parts[_PATTERNS + p]
    if not state[_RAINBOW]:
        colors = state[_BCOLORS]
        missing = 6 - _popcount(colors)
        progress = 0.0
        for c in range(6):
            if not colors >> c & 1:
                progress += parts[_BEST + c]
        f[3] = floats[_W_RAINBOW + missing] + floats[_W_STEP + missing] * progress
    for c in range(6):
        left = SUPPLY - _popcount(state[_CMASK + c] & PATCH_MASK)
        f[4] += parts[_COLORS + c] * max(left, 0) / SUPPLY
    for p in range(6):
        left = SUPPLY - _popcount(state[_PMASK + p] & PATCH_MASK)
        f[5] += parts[_PATTERNS + p] * max(left, 0) / SUPPLY
    f[6] = 1.0
    return f


@njit(cache=True)
def _total_learned(state, parts, floats):
    f = _features(state, parts, floats)
    row = _W_TABLE + _NF * int(floats[_W_STAGE + _popcount(state[_EMPTY])])
    value = float(state[_POINTS])
    for k in range(_NF):
        value += floats[row + k] * f[k]
    return value


@njit(cache=True)
def _total(state, parts, floats):
    if state[_EMPTY] == 0:
        return float(state[_POINTS])
    if floats[_W_LEARNED]:
        return _total_learned(state, parts, floats)
    s = 0.0
    for k in range(_PARTS):
        s += parts[k]
    value = state[_POINTS] + s
    best = 0.0
    for c in range(6):
        best += parts[_BEST + c]
    if state[_RAINBOW]:
        return value - best
    colors = state[_BCOLORS]
    missing = 6 - _popcount(colors)
    rainbow = floats[_W_RAINBOW + missing]
    step = floats[_W_STEP + missing]
    progress = 0.0
    for c in range(6):
        if not colors >> c & 1:
            progress += parts[_BEST + c]
    return value - best + rainbow + step * progress


@njit(cache=True)
def _value(state, goals, goal_at, chance, cats, progress, award, shapes, reach, floats):
    return _total(state, _all_parts(state, goals, cats, chance, progress, shapes, floats), floats)


@njit(cache=True)
def _placement_values(
    state, patch, goals, goal_at, chance, cats, progress, award, shapes, reach, floats
):
    if not state[_EMPTY]:
        return np.full(49, -np.inf)
    parts0 = _all_parts(state, goals, cats, chance, progress, shapes, floats)
    out = np.empty((1, 49), dtype=np.float64)
    patches = np.full(1, patch, dtype=np.int64)
    _values_many(
        state,
        parts0,
        patches,
        out,
        goals,
        goal_at,
        chance,
        cats,
        progress,
        award,
        shapes,
        reach,
        floats,
    )
    return out[0]


@njit(cache=True)
def _values_many(
    state,
    parts0,
    patches,
    out,
    goals,
    goal_at,
    chance,
    cats,
    progress,
    award,
    shapes,
    reach,
    floats,
):
    """``out[k]`` = the value after placing ``patches[k]`` on each cell (-inf where not empty),
    for one or several patches, sharing what they have in common. After a placement, a
    colour part depends only on the cell when the patch is of another colour (the cell is no
    longer empty; the button mask changes only within the placed colour), and on (cell,
    colour) when it is of that colour; likewise the pattern parts; only the goals need the
    patch (and, when its learned chances depend on the stage, every goal the cell). Each part is
    computed once per cell and what it depends on; the others keep the parts of ``state``
    (``parts0``). Then each placement's parts are put together and totalled."""
    n = patches.shape[0]
    empty = state[_EMPTY]
    points = state[_POINTS]
    out[:n] = -np.inf
    any_color = np.zeros(6, dtype=np.bool_)
    any_pattern = np.zeros(6, dtype=np.bool_)
    for k in range(n):
        any_color[patches[k] // 6] = True
        any_pattern[patches[k] % 6] = True
    base = state.copy()  # the cell filled, nothing else changed: the others' parts
    work = state.copy()
    other_value = np.zeros(6)
    other_best = np.zeros(6)
    own_value = np.zeros(6)
    own_best = np.zeros(6)
    own_points = np.zeros(6, dtype=np.int64)
    own_colors = np.zeros(6, dtype=np.int64)
    own_rainbow = np.zeros(6, dtype=np.int64)
    other_pattern = np.zeros(6)
    own_pattern = np.zeros(6)
    cat_points = np.zeros(6, dtype=np.int64)
    parts = np.empty(_PARTS, dtype=np.float64)
    untouched = np.zeros(max(goals.shape[0], 1))
    rest = empty
    while rest:
        low = rest & -rest
        rest ^= low
        cell = _low_index(low)
        around = _dilate(low)
        base[_EMPTY] = empty ^ low
        for c in range(6):
            if state[_CMASK + c] & around:
                other_value[c], other_best[c] = _color_part(base, c, floats)
            if any_color[c]:
                work[:] = base
                work[_CMASK + c] |= low
                _award_button(work, low, c)
                own_value[c], own_best[c] = _color_part(work, c, floats)
                own_points[c] = work[_POINTS] - points
                own_colors[c] = work[_BCOLORS]
                own_rainbow[c] = work[_RAINBOW]
        for p in range(6):
            touch = reach[p, cell] if cats[p, _CAT_KIND] == _K_SHAPE else around
            if state[_PMASK + p] & touch:
                other_pattern[p] = _pattern_part(base, p, cats, progress, shapes)
            if any_pattern[p]:
                work[:] = base
                work[_PMASK + p] |= low
                _award_cat(work, low, p, cats, award)
                own_pattern[p] = _pattern_part(work, p, cats, progress, shapes)
                cat_points[p] = work[_POINTS] - points
        at = goal_at[cell]
        for i in range(goals.shape[0]):  # a learned chance depends on the stage
            if not at >> i & 1:
                staged = goals[i, _G_STAGED]
                untouched[i] = _goal_part(base, i, goals, chance) if staged else parts0[i]
        for k in range(n):
            patch = patches[k]
            color = patch // 6
            pattern = patch % 6
            parts[:] = parts0
            base[cell] = patch  # the goals read only the cells
            gained = own_points[color] + cat_points[pattern]
            for i in range(goals.shape[0]):
                if not at >> i & 1:
                    parts[i] = untouched[i]
                else:
                    parts[i] = _goal_part(base, i, goals, chance)
                    if not goals[i, _G_MASK] & base[_EMPTY]:
                        gained += _goal_points(base, goals[i])
            base[cell] = -1
            for c in range(6):
                if c == color:
                    parts[_COLORS + c], parts[_BEST + c] = own_value[c], own_best[c]
                elif state[_CMASK + c] & around:
                    parts[_COLORS + c], parts[_BEST + c] = other_value[c], other_best[c]
            for p in range(6):
                touch = reach[p, cell] if cats[p, _CAT_KIND] == _K_SHAPE else around
                if p == pattern:
                    parts[_PATTERNS + p] = own_pattern[p]
                elif state[_PMASK + p] & touch:
                    parts[_PATTERNS + p] = other_pattern[p]
            # what _total reads of the child
            work[_EMPTY] = empty ^ low
            work[_POINTS] = points + gained
            work[_BCOLORS] = own_colors[color]
            work[_RAINBOW] = own_rainbow[color]
            if floats[_W_LEARNED]:  # the learned supply features read the masks too
                for c in range(6):
                    work[_CMASK + c] = state[_CMASK + c] | (low if c == color else 0)
                    work[_PMASK + c] = state[_PMASK + c] | (low if c == pattern else 0)
            out[k, cell] = _total(work, parts, floats)
    return out


# -- the quick game (Beam with SearchOptions(width=1, breadth=1)) -----------------------------


@njit(cache=True)
def _first_best(values):
    """(index, value) of the first maximum: Beam's stable sorts put lower cells first."""
    best = 0
    for cell in range(1, values.shape[0]):
        if values[cell] > values[best]:
            best = cell
    return best, values[best]


@njit(cache=True)
def _distinct(candidates, patches, index):
    """The distinct patches of ``candidates`` into ``patches`` (returns how many), and for
    each candidate the index of its patch there."""
    n = 0
    for j in range(candidates.shape[0]):
        found = -1
        for q in range(n):
            if patches[q] == candidates[j]:
                found = q
        if found < 0:
            patches[n] = candidates[j]
            found = n
            n += 1
        index[j] = found
    return n


@njit(cache=True)
def _market_slot(out, n, index, value, last, second_patch, best_of):
    """The market slot whose hand earns the best bonus (``Beam.hand_bonus``, in its order of
    operations), from ``out[q]``, the placement values of the ``n`` distinct patches; ties:
    the lower slot (a slot equal to an earlier one makes the same child, which Beam drops as a
    duplicate)."""
    for q in range(n):
        best_of[q] = out[q].max()
    best_keep = best_of[index[0]]
    best = -np.inf
    slot = 0
    for m in range(3):
        a = best_keep - value
        b = best_of[index[1 + m]] - value
        if a < b:
            a, b = b, a
        worth = value + (a if last else a + second_patch * b)
        if worth > best:
            best, slot = worth, m
    return slot


@njit(cache=True)
def _hand_values(
    state, hand0, hand1, goals, goal_at, chance, cats, progress, award, shapes, reach, floats
):
    """The placement values of the two hand patches on ``state`` (a quick game's first
    stage 1), as one ``_values_many`` call on their distinct patches."""
    candidates = np.empty(2, dtype=np.int64)
    patches = np.empty(2, dtype=np.int64)
    index = np.empty(2, dtype=np.int64)
    out = np.empty((2, 49), dtype=np.float64)
    candidates[0], candidates[1] = hand0, hand1
    n = _distinct(candidates, patches, index)
    parts = _all_parts(state, goals, cats, chance, progress, shapes, floats)
    _values_many(
        state,
        parts,
        patches[:n],
        out,
        goals,
        goal_at,
        chance,
        cats,
        progress,
        award,
        shapes,
        reach,
        floats,
    )
    return out[index[0]].copy(), out[index[1]].copy()


@njit(cache=True)
def _quick_game(
    state,
    hand0,
    hand1,
    market,
    bag,
    drawn,
    turn,
    turns,
    second_patch,
    moves,
    goals,
    goal_at,
    chance,
    cats,
    progress,
    award,
    shapes,
    reach,
    floats,
):
    """The greedy game of ``Beam.run`` with width 1 and breadth 1, in place on ``state``;
    writes (hand index, cell, market slot or -1) of each turn into ``moves`` and returns the
    final node's value. Placement values computed for a hand bonus are the next turn's
    stage 1, as they are in Beam's cache."""
    values0, values1 = _hand_values(
        state, hand0, hand1, goals, goal_at, chance, cats, progress, award, shapes, reach, floats
    )
    return _quick_game_from(
        state,
        hand0,
        hand1,
        values0,
        values1,
        market,
        bag,
        drawn,
        turn,
        turns,
        second_patch,
        moves,
        goals,
        goal_at,
        chance,
        cats,
        progress,
        award,
        shapes,
        reach,
        floats,
    )


@njit(cache=True)
def _quick_games(
    states,
    hands,
    firsts,
    lefts,
    turn,
    bags,
    turns,
    second_patch,
    alive,
    finals,
    column,
    goals,
    goal_at,
    chance,
    cats,
    progress,
    award,
    shapes,
    reach,
    floats,
):
    """The quick games of several moves of one position in several sampled futures:
    ``finals[i, column + f]`` = move ``i``'s game in future ``bags[f]`` for each ``i`` of
    ``alive``. Move ``i`` left the quilt ``states[i]``, the hand ``hands[i]`` and ``lefts[i]``,
    the market patch that slides to slot 2; a future's first two patches refill slots 1 and 0
    (the conveyor), and the game goes on from turn ``turn``. ``firsts[i]`` are the hand's
    placement values on ``states[i]`` (``_hand_values``): the same in every future, so
    computed once; each game is ``_quick_game``'s, in the same order of operations."""
    moves = np.empty((turns, 3), dtype=np.int64)
    market = np.empty(3, dtype=np.int64)
    for f in range(bags.shape[0]):
        bag = bags[f]
        for i in alive:
            market[0], market[1], market[2] = bag[1], bag[0], lefts[i]
            finals[i, column + f] = _quick_game_from(
                states[i].copy(),
                hands[i, 0],
                hands[i, 1],
                firsts[i, 0],
                firsts[i, 1],
                market,
                bag,
                2,
                turn,
                turns,
                second_patch,
                moves,
                goals,
                goal_at,
                chance,
                cats,
                progress,
                award,
                shapes,
                reach,
                floats,
            )


@njit(cache=True)
def _quick_game_from(
    state,
    hand0,
    hand1,
    values0,
    values1,
    market,
    bag,
    drawn,
    turn,
    turns,
    second_patch,
    moves,
    goals,
    goal_at,
    chance,
    cats,
    progress,
    award,
    shapes,
    reach,
    floats,
):
    """``_quick_game`` given its first stage 1 (``values0``, ``values1``: read, never
    written)."""
    arrays = (goals, goal_at, chance, cats, progress, award, shapes, reach, floats)
    candidates = np.empty(4, dtype=np.int64)  # keep, then the market slots
    patches = np.empty(4, dtype=np.int64)
    index = np.empty(4, dtype=np.int64)
    out = np.empty((4, 49), dtype=np.float64)
    best_of = np.empty(4, dtype=np.float64)
    m0, m1, m2 = market[0], market[1], market[2]
    played = 0
    value = 0.0
    while turn <= turns:
        # stage 1: the best placement over both hand patches; ties: hand 0, then lower cell
        cell, value = _first_best(values0)
        h = 0
        if hand1 != hand0:
            cell1, value1 = _first_best(values1)
            if value1 > value:
                cell, value, h = cell1, value1, 1
        patch, keep = (hand0, hand1) if h == 0 else (hand1, hand0)
        last_cell = _popcount(state[_EMPTY]) == 1
        _place_state(state, cell, patch, *arrays)
        moves[played, 0], moves[played, 1], moves[played, 2] = h, cell, -1
        played += 1
        if turn == turns or last_cell:
            return value
        # stage 2: the market slot whose hand earns the best bonus
        candidates[0], candidates[1], candidates[2], candidates[3] = keep, m0, m1, m2
        n = _distinct(candidates, patches, index)
        parts = _all_parts(state, goals, cats, chance, progress, shapes, floats)
        _values_many(state, parts, patches[:n], out, *arrays)
        slot = _market_slot(out, n, index, value, turn + 1 == turns, second_patch, best_of)
        moves[played - 1, 2] = slot
        taken = m0 if slot == 0 else (m1 if slot == 1 else m2)
        # the conveyor: the nearer of the two left slides to slot 2, draws fill 1 then 0
        left = m1 if slot == 0 else m0
        m0, m1, m2 = bag[drawn + 1], bag[drawn], left
        drawn += 2
        hand0, hand1 = keep, taken
        values0 = out[index[0]].copy()
        values1 = out[index[1 + slot]].copy()
        turn += 1
    return value


# -- the table game (a multiplayer play-out, every seat the quick policy) ---------------------
# Issue 26's table simulator: the rest of a 2-4 player game (solver/game/multiplayer.py, where
# the rules are) with every seat playing the quick game's greedy policy on its own quilt and
# goals, the open market's taken slot refilled from the bag. Kept in its own section: it
# reuses the placement and evaluation functions above and changes none of them.


class TableEvaluator:
    """The evaluators of every seat of a table, stacked for ``_table_game``: the goals and the
    board-dependent shape tables per seat, the cat tables and weights shared (a table's cats
    are everyone's). Build one with ``table_evaluator_for`` (cached by the layouts)."""

    def __init__(self, layouts: tuple[Layout, ...], weights: Weights = DEFAULT_WEIGHTS):
        seats = [evaluator_for(layout, weights).arrays for layout in layouts]
        if len({layout.cats for layout in layouts}) != 1:
            raise ValueError("a table's seats share their cats")
        if len({len(layout.goal_specs) for layout in layouts}) != 1:
            raise ValueError("every seat of a table has the same number of goals")
        self.layouts = layouts
        _, _, _, cats, progress, award, _, _, floats = seats[0]  # the shared ones
        most = max(arrays[6].shape[2] for arrays in seats)
        shapes = np.zeros((len(seats), 6, 49, most), dtype=np.int64)
        for s, arrays in enumerate(seats):
            shapes[s, :, :, : arrays[6].shape[2]] = arrays[6]  # column 0 counts: padding unread
        self.arrays = (
            np.stack([arrays[0] for arrays in seats]),
            np.stack([arrays[1] for arrays in seats]),
            np.stack([arrays[2] for arrays in seats]),
            cats,
            progress,
            award,
            shapes,
            np.stack([arrays[7] for arrays in seats]),
            floats,
        )

    def table_game(
        self,
        states,
        hands,
        market,
        bag,
        drawn: int,
        taken,
        seat: int,
        second_patch: float = 0.25,
        moves=None,
    ) -> np.ndarray:
        """Play the table to its end from: each seat's packed quilt (``states``, int64[S,
        STATE_SIZE]), hand (``hands``, int64[S, 2]; a finished seat's is not read), the market
        (3), ``drawn`` patches of ``bag`` drawn, the turns each seat has taken (``taken``)
        and the seat to move. Every seat plays ``quick_game``'s greedy policy; a seat's 22nd
        turn has no market step (the project's ruling). Returns int64[S, 3], each seat's
        tiebreak key (``Quilt.tiebreak_key``: points, cat tokens, button tokens with the
        rainbow). ``moves`` (int64[S * TURNS, 4]), if given, receives each turn's (seat, hand
        index, cell, market slot or -1) in play order, then rows of -1. Nothing given is
        changed (the quilts are copied)."""
        states = np.array(states, dtype=np.int64)
        hands = np.array(hands, dtype=np.int64)
        taken = np.array(taken, dtype=np.int64)
        bag = np.asarray(bag, dtype=np.int64)
        market = np.array(market, dtype=np.int64)
        seats = states.shape[0]
        if not (hands.shape == (seats, 2) and taken.shape == (seats,) and len(market) == 3):
            raise ValueError("one hand of 2 and one turn count per seat, a market of 3")
        steps = int(sum(max(0, TURNS - 1 - t) for t in taken))  # market steps left
        if len(bag) < drawn + steps:
            raise ValueError(f"the bag has {len(bag) - drawn} patches left; {steps} needed")
        if moves is None:
            moves = np.empty((seats * TURNS, 4), dtype=np.int64)
        moves[:] = -1
        return _table_game(
            states,
            hands,
            market,
            bag,
            drawn,
            taken,
            seat,
            TURNS,
            float(second_patch),
            moves,
            *self.arrays,
        )


def _warm_table() -> None:
    """Compile the table game (``warm``): two seats of the warm-up layout, one turn each."""
    dealt = deal("warm-up")
    layout = dealt.setup.layout(
        dict(zip(map(cell_name, GOAL_CELLS), dealt.setup.goal_options, strict=False))
    )
    state = pack(Quilt(layout))
    table_evaluator_for((layout, layout)).table_game(
        [state, state],
        [dealt.hand, dealt.hand],
        dealt.market,
        dealt.bag,
        0,
        [TURNS - 1, TURNS - 1],
        0,
    )


@lru_cache(maxsize=16)
def table_evaluator_for(
    layouts: tuple[Layout, ...], weights: Weights = DEFAULT_WEIGHTS
) -> TableEvaluator:
    return TableEvaluator(layouts, weights)


@njit(cache=True)
def _components(mask):
    """How many connected groups ``mask`` holds."""
    n = 0
    rest = mask
    while rest:
        rest &= ~_group(rest & -rest, mask)
        n += 1
    return n


@njit(cache=True)
def _tiebreak(state):
    """(points, cat tokens, button tokens + rainbow) of a packed quilt. Two awarded groups of
    one colour (pattern) never touch: the later one's group would hold the earlier's cells
    and get no token, so each token is one group of the button (cat) mask in its colour
    (pattern)."""
    cats = 0
    buttons = 0
    for k in range(6):
        cats += _components(state[_CAT] & state[_PMASK + k])
        buttons += _components(state[_BUTTON] & state[_CMASK + k])
    return state[_POINTS], cats, buttons + state[_RAINBOW]


@njit(cache=True)
def _table_game(
    states,
    hands,
    market,
    bag,
    drawn,
    taken,
    seat,
    turns,
    second_patch,
    moves,
    goals,
    goal_at,
    chance,
    cats,
    progress,
    award,
    shapes,
    reach,
    floats,
):
    """``TableEvaluator.table_game`` in place on its copies: each seat's turn is
    ``_quick_game``'s (stage 1 the best placement of either hand patch, stage 2 the market
    slot of the best hand bonus, the same ties), the taken slot refilled from ``bag``."""
    seats = states.shape[0]
    candidates = np.empty(4, dtype=np.int64)
    patches = np.empty(4, dtype=np.int64)
    index = np.empty(4, dtype=np.int64)
    out = np.empty((4, 49), dtype=np.float64)
    best_of = np.empty(4, dtype=np.float64)
    values = np.empty((seats, 2, 49), dtype=np.float64)  # each seat's stage 1, kept between turns
    for s in range(seats):
        if not states[s, _EMPTY]:
            taken[s] = turns
        if taken[s] >= turns:
            continue
        arrays = (
            goals[s],
            goal_at[s],
            chance[s],
            cats,
            progress,
            award,
            shapes[s],
            reach[s],
            floats,
        )
        candidates[0], candidates[1] = hands[s, 0], hands[s, 1]
        n = _distinct(candidates[:2], patches, index)
        parts = _all_parts(states[s], goals[s], cats, chance[s], progress, shapes[s], floats)
        _values_many(states[s], parts, patches[:n], out, *arrays)
        values[s, 0] = out[index[0]]
        values[s, 1] = out[index[1]]
    played = 0
    left = 0
    for s in range(seats):
        left += turns - taken[s]
    while left > 0:
        if taken[seat] >= turns:
            seat = (seat + 1) % seats
            continue
        state = states[seat]
        arrays = (
            goals[seat],
            goal_at[seat],
            chance[seat],
            cats,
            progress,
            award,
            shapes[seat],
            reach[seat],
            floats,
        )
        hand0, hand1 = hands[seat, 0], hands[seat, 1]
        cell, value = _first_best(values[seat, 0])
        h = 0
        if hand1 != hand0:
            cell1, value1 = _first_best(values[seat, 1])
            if value1 > value:
                cell, value, h = cell1, value1, 1
        patch, keep = (hand0, hand1) if h == 0 else (hand1, hand0)
        _place_state(state, cell, patch, *arrays)
        moves[played, 0], moves[played, 1], moves[played, 2] = seat, h, cell
        played += 1
        taken[seat] += 1
        left -= 1
        turn = taken[seat]  # the turn just played
        if turn >= turns or not state[_EMPTY]:
            left -= turns - taken[seat]
            taken[seat] = turns
            hands[seat, 0], hands[seat, 1] = keep, -1
        else:
            candidates[0] = keep
            candidates[1], candidates[2], candidates[3] = market[0], market[1], market[2]
            n = _distinct(candidates, patches, index)
            parts = _all_parts(
                state, goals[seat], cats, chance[seat], progress, shapes[seat], floats
            )
            _values_many(state, parts, patches[:n], out, *arrays)
            slot = _market_slot(out, n, index, value, turn + 1 == turns, second_patch, best_of)
            moves[played - 1, 3] = slot
            hands[seat, 0], hands[seat, 1] = keep, market[slot]
            market[slot] = bag[drawn]  # the open market: the taken slot refilled from the bag
            drawn += 1
            values[seat, 0] = out[index[0]]
            values[seat, 1] = out[index[1 + slot]]
        seat = (seat + 1) % seats
    keys = np.empty((seats, 3), dtype=np.int64)
    for s in range(seats):
        keys[s, 0], keys[s, 1], keys[s, 2] = _tiebreak(states[s])
    return keys


# -- self-play for the learned goal chances (research/learn_goal_chances.py) ---------------------


def goal_outcomes(
    fast: Evaluator,
    state,
    hand,
    market,
    pool,
    games: int,
    seed: int,
    counts: np.ndarray,
    second_patch: float,
) -> float:
    """Play ``games`` quick games from turn 1 of the packed empty quilt ``state`` with
    ``hand`` and ``market``, each with ``pool`` (the rest of the patches) shuffled anew
    (Numba's generator seeded with ``seed``: the same games every run), and add to
    ``counts[goal, attribute, stage, shape, 0]`` each goal attribute's visits after every
    placement but the last and to ``[..., 1]`` those where that attribute ended met (goal in
    ``GOALS`` order, stage and shape as ``GoalChances``). Returns the games' mean score."""
    kinds = np.array([GOAL_INDEX[goal.id] for _, goal in fast.layout.goal_specs], dtype=np.int64)
    market = np.asarray(market, dtype=np.int64)
    total = _goal_outcomes(
        state,
        int(hand[0]),
        int(hand[1]),
        market,
        np.array(pool, dtype=np.int64),
        games,
        seed,
        kinds,
        counts,
        float(second_patch),
        *fast.arrays,
    )
    return total / games


@njit(cache=True)
def _goal_outcomes(
    state0,
    hand0,
    hand1,
    market,
    pool,
    games,
    seed,
    kinds,
    counts,
    second_patch,
    goals,
    goal_at,
    chance,
    cats,
    progress,
    award,
    shapes,
    reach,
    floats,
):
    np.random.seed(seed)
    bag = pool.copy()
    moves = np.empty((TURNS, 3), dtype=np.int64)
    placed_at = np.zeros(49, dtype=np.int64)  # the placement that filled a cell (0: before)
    total = 0.0
    for _ in range(games):
        np.random.shuffle(bag)
        state = state0.copy()
        total += _quick_game(
            state,
            hand0,
            hand1,
            market,
            bag,
            0,
            1,
            TURNS,
            second_patch,
            moves,
            goals,
            goal_at,
            chance,
            cats,
            progress,
            award,
            shapes,
            reach,
            floats,
        )
        placed_at[:] = 0
        for t in range(TURNS):
            placed_at[moves[t, 1]] = t + 1
        for i in range(goals.shape[0]):
            met_c, met_p = _goal_met(state, goals[i])
            for stage in range(1, _SPACES):
                filled = 0
                ccode = 0
                pcode = 0
                for k in range(6):
                    cell = goals[i, k]
                    if placed_at[cell] <= stage:
                        filled += 1
                        ccode += _POW6[state[cell] // 6]
                        pcode += _POW6[state[cell] % 6]
                if filled < 6:
                    row = counts[kinds[i], 0, stage, _SHAPE_OF[ccode]]
                    row[0] += 1
                    row[1] += met_c
                    row = counts[kinds[i], 1, stage, _SHAPE_OF[pcode]]
                    row[0] += 1
                    row[1] += met_p
    return total


def warm() -> float:
    """Compile every function (or load them from Numba's disk cache), so that the first
    search of a process is not the one that pays (bench/fastcore_speed.py prints what a first
    call costs). Returns the seconds it took."""
    started = time.perf_counter()
    dealt = deal("warm-up")
    setup = dealt.setup
    layout = setup.layout(dict(zip(map(cell_name, GOAL_CELLS), setup.goal_options, strict=False)))
    fast = evaluator_for(layout)
    state = pack(Quilt(layout))
    fast.quick_game(state, dealt.hand, dealt.market, dealt.bag, 0, TURNS - 1, 0.25)
    states, hands = state[None, :], np.array([dealt.hand], dtype=np.int64)
    fast.quick_games(
        states,
        hands,
        fast.first_values(states, hands),
        np.array(dealt.market[:1], dtype=np.int64),
        TURNS,
        np.array([dealt.bag]),
        0.25,
        [0],
        np.zeros((1, 1)),
        0,
    )
    fast.placement_values(state, 0)
    fast.value(state)
    _warm_table()
    return time.perf_counter() - started


__all__ = [
    "STATE_SIZE",
    "Evaluator",
    "TableEvaluator",
    "evaluator_for",
    "goal_outcomes",
    "pack",
    "table_evaluator_for",
    "warm",
]
