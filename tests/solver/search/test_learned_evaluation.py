"""Learned tables (option ``learned``): the compiled core weighs the parts per stage as the
plain-Python reference does, the quick game still plays the Python beam's game with them, and
with the option off everything is as it was (the same values, moves and hint keys)."""

import json
import random

import numpy as np
import pytest
from reference_evaluation import Evaluator as Reference  # same directory
from test_fastcore import buttoned_quilt, check, random_layout, random_quilt  # same directory
from test_rollout import random_game  # same directory

from solver.game import TURNS, SoloGame, deal
from solver.search import make_player
from solver.search.beam import Beam, SearchOptions
from solver.search.evaluation import (
    FEATURES,
    LEARNED_FILE,
    STAGES,
    LearnedTables,
    learned_tables,
    stage_of,
)
from solver.search.fastcore import Evaluator, _all_parts, _values_many, evaluator_for, pack
from solver.search.hints import position_key

TOLERANCE = 1e-9


def random_tables(rng: random.Random) -> LearnedTables:
    """Weights far from today's, so that every feature and stage shows in the values."""
    return LearnedTables(
        0, tuple(tuple(rng.uniform(-2, 3) for _ in FEATURES) for _ in range(STAGES))
    )


def test_stages_by_placements_made():
    assert [stage_of(22 - placed) for placed in range(23)] == (
        [0] * 6 + [1] * 5 + [2] * 6 + [3] * 6
    )


def test_every_placement_matches_the_reference_with_learned_tables():
    rng = random.Random(20261201)
    positions = 0
    stages = set()
    for _ in range(60):
        layout = random_layout(rng)
        learned = random_tables(rng)
        evaluator, fast = Reference(layout, learned=learned), Evaluator(layout, learned=learned)
        for placed in (rng.randint(0, 5), rng.randint(6, 12), rng.randint(13, 21)):
            if rng.random() < 0.2:
                quilt = buttoned_quilt(layout, rng, rng.randint(5, 6), placed // 4)
            else:
                quilt = random_quilt(layout, rng, placed)
            check(quilt, evaluator, fast, range(placed % 4, 36, 4))
            stages.add(stage_of(quilt.empty_mask.bit_count() - 1))
            positions += 1
    assert positions == 180 and stages == {0, 1, 2, 3}


def test_values_many_and_the_quick_game_with_learned_tables():
    """The quick game values several patches at once (the child's masks are rebuilt for the
    supply features): each value is placement_values' own, and the game is the beam's."""
    rng = random.Random(31)
    out = np.empty((4, 49))
    for _ in range(100):
        layout = random_layout(rng)
        fast = Evaluator(layout, learned=random_tables(rng))
        state = pack(random_quilt(layout, rng, rng.randint(0, 21)))
        goals, _, chance, cats, progress, _, shapes, _, floats = fast.arrays
        parts = _all_parts(state, goals, cats, chance, progress, shapes, floats)
        patches = np.array(sorted({rng.randrange(36) for _ in range(4)}), dtype=np.int64)
        _values_many(state, parts, patches, out, *fast.arrays)
        for k, patch in enumerate(patches):
            assert np.array_equal(out[k], fast.placement_values(state, int(patch)))
    for k in range(40):
        game = random_game(rng)
        fast = evaluator_for(game.quilt.layout, learned=random_tables(random.Random(k)))
        beam = Beam(fast, SearchOptions(1, 1, 0.25))
        root = beam.root(game.quilt, game.hand, game.market, game.turn)
        final = beam.run([root], game.remaining_bag, TURNS)[0]
        moves = np.full((TURNS, 3), -9, dtype=np.int64)
        bag = np.array(game.remaining_bag)
        value = fast.quick_game(
            pack(game.quilt), game.hand, game.market, bag, 0, game.turn, 0.25, moves
        )
        assert abs(value - final.value) <= TOLERANCE, k
        line = [
            (m.hand_index, m.cell, -1 if m.market_index is None else m.market_index)
            for m in final.line()
        ]
        assert [tuple(row) for row in moves[: len(line)].tolist()] == line, k


def test_learned_tables_change_the_values_and_off_keeps_todays():
    rng = random.Random(8)
    layout = random_layout(rng)
    state = pack(random_quilt(layout, rng, 9))
    today = Evaluator(layout)
    learned = Evaluator(layout, learned=random_tables(rng))
    assert not np.array_equal(today.placement_values(state, 3), learned.placement_values(state, 3))
    # the first 16 floats (today's weights) are the same, and with the option off the flag is 0
    assert today.arrays[-1][16] == 0 and np.array_equal(
        today.arrays[-1][:16], learned.arrays[-1][:16]
    )


def test_the_fitted_sets_load_and_a_missing_one_is_named():
    sets = json.loads(LEARNED_FILE.read_text())
    for number, fitted in sets.items():
        tables = learned_tables(int(number))
        assert fitted["features"] == list(FEATURES) and len(tables.tables) == STAGES
    with pytest.raises(ValueError, match="learned must name a fitted set"):
        make_player("fair", seed="x", learned=999)


# par with the option off on bench-0001 at a small strength, as the code before the option
# played it (recorded with that code): the same moves and score
OFF_GOALS = {"2,3": "aa-bb-cc", "3,4": "aaa-bb-c", "4,2": "aa-bb-c-d"}
OFF_MOVES = [
    (1, 9, 2),
    (1, 39, 1),
    (1, 32, 0),
    (0, 16, 2),
    (1, 8, 2),
    (1, 19, 1),
    (1, 10, 0),
    (0, 15, 0),
    (0, 26, 0),
    (1, 33, 1),
    (0, 18, 0),
    (1, 29, 0),
    (1, 24, 2),
    (1, 12, 2),
    (0, 23, 2),
    (1, 37, 2),
    (0, 31, 2),
    (0, 36, 1),
    (0, 11, 1),
    (0, 40, 1),
    (0, 22, 0),
    (0, 38, None),
]
OFF_SCORE = 66
OFF_KEY = "71c22298e72102e51613667608134f14392784df885b42abf42d51a0e8d33c51"


def test_the_option_off_plays_todays_game_and_keeps_the_hint_keys():
    dealt = deal("bench-0001")
    player = make_player("fair", seed="bench-0001", samples=8, candidates=4)
    goals = player.choose_goals(dealt.setup)
    game = SoloGame.start(dealt, goals)
    moves = []
    while not game.finished:
        move = player.choose_move(game.observation())
        moves.append(tuple(move))
        game.play(move)
    assert (goals, moves, game.quilt.score()["total"]) == (OFF_GOALS, OFF_MOVES, OFF_SCORE)
    observation = SoloGame.start(dealt, goals).observation()
    assert "learned" not in player.strength()
    assert position_key(observation, samples=8, candidates=4) == OFF_KEY
    on = make_player("fair", seed="bench-0001", samples=8, candidates=4, learned=1)
    assert on.strength()["learned"] == 1
    assert position_key(observation, samples=8, candidates=4, learned=1) != OFF_KEY
