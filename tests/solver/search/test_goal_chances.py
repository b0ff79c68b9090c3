"""Learned goal chances (option ``goal_chances``): the compiled core reads a goal's chance by
tile, stage and count shape as the plain-Python reference does; today's chances, put in the
same table, change nothing; the self-play that learns them is seeded and counts what it
should; the learning command writes a set the players load, and refuses bad arguments."""

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from reference_evaluation import Evaluator as Reference  # same directory
from test_fastcore import check, random_layout, random_quilt  # same directory

from research.learn_goal_chances import fitted
from solver.game import GOALS, TURNS, Quilt, deal
from solver.search import make_player
from solver.search.evaluation import (
    DEFAULT_WEIGHTS,
    GOAL_STAGES,
    SHAPES,
    GoalChances,
    goal_chances,
    hand_chances,
)
from solver.search.fastcore import Evaluator, goal_outcomes, pack
from solver.search.goal_choice import arrangements

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "test-artifacts" / "goal_chances"  # git-ignored


def random_chances(rng: random.Random) -> GoalChances:
    """A chance for every cell, each different, so that a wrong index shows in the values."""
    table = np.array([rng.random() for _ in range(len(GOALS) * 2 * GOAL_STAGES * len(SHAPES))])
    return GoalChances(0, table.reshape(len(GOALS), 2, GOAL_STAGES, len(SHAPES)))


def todays_chances() -> GoalChances:
    rows = np.array([hand_chances(goal.counts, DEFAULT_WEIGHTS) for goal in GOALS])
    shape = (len(GOALS), 2, GOAL_STAGES, len(SHAPES))
    return GoalChances(0, np.broadcast_to(rows[:, None, None, :], shape).copy())


def test_shapes_are_every_count_shape_of_up_to_five_values():
    assert len(SHAPES) == 19 and len(set(SHAPES)) == 19
    assert all(sum(shape) <= 5 and list(shape) == sorted(shape, reverse=True) for shape in SHAPES)


def test_every_placement_matches_the_reference_with_learned_chances():
    rng = random.Random(20261205)
    compared = 0
    for _ in range(40):
        layout = random_layout(rng)
        chances = random_chances(rng)
        reference = Reference(layout, goal_chances=chances)
        fast = Evaluator(layout, goal_chances=chances)
        for placed in (rng.randint(0, 7), rng.randint(8, 14), rng.randint(15, 21)):
            quilt = random_quilt(layout, rng, placed)
            compared += check(quilt, reference, fast, range(placed % 3, 36, 5))
    assert compared > 9_000


def test_todays_chances_in_the_table_change_nothing():
    rng = random.Random(7)
    today = todays_chances()
    for _ in range(30):
        layout = random_layout(rng)
        state = pack(random_quilt(layout, rng, rng.randint(0, 21)))
        plain, tabled = Evaluator(layout), Evaluator(layout, goal_chances=today)
        assert plain.value(state) == tabled.value(state)
        patch = rng.randrange(36)
        assert np.array_equal(
            plain.placement_values(state, patch), tabled.placement_values(state, patch)
        )


def self_play(seed: int, games: int = 40) -> tuple[np.ndarray, float]:
    dealt = deal("goal-chances-test")
    layout = dealt.setup.layout(arrangements(dealt.setup)[5])
    counts = np.zeros((len(GOALS), 2, GOAL_STAGES, len(SHAPES), 2))
    mean = goal_outcomes(
        Evaluator(layout),
        pack(Quilt(layout)),
        dealt.hand,
        dealt.market,
        dealt.bag,
        games,
        seed,
        counts,
        0.25,
    )
    return counts, mean


def test_self_play_is_seeded_and_counts_every_goal_attribute_at_every_stage():
    counts, mean = self_play(11)
    again, same = self_play(11)
    other, _ = self_play(12)
    assert np.array_equal(counts, again) and mean == same and not np.array_equal(counts, other)
    seen, met = counts[..., 0], counts[..., 1]
    assert (met <= seen).all() and met.sum() > 0
    # every game visits each of the 3 goals' 2 attributes once a stage while it is open:
    # at stage 1 every goal is open, at stage 21 at most one neighbour is still empty
    assert seen[:, :, 1].sum() == 40 * 3 * 2
    assert seen[:, :, 0].sum() == 0 and seen[:, :, TURNS].sum() == 0
    for shape, count in zip(SHAPES, seen[:, :, 1].sum(axis=(0, 1)), strict=True):
        assert count == 0 or sum(shape) <= 1  # one placement fills at most one neighbour
    assert 20 < mean < 120


def test_fitted_chances_are_rates_pulled_towards_the_shape_then_today():
    counts = np.zeros((len(GOALS), 2, GOAL_STAGES, len(SHAPES), 2))
    counts[2, 0, 5, 3] = (80, 20)  # 80 visits, 20 met
    counts[2, 0, 9, 3] = (20, 15)
    table = fitted(counts, prior=20)
    today = hand_chances(GOALS[2].counts, DEFAULT_WEIGHTS)[3]
    pooled = (35 + 20 * today) / (100 + 20)
    assert table[2, 0, 5, 3] == pytest.approx((20 + 20 * pooled) / 100)
    assert table[2, 0, 9, 3] == pytest.approx((15 + 20 * pooled) / 40)
    assert table[2, 0, 0, 3] == pytest.approx(pooled)  # no visits at that stage
    assert table[2, 1, 5, 3] == pytest.approx(today)  # nor of that attribute at all
    assert table[4, 0, 5, 7] == 0  # a shape that cannot meet the goal stays impossible


def run(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "research.learn_goal_chances", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


@pytest.mark.slow  # starts a process
def test_the_command_writes_a_set_the_players_load(monkeypatch):
    result = run("7", "--deals", "2", "--arrangements", "2", "--games", "10", "--out", str(OUT))
    assert result.returncode == 0, result.stderr
    assert "40 games" in result.stdout
    monkeypatch.setattr("solver.search.evaluation.CHANCES_DIR", OUT)
    goal_chances.cache_clear()
    try:
        chances = goal_chances(7)
        assert chances.table.shape == (len(GOALS), 2, GOAL_STAGES, len(SHAPES))
        assert ((chances.table >= 0) & (chances.table <= 1)).all()
        player = make_player("fair", seed="s", candidates=4, samples=4, goal_chances=7)
        assert player.strength()["goal_chances"] == 7
        assert "goal_chances" not in make_player("fair", seed="s").strength()
        with pytest.raises(ValueError, match="goal_chances must name a learned set"):
            make_player("fair", seed="s", goal_chances=8)
    finally:
        goal_chances.cache_clear()


@pytest.mark.slow  # starts a process
@pytest.mark.parametrize(
    "args, named",
    [
        (["0"], "from 1 to 1000"),
        (["3", "--games", "0"], "at least 1"),
        (["3", "--arrangements", "25"], "from 1 to 24"),
        (["3", "--policy", "999", "--out", str(OUT)], "goal_chances must name a learned set"),
        (["3", "--prior", "-1"], "--prior"),
    ],
)
def test_bad_arguments_exit_2_naming_the_problem(args, named):
    result = run(*args)
    assert result.returncode == 2 and named in result.stderr, result.stderr
