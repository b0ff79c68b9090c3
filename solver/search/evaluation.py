"""How good a partial quilt is: what the evaluation judges, and the tables it judges with.

The value of a quilt is ``quilt.points`` (tokens and completed goals, as ``Quilt`` awarded
them) plus a discounted estimate of the points still within reach, as a sum of parts:

- goals: each incomplete goal whose colours (patterns) can still form its counts, weighted
  by how many neighbours are still empty and by how many values would keep it feasible
  (``attribute_chance``);
- cats: live same-pattern groups (touching no scored area, with an empty cell to grow into)
  by their progress towards a size cat; for shape cats the most advanced placement of the
  shape that uses only empty cells and the pattern's live patches (``shape_tables``);
- buttons: live colour groups of one or two patches with an empty cell to grow into, and
  rainbow progress (a colour still missing a button is worth more as the rainbow nears).

The evaluation itself is computed in one place, the compiled core (``fastcore.Evaluator``),
from tables built here and there. Every number that is a judgement rather than a rule is in
``Weights``; the rules themselves (awards, goal tests) stay in ``solver.game``. The tests
hold a plain-Python evaluation written apart from this one, as their oracle
(``tests/solver/search/reference_evaluation.py``).
"""

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import numpy as np

from solver.game import GOALS, PATCH_CELLS
from solver.game.hexgrid import shape_placements

PATCH_MASK = sum(1 << c for c in PATCH_CELLS)


@dataclass(frozen=True)
class Weights:
    """Judgement calls of the evaluation, tuned on seeds outside the public bench set."""

    # chance that one attribute of a goal is still met, by empty neighbours (0..6)
    goal_by_empty: tuple[float, ...] = (1.0, 0.62, 0.5, 0.42, 0.36, 0.32, 0.3)
    goal_openness: float = 0.5  # share of that chance which depends on how many values fit
    cat_progress_power: float = 2.0  # convexity: a group nearly done is worth much more
    cat_scale: float = 0.75  # a live group's share of the cat's points at full progress
    button_two: float = 1.5  # a live colour pair that can still grow to three
    button_one: float = 0.35  # a live single patch that can still grow
    rainbow_scale: float = 0.6  # per missing colour, the rainbow's value shrinks by this


DEFAULT_WEIGHTS = Weights()
# The quick greedy game's own: tuned for the final score of that game (research/tune_weights.py
# --strategy playout, 800 tune deals: 58.8 -> 59.6; 800 other deals: 58.7 -> 59.6), where
# DEFAULT_WEIGHTS are tuned for the beam. Hindsight's pilot searches with them.
PLAYOUT_WEIGHTS = Weights(goal_openness=0.385, button_one=0.455)


# -- learned tables (option ``learned``) ------------------------------------------------------
# The same parts, weighed per stage of the game by tables fitted on play-out outcomes
# (research/fit_evaluation.py): value = points + sum_k table[stage][k] * feature_k. The features
# are the evaluation's own sums, plus two supply-aware ones: each colour's (pattern's) part
# times the share of its patches not yet in the quilt (3 copies of 6 kinds; the evaluator
# sees only the quilt, so the market and discards are not counted: a proxy for the unseen).
FEATURES = ("goals", "colours", "patterns", "rainbow", "colour_supply", "pattern_supply", "one")
STAGES = 4
SUPPLY = 18  # patches of one colour (or pattern) in the pool: 3 copies of 6 kinds
LEARNED_FILE = Path(__file__).with_name("learned_evaluation.json")


def stage_of(empty: int) -> int:
    """The stage (0..3) of a quilt with ``empty`` patch spaces left (22 at the start): by
    turns played, 0-5, 6-10, 11-16, 17-22 placements made."""
    played = len(PATCH_CELLS) - empty
    return 0 if played <= 5 else 1 if played <= 10 else 2 if played <= 16 else 3


@dataclass(frozen=True)
class LearnedTables:
    """One fitted set: ``tables[stage][k]`` weighs ``FEATURES[k]``."""

    number: int
    tables: tuple[tuple[float, ...], ...]


@cache
def learned_tables(number: int) -> LearnedTables:
    """Set ``number`` of ``learned_evaluation.json``; ValueError naming a missing one."""
    sets = json.loads(LEARNED_FILE.read_text()) if LEARNED_FILE.exists() else {}
    found = sets.get(str(number))
    if found is None:
        raise ValueError(
            f"learned must name a fitted set ({', '.join(sets) or 'none yet'}), not {number}"
        )
    tables = tuple(tuple(float(x) for x in row) for row in found["tables"])
    if found["features"] != list(FEATURES) or len(tables) != STAGES:
        raise ValueError(f"learned set {number} was fitted for other features or stages")
    return LearnedTables(number, tables)


def _partitions(total: int, most: int | None = None) -> list[tuple[int, ...]]:
    """The ways to write ``total`` as a sum of parts at most ``most``, largest first."""
    most = total if most is None else most
    if total == 0:
        return [()]
    return [
        (first, *rest)
        for first in range(min(total, most), 0, -1)
        for rest in _partitions(total - first, first)
    ]


