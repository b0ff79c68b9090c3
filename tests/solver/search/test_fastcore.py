"""The compiled evaluation against the plain-Python one written apart from it
(``reference_evaluation.py``, the oracle): for random layouts and random partial quilts,
every cell's value after every patch must be ``Reference(layout).value(child)`` of the child
that ``Quilt.place`` makes."""

import math
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_evaluation import Evaluator as Reference  # same directory

from solver.game import (
    GOAL_CELLS,
    NEIGHBOURS,
    SETUP_KINDS,
    VARIANTS,
    Layout,
    Quilt,
    cell_name,
    deal,
)
from solver.game.boards import BOARD_NAMES
from solver.game.cats import CATS
from solver.game.goals import GOAL_IDS
from solver.game.patches import PATTERNS
from solver.search.evaluation import Weights
from solver.search.fastcore import Evaluator, pack
from solver.search.goal_choice import arrangements

TOLERANCE = 1e-9


def random_layout(rng: random.Random) -> Layout:
    """Half dealt (every setup kind and variant), half built from any cats and goals."""
    if rng.random() < 0.5:
        dealt = deal(f"fast-{rng.random()}", rng.choice(SETUP_KINDS), rng.choice(VARIANTS))
        setup = dealt.setup
        if setup.goals is not None or setup.family:
            return setup.layout()
        return setup.layout(rng.choice(arrangements(setup)))
    patterns = rng.sample(PATTERNS, 6)
    cats = [
        (cat.id, tuple(patterns[2 * k : 2 * k + 2])) for k, cat in enumerate(rng.sample(CATS, 3))
    ]
    goals = dict(zip((cell_name(c) for c in GOAL_CELLS), rng.sample(GOAL_IDS, 3), strict=True))
    return Layout.build(rng.choice(BOARD_NAMES), goals, cats, rng.random() < 0.15)


def random_quilt(layout: Layout, rng: random.Random, placed: int) -> Quilt:
    """A quilt with ``placed`` patches from a palette of a few colours and patterns (so that
    groups merge and buttons, cats and the rainbow happen), often next to a patch of the same
    colour, pattern or both."""
    quilt = Quilt(layout)
    colors = rng.sample(range(6), rng.randint(1, 6))
    patterns = rng.sample(range(6), rng.randint(1, 6))
    like = rng.choice(
        (lambda a, b: a == b, lambda a, b: a // 6 == b // 6, lambda a, b: a % 6 == b % 6)
    )
    for _ in range(placed):
        patch = rng.choice(colors) * 6 + rng.choice(patterns)
        cells = quilt.empty_cells
        near = [
            c
            for c in cells
            if any(quilt.cells[n] >= 0 and like(quilt.cells[n], patch) for n in NEIGHBOURS[c])
        ]
        quilt.place(rng.choice(near if near and rng.random() < 0.7 else cells), patch)
    return quilt


def buttoned_quilt(layout: Layout, rng: random.Random, colors: int, placed: int) -> Quilt:
    """A quilt where ``colors`` colours (5 or 6: near or at the rainbow) tried to earn a button
    with two patches next to a border patch of their colour, then random patches."""
    quilt = Quilt(layout)
    for color in rng.sample(range(6), colors):
        for cell in rng.sample(quilt.empty_cells, len(quilt.empty_cells)):
            if any(quilt.cells[n] // 6 == color for n in NEIGHBOURS[cell] if quilt.cells[n] >= 0):
                free = [n for n in NEIGHBOURS[cell] if quilt.empty_mask >> n & 1]
                if free:
                    quilt.place(cell, color * 6 + rng.randrange(6))
                    quilt.place(rng.choice(free), color * 6 + rng.randrange(6))
                    break
    for _ in range(min(placed, len(quilt.empty_cells) - 1)):
        quilt.place(rng.choice(quilt.empty_cells), rng.randrange(36))
    return quilt


def check(quilt: Quilt, evaluator: Reference, fast: Evaluator, patches) -> int:
    """Compare every cell for each patch; returns how many placements were compared."""
    state = pack(quilt)
    assert fast.value(state) == evaluator.value(quilt) or math.isclose(
        fast.value(state), evaluator.value(quilt), abs_tol=TOLERANCE
    )
    compared = 0
    for patch in patches:
        values = fast.placement_values(state, patch)
        assert values.shape == (49,)
        for cell in range(49):
            if not quilt.empty_mask >> cell & 1:
                assert values[cell] == -math.inf, (cell, patch)
                continue
            child = quilt.copy()
            child.place(cell, patch)
            expected = evaluator.value(child)
            assert abs(values[cell] - expected) <= TOLERANCE, (quilt.placements, cell, patch)
            compared += 1
    return compared


def test_every_placement_matches_the_reference_on_random_positions():
    rng = random.Random(20261129)
    compared = positions = 0
    seen = {"rainbow": 0, "cats": 0, "shape cats": 0, "goals": 0}
    shaped = {cat.id for cat in CATS if cat.shape}
    for _ in range(250):
        layout = random_layout(rng)
        evaluator, fast = Reference(layout), Evaluator(layout)
        for placed in (rng.randint(0, 8), rng.randint(9, 16), rng.randint(17, 21)):
            if rng.random() < 0.2:
                quilt = buttoned_quilt(layout, rng, rng.randint(5, 6), placed // 4)
            else:
                quilt = random_quilt(layout, rng, placed)
            # every patch 0..35 over a layout's three quilts, a third of them each
            patches = range(placed % 3, 36, 3)
            compared += check(quilt, evaluator, fast, patches)
            positions += len(patches)
            seen["rainbow"] += quilt.rainbow
            seen["cats"] += bool(quilt.cat_tokens)
            seen["shape cats"] += any(cat in shaped for cat, _, _ in quilt.cat_tokens)
            seen["goals"] += quilt.points > quilt.cat_points() + quilt.button_points()
    assert positions >= 9000 and compared >= 80_000, (positions, compared)
    assert all(count >= 10 for count in seen.values()), seen


def test_a_full_quilt_has_no_placement_and_other_weights_are_mirrored():
    rng = random.Random(7)
    layout = random_layout(rng)
    quilt = random_quilt(layout, rng, 22)
    fast = Evaluator(layout)
    assert np.all(fast.placement_values(pack(quilt), 0) == -math.inf)
    assert fast.value(pack(quilt)) == quilt.points
    weights = Weights(goal_openness=0.3, cat_progress_power=1.5, button_two=2.0, rainbow_scale=0.5)
    for placed in (3, 12, 20):
        quilt = random_quilt(layout, rng, placed)
        check(quilt, Reference(layout, weights), Evaluator(layout, weights), range(0, 36, 5))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    placements=st.lists(st.tuples(st.integers(0, 48), st.integers(0, 35)), max_size=21),
    patch=st.integers(0, 35),
)
def test_fast_core_matches_the_reference_property(seed, placements, patch):
    layout = random_layout(random.Random(seed))
    quilt = Quilt(layout)
    for cell, placed in placements:
        if quilt.empty_mask >> cell & 1:
            quilt.place(cell, placed)
    check(quilt, Reference(layout), Evaluator(layout), (patch,))
