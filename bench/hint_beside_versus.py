"""A solo hint's latency with hard versus tables running beside it, with the versus opponents
on the hint queue (as before issue 21) and on their own queue (now):
``nice python bench/hint_beside_versus.py [--tables 4] [--hints 5]``.

Each layout starts gunicorn (2 processes) and the workers as bin/serve does (before: one
worker on the solver-run and hint queues, one on the hint queue, the opponents routed to the
hint queue; now: one worker per queue, the solver runs and the tables niced), on a throwaway
PostgreSQL database and the local Redis. A solo player asks a hint on each of ``--hints``
turns alone, then again right after ``--tables`` players each made one move at a hard table
of three opponents. Prints each layout's hint latency (ask to ready, p50 and max), alone and
beside the tables.
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
)
from harness import wait_for_server as wait_for_site


def start_workers(layout: str, queue: str, logs: Path) -> list:
    if layout == "before":
        plan = [(0, f"{queue},{queue}-hints", "runs"), (0, f"{queue}-hints", "hints")]
    else:
        plan = [
            (10, queue, "runs"),
            (0, f"{queue}-hints", "hints"),
            (10, f"{queue}-versus", "versus"),
        ]
    started = []
    for nice, queues, name in plan:
        with open(logs / f"{name}.log", "wb") as log:
            started.append(start_queue_worker(name, queues, log=log, nice=nice))
    return started


def player(port: int, name: str) -> Client:
    client = Client(port)
    _, body = client.call(
        "POST", "/api/auth/register/", {"username": name, "password": "bench pw 1"}
    )
    client.token = body["token"]
    return client


def ask_hints(client: Client, game: dict, count: int) -> tuple[dict, list[float]]:
    """A hint on each of ``count`` turns (its move played); the seconds each took."""
    seconds = []
    for _ in range(count):
        asked = time.perf_counter()
        _, hint = client.call("POST", f"/api/games/{game['id']}/hints/")
        while hint["status"] == "pending":
            time.sleep(0.05)
            _, hint = client.call("GET", f"/api/games/{game['id']}/hints/{hint['id']}/")
        if hint["status"] != "ready":
            raise SystemExit(f"hint failed: {hint}")
        seconds.append(time.perf_counter() - asked)
        _, game = client.call(
            "POST", f"/api/games/{game['id']}/moves/", {"turn": game["turn"], **hint["move"]}
        )
    return game, seconds


def start_table(client: Client) -> dict:
    _, game = client.call("POST", "/api/versus/", {"opponents": 3, "level": "hard"})
    goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
    _, game = client.call("POST", f"/api/versus/{game['id']}/goals/", {"goals": goals})
    move = {"turn": 1, "hand_index": 0, "cell": game["you"]["empty_cells"][0], "market_index": 0}
    status, game = client.call("POST", f"/api/versus/{game['id']}/moves/", move)
    if status != 200:
        raise SystemExit(f"versus move refused: {status} {game}")
    return game


def run(layout: str, args) -> dict:
    logs = Path(tempfile.mkdtemp(prefix=f"calico-hint-versus-{layout}-"))
    queue = f"calico-hvb-{layout}-{os.getpid()}"
    database = f"calico_hvb_{layout}_{os.getpid()}"
    settings = {
        "CELERY_BROKER_URL": REDIS,
        "CELERY_QUEUE": queue,
        # before: the opponents on the hint queue, as the first routing did
        "CELERY_VERSUS_QUEUE": f"{queue}-hints" if layout == "before" else f"{queue}-versus",
        "CALICO_PAR_OPTIONS": '{"playout_width": 1, "samples": 1, "depth": 1}',
        "CALICO_LIMITS": '{"hints-account": "10000/h", "hints-address": "10000/h"}',
        "CALICO_VAR_DIR": str(logs),
    }
    with throwaway_database(database, **settings):
        with open(logs / "gunicorn.log", "wb") as web_log:
            servers = [start_gunicorn(args.port, 2, log=web_log)]
        servers += start_workers(layout, queue, logs)
        try:
            wait_for_site(args.port)
            solo = player(args.port, "solo")
            _, daily = solo.call("GET", "/api/daily/")
            goals = dict(zip(GOAL_CELLS, daily["goal_options"], strict=False))
            _, game = solo.call("POST", "/api/games/", {"goals": goals})
            time.sleep(15)  # the workers load the solver (their first task would pay for it)
            game, alone = ask_hints(solo, game, args.hints)
            tables = [player(args.port, f"table{i}") for i in range(args.tables)]
            for client in tables:
                start_table(client)
            _, beside = ask_hints(solo, game, args.hints)
        finally:
            stop(servers)
    return {"alone": alone, "beside": beside}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--hints", type=int, default=5)
    parser.add_argument("--port", type=int, default=8453)
    args = parser.parse_args()
    print(f"| layout | hint alone p50 | max | beside {args.tables} hard tables p50 | max |")
    for layout in ("before", "now"):
        result = run(layout, args)
        alone, beside = result["alone"], result["beside"]
        print(
            f"| {layout} | {statistics.median(alone):.2f} s | {max(alone):.2f} s | "
            f"{statistics.median(beside):.2f} s | {max(beside):.2f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
