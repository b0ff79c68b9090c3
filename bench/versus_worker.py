"""Versus opponents as the player waits for them: ``python bench/versus_worker.py [--games 1]``.

Starts the production shape on this machine: a throwaway PostgreSQL database, gunicorn (2
processes) and a warm Celery worker (1 prefork process) on the local Redis (a queue of its
own). One API client then plays ``--games`` whole tables of ``--opponents`` per level: after
each of its moves it polls the game every 50 ms until it is its turn again, as the page does
(which polls every 300 ms). Prints, per level, the wait from the move's answer to the
player's next turn (p50, p95) and the same divided by the number of opponents (one
opponent's move, queue and database included).
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
    start_worker,
    stop,
    throwaway_database,
    wait_for_server,
)

LEVELS = ("easy", "medium", "hard")


def play_table(client: Client, opponents: int, level: str) -> list[float]:
    """One whole table; the seconds waited for the opponents after each move."""
    _, game = client.call("POST", "/api/versus/", {"opponents": opponents, "level": level})
    goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
    _, game = client.call("POST", f"/api/versus/{game['id']}/goals/", {"goals": goals})
    waits = []
    while game["status"] == "playing":
        move = {"turn": game["turn"], "hand_index": 0, "cell": game["you"]["empty_cells"][0],
                "market_index": None if game["turn"] == 22 else 0}  # fmt: skip
        status, game = client.call("POST", f"/api/versus/{game['id']}/moves/", move)
        if status != 200:
            raise SystemExit(f"move refused: {status} {game}")
        answered = time.perf_counter()
        while game["to_move"] not in ("you", None):
            time.sleep(0.05)
            _, game = client.call("GET", f"/api/versus/{game['id']}/")
            if game["opponent_error"]:
                raise SystemExit(f"opponents failed: {game['opponent_error']}")
        waits.append(time.perf_counter() - answered)
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="tables per level")
    parser.add_argument("--opponents", type=int, default=3)
    parser.add_argument("--port", type=int, default=8437)
    args = parser.parse_args()
    logs = Path(tempfile.mkdtemp(prefix="calico-versus-"))
    queue = f"calico-versus-{os.getpid()}"
    database = f"calico_versus_{os.getpid()}"
    settings = {"CELERY_BROKER_URL": REDIS, "CELERY_QUEUE": queue, "CONN_MAX_AGE": "60"}
    with throwaway_database(database, **settings, CALICO_VAR_DIR=str(logs)):
        with open(logs / "gunicorn.log", "wb") as web_log, open(logs / "worker.log", "wb") as log:
            servers = [start_gunicorn(args.port, 2, log=web_log), start_worker(1, log=log)]
        try:
            wait_for_server(args.port)
            client = Client(args.port)
            _, body = client.call(
                "POST", "/api/auth/register/", {"username": "versus", "password": "bench pw 123"}
            )
            client.token = body["token"]
            play_table(client, 1, "easy")  # the worker's first task loads the solver: uncounted
            results = {level: [] for level in LEVELS}
            for _ in range(args.games):
                for level in LEVELS:
                    results[level] += play_table(client, args.opponents, level)
        finally:
            stop(servers)
    print(f"{args.games} table(s) of you + {args.opponents} per level; load average "
          f"{os.getloadavg()[0]:.2f}")  # fmt: skip
    print("| level | wait for the opponents p50 | p95 | per opponent move p50 | p95 |")
    for level, waits in results.items():
        p50, p95 = statistics.median(waits), statistics.quantiles(waits, n=20)[-1]
        n = args.opponents
        print(f"| {level} | {p50:.2f} s | {p95:.2f} s | {p50 / n:.2f} s | {p95 / n:.2f} s |")


if __name__ == "__main__":
    main()