# -- learned goal chances (option ``goal_chances``) ------------------------------------------
# A goal attribute's chance depends on its filled neighbours only through their count shape
# (values are interchangeable): (2, 1) for a a b. The evaluation keeps its chances per goal
# tile, attribute (colours, patterns), stage (placements made after the placement, 0..22)
# and shape, so that a table learned by self-play (research/learn_goal_chances.py: how often
# a goal's attribute ended met from there under the quick game) can stand in for today's.
SHAPES = tuple(shape for filled in range(6) for shape in _partitions(filled))  # 19 shapes
SHAPE_INDEX = {shape: k for k, shape in enumerate(SHAPES)}
GOAL_STAGES = len(PATCH_CELLS) + 1
GOAL_INDEX = {goal.id: k for k, goal in enumerate(GOALS)}
CHANCES_DIR = Path(__file__).with_name("learned")


@dataclass(frozen=True, eq=False)
class GoalChances:
    """One learned set: ``table[goal, attribute, stage, shape]``, a chance in [0, 1] (goal in
    ``GOALS`` order, attribute 0 colours and 1 patterns, shape in ``SHAPES`` order)."""

    number: int
    table: np.ndarray


@cache
def goal_chances(number: int) -> GoalChances:
    """Set ``number`` (``learned/goal_chances-N.npz``), loaded once a process; ValueError
    naming a missing one."""
    path = CHANCES_DIR / f"goal_chances-{number}.npz"
    if not path.exists():
        sets = sorted(int(p.stem.rsplit("-", 1)[1]) for p in CHANCES_DIR.glob("goal_chances-*"))
        named = ", ".join(map(str, sets)) or "none yet"
        raise ValueError(f"goal_chances must name a learned set ({named}), not {number}")
    with np.load(path) as data:
        table = np.array(data["table"], dtype=np.float64)
    if table.shape != (len(GOALS), 2, GOAL_STAGES, len(SHAPES)):
        raise ValueError(f"goal chances set {number} has the shape {table.shape}")
    return GoalChances(number, table)


def hand_chances(target: tuple[int, ...], weights: "Weights") -> np.ndarray:
    """Today's chance of each shape (``SHAPES`` order) for a goal of counts ``target``."""
    return np.array(
        [
            attribute_chance(
                [v for v, n in enumerate(shape) for _ in range(n)],
                target,
                weights.goal_by_empty[6 - sum(shape)],
                weights.goal_openness,
            )
            for shape in SHAPES
        ]
    )


def feasible(counts, target: tuple[int, ...]) -> bool:
    """Whether filled counts (any order) can still grow into the ``target`` multiset:
    sorted descending, each count must fit the target part of the same rank."""
    if len(counts) > len(target):
        return False
    counts = sorted(counts, reverse=True)
    return all(c <= t for c, t in zip(counts, target, strict=False))


def attribute_chance(values, target, base: float, openness: float) -> float:
    """Chance-like weight that the colours (or patterns) of a goal's filled neighbours end up
    meeting ``target``: 0 when already impossible, else ``base`` scaled by the share of the
    six values that would keep it possible if placed next."""
    fitting = _fitting(tuple(sorted(values)), target)
    if fitting < 0:
        return 0.0
    return base * ((1 - openness) + openness * fitting / 6)


@cache  # few sorted value tuples exist
def _fitting(values: tuple[int, ...], target) -> int:
    """How many of the six values keep ``target`` feasible if added; -1 if it is already
    infeasible."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    if not feasible(counts.values(), target):
        return -1
    found = 0
    for v in range(6):
        counts[v] = counts.get(v, 0) + 1
        found += feasible([c for c in counts.values() if c], target)
        counts[v] -= 1
    return found


@lru_cache(maxsize=256)
def shape_tables(shape, border_mask: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """A shape cat's placements that could ever hold it (within the patch spaces and the
    border patches of its patterns, ``border_mask``), by cell; and for each cell the cells
    whose filling can change the best placement through it (their union)."""
    allowed = PATCH_MASK | border_mask
    placements = [p for p in shape_placements(shape) if p & ~allowed == 0]
    by_cell = tuple(tuple(p for p in placements if p >> cell & 1) for cell in range(49))
    reach = []
    for through in by_cell:
        union = 0
        for placement in through:
            union |= placement
        reach.append(union)
    return by_cell, tuple(reach)


__all__ = [
    "DEFAULT_WEIGHTS",
    "FEATURES",
    "GOAL_INDEX",
    "GOAL_STAGES",
    "PLAYOUT_WEIGHTS",
    "SHAPES",
    "SHAPE_INDEX",
    "STAGES",
    "SUPPLY",
    "GoalChances",
    "LearnedTables",
    "Weights",
    "attribute_chance",
    "feasible",
    "goal_chances",
    "hand_chances",
    "learned_tables",
    "shape_tables",
    "stage_of",
]
