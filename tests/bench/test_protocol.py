"""bench/protocol.py: both arms play the same deal with the same sampling seed (identical
arms play identical games), the goals are frozen unless asked otherwise, and bad input or a
spent experiment name exits 2 naming the problem."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import protocol

ROOT = Path(__file__).resolve().parents[2]
TINY = {"samples": 2, "candidates": 2}


def test_identical_arms_play_identical_games_on_common_deals_and_seeds():
    row = protocol.play_pair("test-protocol-0001", "fair", TINY, TINY, own_goals=False)
    assert row["difference"] == 0 and row["base"] > 0
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


def _run(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "bench/protocol.py", *args], cwd=ROOT,
                          capture_output=True, text=True)  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ["x", "--base", "{not json"],
        ["x", "--test", '{"samples": 0}'],
        ["x", "--test", '{"nonsense": 3}'],
        ["bad name!"],
        ["x", "--max-pairs", "10"],
    ],
)
def test_bad_input_exits_2_naming_the_problem(args):
    result = _run(*args)
    assert result.returncode == 2
    assert "error: " in result.stderr.strip().splitlines()[-1]  # argparse: usage, then why


def test_a_name_used_with_other_arms_is_refused(tmp_path):
    name = f"test-spent-{tmp_path.name}"
    ledger = protocol.LEDGER / f"{name}.jsonl"
    ledger.parent.mkdir(parents=True, exist_ok=True)
    arms = {"strategy": "fair", "base": TINY, "test": TINY, "own_goals": False}
    ledger.write_text(json.dumps({"arms": arms}) + "\n")
    try:
        result = _run(name, "--base", json.dumps(TINY), "--test", '{"samples": 3}', "--status")
        assert result.returncode == 2
        assert "pick a fresh name" in result.stderr and len(result.stderr.splitlines()) == 1
        same = _run(name, "--base", json.dumps(TINY), "--test", json.dumps(TINY), "--status")
        assert same.returncode == 2 and "no pairs yet" in same.stderr  # resumable, empty
    finally:
        ledger.unlink()
