"""research/protocol.py: both arms play the same deal with the same sampling seed (identical
arms play identical games), the goals are frozen unless asked otherwise, and bad input or a
spent experiment name exits 2 naming the problem."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from research import protocol

ROOT = Path(__file__).resolve().parents[2]
TINY = {"samples": 2, "candidates": 2}


def test_identical_arms_play_identical_games_on_common_deals_and_seeds():
    row = protocol.play_pair(
        "test-protocol-0001", "fair", TINY, TINY, own_goals=False, luck_samples=2
    )
    assert row["difference"] == 0 and row["base"] > 0
    assert row["base_lucks"] == row["test_lucks"] and row["corrected_difference"] == 0
    assert len(row["base_lucks"]) == 21 and row["base_lucks"][-1] == 0  # turn 21's: unplayed
    weighted = sum(protocol.luck_weight(t) * luck for t, luck in enumerate(row["base_lucks"], 1))
    assert row["base_corrected"] == pytest.approx(row["base"] - weighted, abs=0.01)
    hindsight = {"kept": 1, "piloted": 2, "arrangements": 2}
    row = protocol.play_pair("test-protocol-0002", "hindsight", hindsight, hindsight, True)
    assert row["difference"] == 0


def test_the_goals_are_frozen_for_both_arms_unless_each_chooses_its_own():
    other = {"samples": 16, "candidates": 2}  # chooses its goals on 16 sampled deals, not 2
    seeds = [f"test-protocol-goals-{k}" for k in range(1, 7)]
    frozen = [protocol.play_pair(s, "fair", TINY, other, own_goals=False) for s in seeds]
    assert all(r["base_goals"] == r["test_goals"] for r in frozen)
    own = [protocol.play_pair(s, "fair", TINY, other, own_goals=True) for s in seeds]
    assert any(r["base_goals"] != r["test_goals"] for r in own)


def test_the_report_sets_the_corrected_spread_beside_the_raw():
    rows = [{"difference": d, "corrected_difference": d / 2} for d in (4, -2, 6, 0)]
    spread = protocol.luck_report(rows)
    assert (spread["raw_mean"], spread["corrected_mean"]) == (2.0, 1.0)
    assert spread["variance_ratio"] == 4.0


def _run(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "research.protocol", *args], cwd=ROOT, capture_output=True, text=True
    )


@pytest.mark.slow  # starts a process
@pytest.mark.parametrize(
    "args",
    [
        ["x", "--base", "{not json"],
        ["x", "--test", '{"samples": 0}'],
        ["x", "--test", '{"nonsense": 3}'],
        ["bad name!"],
        ["x", "--max-pairs", "10"],
        ["x", "--luck-samples", "-1"],
    ],
)
def test_bad_input_exits_2_naming_the_problem(args):
    result = _run(*args)
    assert result.returncode == 2
    assert "error: " in result.stderr.strip().splitlines()[-1]  # argparse: usage, then why


@pytest.mark.slow  # starts a process
def test_a_name_used_with_other_arms_is_refused(tmp_path):
    name = f"test-spent-{tmp_path.name}"
    ledger = protocol.LEDGER / f"{name}.jsonl"
    ledger.parent.mkdir(parents=True, exist_ok=True)
    arms = {"strategy": "fair", "base": TINY, "test": TINY, "own_goals": False, "luck_samples": 16}
    ledger.write_text(json.dumps({"arms": arms}) + "\n")
    try:
        result = _run(name, "--base", json.dumps(TINY), "--test", '{"samples": 3}', "--status")
        assert result.returncode == 2
        assert "pick a fresh name" in result.stderr and len(result.stderr.splitlines()) == 1
        same = _run(name, "--base", json.dumps(TINY), "--test", json.dumps(TINY), "--status")
        assert same.returncode == 2 and "no pairs yet" in same.stderr  # resumable, empty
    finally:
        ledger.unlink()


def test_a_player_that_sees_the_bag_always_chooses_its_own_goals():
    # its goals are its search: frozen goals would leave the test arm one arrangement searched
    narrow = {"kept": 1, "piloted": 2, "arrangements": 1}
    wide = {"kept": 1, "piloted": 2, "arrangements": 3}
    seed = "test-protocol-sees-1"
    row = protocol.play_pair(seed, "hindsight", narrow, wide, own_goals=False)
    dealt = protocol.deal(seed)
    own = protocol.make_player("hindsight", seed=seed, **wide).choose_goals(dealt.setup, dealt)
    assert row["test_goals"] == own and row["difference"] >= 0


@pytest.mark.slow  # starts a process
def test_holdout_only_plays_no_sprt_and_reports_the_held_out_pairs(tmp_path):
    name = f"test-holdout-{tmp_path.name}"
    ledger = protocol.LEDGER / f"{name}.jsonl"
    try:
        result = _run(
            name,
            "--base",
            json.dumps(TINY),
            "--test",
            json.dumps(TINY),
            "--holdout-only",
            "--holdout",
            "2",
            "--jobs",
            "1",
        )
        assert result.returncode == 0, result.stderr
        line = json.loads(result.stdout.strip().splitlines()[-1])
        assert line["holdout_pairs"] == 2 and line["sprt"]["pairs"] == 0
        assert line["holdout"]["mean"] == 0
        seeds = [json.loads(row).get("seed") for row in ledger.read_text().splitlines()[1:]]
        assert seeds == [f"holdout-{name}-0001", f"holdout-{name}-0002"]
        assert _run(name, "--holdout-only", "--holdout", "1").returncode == 2  # needs 2
    finally:
        ledger.unlink(missing_ok=True)
