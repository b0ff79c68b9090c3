"""The compiled quick game (``FastLayout.quick_game``) against the search it mirrors:
``Beam(evaluator, SearchOptions(width=1, breadth=1)).run([node], bag, TURNS)`` from random
mid-game positions must reach the same final value by the same moves; and ``pilot``, which
plays its rollouts with it, must find the game the Python rollouts find."""

import random

import numpy as np
import pytest
from test_fastcore import buttoned_quilt, random_layout, random_quilt  # same directory

from solver.game import SETUP_KINDS, TURNS, VARIANTS, SoloGame, deal
from solver.search.beam import Beam, SearchOptions, pilot
from solver.search.fastcore import _all_parts, _values_many, evaluator_for, pack
from solver.search.goal_choice import QUICK, arrangements, quick_game

TOLERANCE = 1e-9


def random_game(rng: random.Random) -> SoloGame:
    """A dealt game (any setup kind, variant and goal arrangement) after random moves."""
    dealt = deal(f"rollout-{rng.random()}", rng.choice(SETUP_KINDS), rng.choice(VARIANTS))
    setup = dealt.setup
    goals = None if setup.goals is not None or setup.family else rng.choice(arrangements(setup))
    game = SoloGame.start(dealt, goals)
    for _ in range(rng.choice((0, rng.randint(0, 21), rng.randint(15, 21)))):
        game.play(rng.choice(game.legal_moves()))
    return game


def with_repeats(game: SoloGame, rng: random.Random) -> SoloGame:
    """The same position with equal patches in hand and market (Beam then skips a hand
    patch's second set of placements and drops duplicate children), and in the bag."""
    hand, market = list(game.hand), list(game.market)
    patch = rng.choice(hand + market)
    for k in rng.sample(range(5), rng.randint(1, 3)):
        (hand if k < 2 else market)[k % 2 if k < 2 else k - 2] = patch
    bag = game.remaining_bag
    for k in range(0, len(bag) - 1, 2):
        if rng.random() < 0.3:
            bag[k + 1] = bag[k]
    return SoloGame(game.setup, game.quilt, hand, market, bag, turn=game.turn)


def test_values_many_is_placement_values_for_each_patch():
    """The quick game values up to four patches at once, sharing the parts that depend only
    on the cell or on its colour or pattern: every value must be placement_values' own."""
    rng = random.Random(29)
    out = np.empty((4, 49))
    for _ in range(300):
        layout = random_layout(rng)
        placed = rng.randint(0, 21)
        if rng.random() < 0.2:  # at or near the rainbow
            quilt = buttoned_quilt(layout, rng, rng.randint(5, 6), placed // 4)
        else:
            quilt = random_quilt(layout, rng, placed)
        fast = evaluator_for(layout)
        state = pack(quilt)
        goals, _, chance, cats, progress, _, shapes, _, floats = fast.arrays
        parts = _all_parts(state, goals, cats, chance, progress, shapes, floats)
        # patches sharing colours and patterns, as a hand and market often do
        pool = [rng.randrange(36) for _ in range(3)]
        patches = np.array([rng.choice([*pool, rng.randrange(36)]) for _ in range(4)])
        patches = np.array(sorted(set(patches.tolist())), dtype=np.int64)
        _values_many(state, parts, patches, out, *fast.arrays)
        for k, patch in enumerate(patches):
            assert np.array_equal(out[k], fast.placement_values(state, int(patch)))


def python_game(game: SoloGame, second_patch: float):
    beam = Beam(evaluator_for(game.quilt.layout), SearchOptions(1, 1, second_patch))
    root = beam.root(game.quilt, game.hand, game.market, game.turn)
    return beam.run([root], game.remaining_bag, TURNS)[0]


def test_the_quick_game_plays_the_beam_game_on_random_positions():
    rng = random.Random(20261129)
    seen = {"repeats": 0, "last turn": 0, "first turn": 0}
    for k in range(400):
        game = random_game(rng)
        if k % 4 == 0:
            game = with_repeats(game, rng)
            seen["repeats"] += 1
        seen["last turn"] += game.turn == TURNS
        seen["first turn"] += game.turn == 1
        second_patch = rng.choice((0.25, 0.25, 0.0, 0.6, 1.0))
        final = python_game(game, second_patch)
        fast = evaluator_for(game.quilt.layout)
        moves = np.full((TURNS, 3), -9, dtype=np.int64)
        value = fast.quick_game(
            pack(game.quilt),
            game.hand,
            game.market,
            np.array(game.remaining_bag),
            0,
            game.turn,
            second_patch,
            moves,
        )
        assert abs(value - final.value) <= TOLERANCE, (k, value, final.value)
        line = final.line()
        expected = [
            (m.hand_index, m.cell, -1 if m.market_index is None else m.market_index) for m in line
        ]
        assert [tuple(row) for row in moves[: len(line)].tolist()] == expected, k
    assert all(count >= 10 for count in seen.values()), seen


def test_goal_choice_quick_game_is_the_beam_game():
    rng = random.Random(5)
    for k in range(12):
        dealt = deal(f"quick-{k}")
        goals = rng.choice(arrangements(dealt.setup))
        layout = dealt.setup.layout(goals)
        game = SoloGame.start(dealt, goals)
        expected = python_game(game, QUICK.second_patch).value
        assert abs(quick_game(Beam(evaluator_for(layout), QUICK), dealt) - expected) <= TOLERANCE


def test_a_finished_game_and_a_short_bag():
    rng = random.Random(3)
    game = random_game(rng)
    while not game.finished:
        game.play(rng.choice(game.legal_moves()))
    fast = evaluator_for(game.quilt.layout)
    state = pack(game.quilt)
    assert fast.quick_game(state, (), (), np.array([], dtype=np.int64), 0, TURNS + 1, 0.25) == (
        game.quilt.points
    )
    game = random_game(random.Random(4))
    with pytest.raises(ValueError, match="bag"):
        fast = evaluator_for(game.quilt.layout)
        fast.quick_game(
            pack(game.quilt),
            game.hand,
            game.market,
            game.remaining_bag[:3],
            0,
            min(game.turn, TURNS - 3),
            0.25,
        )


def reference_pilot(beam: Beam, rollout: Beam, root, bag, width: int):
    """``pilot`` as it was, every rollout played by ``rollout.run``."""
    best = rollout.run([root], bag, TURNS)[0]
    nodes = [root]
    while nodes[0].turn <= TURNS:
        scored = []
        for child in beam.step(nodes, bag):
            final = rollout.run([child], bag, TURNS)[0]
            if final.value > best.value:
                best = final
            scored.append((final.value, child.value, child))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        nodes = [child for _, _, child in scored[:width]]
    return best


def test_pilot_with_compiled_rollouts_finds_the_python_rollouts_game():
    rng = random.Random(11)
    for _ in range(6):
        game = random_game(rng)
        found = []
        for search in (pilot, reference_pilot):
            beam = Beam(evaluator_for(game.quilt.layout), SearchOptions(width=6, breadth=3))
            root = beam.root(game.quilt, game.hand, game.market, game.turn)
            final = search(beam, beam.with_options(QUICK), root, game.remaining_bag, 3)
            found.append((final.value, final.line()))
        assert found[0] == found[1]
        assert len(found[0][1]) == TURNS - game.turn + 1
