"""bench/daily_cost.py's parts that need no servers: the CPU of a process tree, read from
/proc (a process that exits keeps its last reading), the players' goals, its bad arguments."""

import os
import subprocess
import sys

import pytest
from daily_cost import Meter, descendants, goal_choices, parse

TICKS = os.sysconf("SC_CLK_TCK")
# A child that spends some CPU, says how much (its own clock), then waits to be let go.
BURN = """
import sys, time
total = sum(i * i for i in range(3_000_000))
print(time.process_time(), flush=True)
sys.stdin.read()
"""


@pytest.mark.slow  # starts a process
def test_a_child_s_cpu_counts_in_its_parent_s_tree_and_after_it_exits():
    meter = Meter({"tree": lambda: descendants(os.getpid())})
    child = subprocess.Popen(
        [sys.executable, "-c", BURN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        burned = float(child.stdout.readline())
        assert child.pid in descendants(os.getpid())
        meter.read()
        read_alive = meter.seen["tree"][child.pid]
    finally:
        child.stdin.close()
        child.wait()
    total = meter.read()["tree"]
    assert child.pid not in descendants(os.getpid())
    # /proc counts whole ticks, user and system apart: at most two short of the child's clock
    assert burned - 2 / TICKS <= read_alive <= burned + 1
    assert meter.seen["tree"][child.pid] == read_alive  # kept once the child is gone
    assert total >= read_alive + meter.seen["tree"][os.getpid()]


def test_each_player_places_the_day_s_goals_differently():
    placements = goal_choices(["a", "b", "c"], 6)
    assert len({tuple(sorted(p.items())) for p in placements}) == 6
    assert all(sorted(p.values()) == ["a", "b", "c"] for p in placements)


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "0"],
        ["--hint-turns", "0,4"],
        ["--hint-turns", "four"],
        ["--hint-options", "[1]"],
        ["--analysis-options", "{samples"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        parse(argv)
    assert stopped.value.code == 2
    assert "error:" in capsys.readouterr().err.strip().splitlines()[-1]
