"""Versus opponents as the player waits for them: ``python bench/versus_worker.py [--games 1]``.

Starts bin/serve's shape on this machine: a throwaway PostgreSQL database, gunicorn (2
processes) and a warm Celery worker (1 prefork process) on the versus queue alone, on the
local Redis. (It once started one worker on all three queues: that process also ran the day's
par run and turn-1 hints, which the site's first request sends, and the opponents waited
behind them.) The versus worker is not niced below the bench (bin/serve nices it by 10): run
the bench itself with ``nice -n 10`` beside other work. One API client then plays ``--games``
whole tables of ``--opponents`` per level: after each of its moves it polls the game every
50 ms until it is its turn again, as the page does (which polls every 300 ms). Prints, per
level, the wait from the move's answer to the player's next turn (p50, p95) and the same
divided by the number of opponents (one opponent's move, queue and database included), and
the worker's CPU seconds in that wait (its processes' user + system time read from /proc
before and after: the wall time beyond it is waiting, for the CPU under load, the queue or
the poll).

``--table-levels hard,medium`` has the worker play those levels with the table player
(setting ``CALICO_VERSUS_TABLE_LEVELS``; ``all`` for every level); ``--levels`` times only
some levels.
"""

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from api_load import Client
from harness import (
    GOAL_CELLS,
    REDIS,
    start_gunicorn,
    start_queue_worker,
    stop,
    throwaway_database,
    wait_for_server,
)

LEVELS = ("easy", "medium", "hard")
TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` and its live descendants (/proc)."""
    total = 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / TICK
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            children = [int(c) for c in f.read().split()]
    except (FileNotFoundError, ProcessLookupError):
        return total
    return total + sum(tree_cpu(child) for child in children)


def percentiles(values: list[float]) -> tuple[float, float]:
    return statistics.median(values), statistics.quantiles(values, n=20)[-1]


def play_table(client: Client, opponents: int, level: str, worker: int = 0) -> list[tuple]:
    """One whole table; after each move (the seconds waited for the opponents, the worker's
    CPU seconds meanwhile, the turn played)."""
    _, game = client.call("POST", "/api/versus/", {"opponents": opponents, "level": level})
    goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
    _, game = client.call("POST", f"/api/versus/{game['id']}/goals/", {"goals": goals})
    waits = []
    while game["status"] == "playing":
        move = {
            "turn": game["turn"],
            "hand_index": 0,
            "cell": game["you"]["empty_cells"][0],
            "market_index": None if game["turn"] == 22 else 0,
        }
        status, game = client.call("POST", f"/api/versus/{game['id']}/moves/", move)
        if status != 200:
            raise SystemExit(f"move refused: {status} {game}")
        answered, cpu = time.perf_counter(), tree_cpu(worker)
        while game["to_move"] not in ("you", None):
            time.sleep(0.05)
            _, game = client.call("GET", f"/api/versus/{game['id']}/")
            if game["opponent_error"]:
                raise SystemExit(f"opponents failed: {game['opponent_error']}")
        waits.append((time.perf_counter() - answered, tree_cpu(worker) - cpu, move["turn"]))
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="tables per level")
    parser.add_argument("--opponents", type=int, default=3)
    parser.add_argument("--port", type=int, default=8437)
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels timed, a comma list")
    parser.add_argument(
        "--table-levels", default="", help="levels the table player plays (a comma list, or all)"
    )
    args = parser.parse_args()
    levels = args.levels.split(",")
    table = ",".join(LEVELS) if args.table_levels == "all" else args.table_levels
    logs = Path(tempfile.mkdtemp(prefix="calico-versus-"))
    queue = f"calico-versus-{os.getpid()}"
    database = f"calico_versus_{os.getpid()}"
    settings = {
        "CELERY_BROKER_URL": REDIS,
        "CELERY_QUEUE": queue,
        "CONN_MAX_AGE": "60",
        "CALICO_VERSUS_TABLE_LEVELS": table,
    }
    with throwaway_database(database, **settings, CALICO_VAR_DIR=str(logs)):
        with open(logs / "gunicorn.log", "wb") as web_log, open(logs / "worker.log", "wb") as log:
            servers = [
                start_gunicorn(args.port, 2, log=web_log),
                start_queue_worker("versus", f"{queue}-versus", log=log),
            ]
        try:
            wait_for_server(args.port)
            client = Client(args.port)
            _, body = client.call(
                "POST", "/api/auth/register/", {"username": "versus", "password": "bench pw 123"}
            )
            client.token = body["token"]
            play_table(client, 1, "easy")  # the worker's first task loads the solver: uncounted
            results = {level: [] for level in levels}
            for _ in range(args.games):
                for level in levels:
                    results[level] += play_table(client, args.opponents, level, servers[1].pid)
        finally:
            stop(servers)
    print(
        f"{args.games} table(s) of you + {args.opponents} per level, table player at "
        f"{table or 'no level'}; load average {os.getloadavg()[0]:.2f}"
    )
    print(
        "| level | wait for the opponents p50 | p95 | per opponent move p50 | p95 "
        "| worker CPU in the wait p50 | p95 | wait / CPU, all waits |"
    )
    n = args.opponents
    for level, rows in results.items():
        (p50, p95) = percentiles([row[0] for row in rows])
        (c50, c95) = percentiles([row[1] for row in rows])
        ratio = sum(row[0] for row in rows) / max(sum(row[1] for row in rows), 1e-9)
        print(
            f"| {level} | {p50:.2f} s | {p95:.2f} s | {p50 / n:.2f} s | {p95 / n:.2f} s "
            f"| {c50:.2f} s | {c95:.2f} s | {ratio:.1f} |"
        )
    for level, rows in results.items():
        slowest = sorted(rows, reverse=True)[:3]
        print(
            f"{level}, the slowest waits (turn: wall / worker CPU): "
            + ", ".join(f"{turn}: {wait:.2f} / {cpu:.2f} s" for wait, cpu, turn in slowest)
        )


if __name__ == "__main__":
    main()
