"""research/fit_evaluation.py: the ridge pulls towards today's weights and recovers known
weights without a penalty; a tiny fit of either target writes a set the evaluation reads;
``--shrink`` moves today's weights part of the way to a set."""

import json
import random

import numpy as np

from research import fit_evaluation
from solver.search.evaluation import FEATURES, STAGES, learned_tables


def test_the_ridge_recovers_known_weights_and_a_large_penalty_keeps_todays():
    rng = np.random.default_rng(5)
    x = np.column_stack([rng.normal(size=(500, len(FEATURES) - 1)), np.ones(500)])
    truth = np.array([0.2, 1.5, -0.4, 0.9, 2.0, 0.0, 3.0])
    y = x @ truth
    assert np.allclose(fit_evaluation.ridge(x, y, 0.0), truth)
    kept = fit_evaluation.ridge(x, y, 1e6)
    assert np.allclose(kept[:-1], fit_evaluation.TODAY[:-1], atol=1e-3)
    # --free: only the named features move, the others keep today's weights
    free = fit_evaluation.ridge(x, y, 0.0, free=("colour_supply", "one"))
    assert np.allclose(free[:4], 1.0) and abs(free[5]) < 1e-6 and abs(free[4]) > 0.1


def test_a_quick_game_gives_a_row_per_placement_but_the_last_and_its_final_score():
    rows, final = fit_evaluation.play("test-fit-0001", random.Random(1), None)
    assert len(rows) == 21 and final > 0
    assert [stage for stage, _, _ in rows] == [0] * 5 + [1] * 5 + [2] * 6 + [3] * 5
    assert all(features.shape == (len(FEATURES),) and features[-1] == 1 for _, features, _ in rows)
    # the points to come shrink to the last turn's
    assert rows[0][2] >= rows[-1][2] >= 0


def test_tiny_fits_write_sets_and_shrink_moves_part_way(tmp_path):
    out = tmp_path / "sets.json"
    for number, target in ((1, "outcome"), (2, "ranking")):
        argv = [str(number), "--games", "10", "--prefix", "test-fit", "--out", str(out)]
        assert fit_evaluation.main([*argv, "--target", target, "--siblings", "3"]) == 0
    sets = json.loads(out.read_text())
    assert set(sets) == {"1", "2"}
    for fitted in sets.values():
        assert fitted["features"] == list(FEATURES) and len(fitted["tables"]) == STAGES
        assert 0 < fitted["fitted"]["quick_game_mean"] < 150
    assert all(row[-1] == 0 for row in sets["2"]["tables"])  # siblings: no constant
    assert fit_evaluation.main(["7", "--shrink", "1", "0.5", "--out", str(out)]) == 0
    half = json.loads(out.read_text())["7"]["tables"]
    source = learned_tables(1).tables  # the committed set 1
    today = fit_evaluation.TODAY
    assert np.allclose(half, [today + 0.5 * (np.array(row) - today) for row in source], atol=1e-6)
