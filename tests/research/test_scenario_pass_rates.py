"""research/scenario_pass_rates.py: the Wilson interval, and a tiny run of both players."""

import subprocess
import sys
from pathlib import Path

import pytest

from research.scenario_pass_rates import wilson
from solver.game import SCENARIOS, deal
from solver.search import FairPlayer, ScenarioPlayer, play_game

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = [sys.executable, "-m", "research.scenario_pass_rates"]  # run from the root
TINY = '{"candidates": 1, "samples": 1}'


@pytest.mark.parametrize(
    ("passes", "n", "low", "high"),
    [(0, 20, 0.0, 0.1611), (10, 20, 0.2993, 0.7007), (61, 200, 0.2454, 0.3720), (4, 4, 0.5101, 1)],
)
def test_the_wilson_interval(passes, n, low, high):
    found = wilson(passes, n)
    assert found == pytest.approx((low, high), abs=1e-4)


@pytest.mark.slow  # starts a process
def test_a_tiny_run_prints_both_players_on_the_same_deals():
    out = subprocess.run(
        [
            *SCRIPT,
            "--deals",
            "1",
            "--scenarios",
            "2",
            "--processes",
            "1",
            "--options",
            TINY,
            "--prefix",
            "bench-test",
            "--markdown",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    row = next(line for line in out.splitlines() if line.startswith("| 2 |"))
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    seed = "bench-test-2-0"
    scenario = SCENARIOS[2]
    for player, cell in ((ScenarioPlayer, cells[2]), (FairPlayer, cells[5])):
        record = play_game(deal(seed, scenario.setup), player(seed=seed, candidates=1, samples=1))
        passed = scenario.passed(record.game.quilt)
        assert cell.startswith(f"{int(passed)}/1 ")
        assert cells[3 if player is ScenarioPlayer else 6].startswith(f"{record.score['total']}.0")


@pytest.mark.slow  # starts a process
def test_a_bad_player_exits_2_with_one_line():
    run = subprocess.run([*SCRIPT, "--players", "oracle"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1


@pytest.mark.slow  # starts a process
def test_a_run_with_out_resumes_from_its_ledger(tmp_path):
    ledger = tmp_path / "rates.jsonl"
    args = [
        *SCRIPT,
        "--scenarios",
        "2",
        "--processes",
        "1",
        "--options",
        TINY,
        "--prefix",
        "bench-test",
        "--players",
        "pass",
        "--out",
        str(ledger),
    ]
    first = subprocess.run(
        [*args, "--deals", "1"], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert len(ledger.read_text().splitlines()) == 1
    again = subprocess.run(
        [*args, "--deals", "2"], capture_output=True, text=True, check=True, cwd=ROOT
    )
    rows = ledger.read_text().splitlines()
    assert len(rows) == 2 and '"k": 1' in rows[1]  # deal 0 was not played again
    assert "# 2 pass 0" not in again.stderr and "# 2 pass 1" in again.stderr
    assert "pass: all ten" in first.stdout and "/2 " in again.stdout


@pytest.mark.slow  # starts a process
def test_a_ledger_that_is_not_one_exits_2(tmp_path):
    ledger = tmp_path / "rates.jsonl"
    ledger.write_text("not json\n")
    run = subprocess.run([*SCRIPT, "--out", str(ledger)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2 and "not a ledger" in run.stderr
