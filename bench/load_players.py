"""Whole games with hints under load: ``python bench/load_players.py [--players 16]``.

Starts the production shape on this machine: a throwaway PostgreSQL database
(``calico_load``), gunicorn (``--web-workers``) and a Celery worker (prefork,
``--solver-processes``) on the local Redis (a queue of its own), then lets ``--players`` API
clients each play ``--games`` whole games of today's daily at once (the first is the ranked
game, the rest are practice replays). Before a move a player asks for a hint with
probability ``--hint-rate`` and polls it (every 0.2 s) until it is ready, then plays it, as a
player who asked would. Every other move is the first hand patch on the first empty space.

Prints games per minute, moves per second, p50/p99 latency of ``POST .../moves/``, p50/p95
hint latency (asked to ready), the share of hints answered at once because the same
visible position's hint was ready (everyone who chose the same goals shares turn 1), and
every error (any answer other than the one expected).
The load generator shares the two cores with the servers: the figures are a floor.
Solver strength: hints at the production default; the day's par run is turned down
(``CALICO_PAR_OPTIONS``) so that one long par search does not hold a solver process.
"""

import argparse
import os
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from api_load import Client, register_players, run_all
from harness import REDIS, start_gunicorn, start_worker, stop, throwaway_database, wait_for_server


class Figures:
    """What every player measured, shared between threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.moves, self.hints, self.errors, self.games = [], [], [], 0
        self.hits = []  # hints answered by the request itself: the position's hint was ready

    def add(self, kind: str, value) -> None:
        with self.lock:
            getattr(self, kind).append(value)

    def finished(self) -> None:
        with self.lock:
            self.games += 1


def ask_hint(client: Client, game: dict, figures: Figures) -> dict | None:
    """Ask and poll until ready; the hint's move, or None (and an error) if it failed."""
    started = time.perf_counter()
    status, hint = client.call("POST", f"/api/games/{game['id']}/hints/")
    if status != 202:
        figures.add("errors", ("hint", status, hint))
        return None
    if hint["status"] == "ready":
        figures.add("hits", hint["id"])
    while hint["status"] == "pending":
        time.sleep(0.2)
        status, hint = client.call("GET", f"/api/games/{game['id']}/hints/{hint['id']}/")
    if hint["status"] != "ready":
        figures.add("errors", ("hint", hint["status"], hint.get("message")))
        return None
    figures.add("hints", time.perf_counter() - started)
    return hint["move"]


def play_games(client: Client, goals: dict, args, figures: Figures, rng: random.Random):
    for _ in range(args.games):
        status, game = client.call("POST", "/api/games/", {"goals": goals})
        if status != 201:
            figures.add("errors", ("start", status, game))
            return
        while game["status"] == "playing":
            move = {"hand_index": 0, "cell": game["empty_cells"][0], "market_index": 0}
            if rng.random() < args.hint_rate:
                move = ask_hint(client, game, figures) or move
            move = {**move, "turn": game["turn"]}
            if game["turn"] == 22:
                move["market_index"] = None
            started = time.perf_counter()
            status, body = client.call("POST", f"/api/games/{game['id']}/moves/", move)
            figures.add("moves", time.perf_counter() - started)
            if status != 200:
                figures.add("errors", ("move", status, body))
                return
            game = body
        figures.finished()


def start_servers(args, logs: Path) -> list:
    with open(logs / "gunicorn.log", "wb") as web_log, open(logs / "worker.log", "wb") as log:
        web = start_gunicorn(args.port, args.web_workers, "--timeout", "30", log=web_log)
        worker = start_worker(args.solver_processes, log=log)
    return [web, worker]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16, help="concurrent players")
    parser.add_argument("--games", type=int, default=3, help="whole games per player")
    parser.add_argument("--hint-rate", type=float, default=0.1, help="hints per move")
    parser.add_argument("--web-workers", type=int, default=4, help="gunicorn processes")
    parser.add_argument("--solver-processes", type=int, default=1, help="Celery processes")
    parser.add_argument("--port", type=int, default=8432)
    parser.add_argument("--seed", type=int, default=1, help="seeds who asks for hints when")
    args = parser.parse_args()

    logs = tempfile.mkdtemp(prefix="calico-load-")
    with throwaway_database(
        "calico_load",
        CELERY_BROKER_URL=REDIS,
        CELERY_QUEUE=f"calico-load-{os.getpid()}",
        CONN_MAX_AGE="60",
        CALICO_VAR_DIR=logs,
        CALICO_PAR_OPTIONS='{"playout_width": 1, "samples": 1, "depth": 1}',
    ):
        servers = start_servers(args, Path(logs))
        try:
            wait_for_server(args.port)
            clients, goals = register_players(args.port, args.players, "load")
            figures = Figures()
            threads = [
                threading.Thread(
                    target=play_games,
                    args=(client, goals, args, figures, random.Random(args.seed * 1000 + n)),
                )
                for n, client in enumerate(clients)
            ]
            elapsed = run_all(threads)
        finally:
            stop(servers)
    report(args, figures, elapsed, logs)


def report(args, figures: Figures, elapsed: float, logs: str) -> None:
    moves = statistics.quantiles(figures.moves, n=100)
    print(
        f"players {args.players} x {args.games} games, hint rate {args.hint_rate}, gunicorn "
        f"{args.web_workers}, solver processes {args.solver_processes}, PostgreSQL + Redis"
    )
    print(
        f"games {figures.games} in {elapsed:.1f} s: {figures.games / elapsed * 60:.1f} games/min; "
        f"moves {len(figures.moves)}: {len(figures.moves) / elapsed:.1f} moves/s"
    )
    print(f"move latency p50 {moves[49] * 1000:.1f} ms, p99 {moves[98] * 1000:.1f} ms")
    if len(figures.hints) >= 2:
        hints = statistics.quantiles(figures.hints, n=100)
        print(
            f"hints {len(figures.hints)}: latency p50 {hints[49] * 1000:.0f} ms, "
            f"p95 {hints[94] * 1000:.0f} ms (asked to ready, polled every 200 ms)"
        )
    if figures.hints:
        print(
            f"hints answered at once by a ready hint of the same position: {len(figures.hits)} "
            f"of {len(figures.hints)} ({len(figures.hits) / len(figures.hints):.0%} hit rate)"
        )
    print(f"errors {len(figures.errors)}" + (f": {figures.errors[:3]}" if figures.errors else ""))
    print(f"server logs in {logs}")


if __name__ == "__main__":
    main()
