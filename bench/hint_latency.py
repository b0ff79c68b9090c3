"""Hint latency through the whole stack, as players ask: ``python bench/hint_latency.py``.

Starts ``make serve``'s shape on a throwaway PostgreSQL database (``calico_hints``) and the
local Redis: gunicorn, one Celery worker on both queues (the runs worker) and one on the hint
queue only. The first request makes today's challenge, which sends its par run (turned
down, as in ``load_players.py``) and, with ``--ahead 1``, the day's 24 turn-1 hints ahead;
the bench waits until they are in (``--ahead 0``: it does not wait). Then ``--players``
players arrive ``--gap`` seconds apart, each with a random goal arrangement (``--seed``),
ask the turn-1 hint, poll it (every 0.05 s) until ready, play it, think ``--think`` seconds
and ask the next turn's, for ``--turns`` hinted turns in all. Prints p50/p95/max of asked to
ready, turn 1 apart from the later turns, and how many were answered by the request itself.
Hints at the production default strength (``CALICO_HINT_OPTIONS`` unset).
"""

import argparse
import os
import random
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from api_load import Client, register_players
from harness import (
    REDIS,
    start_gunicorn,
    start_queue_worker,
    stop,
    throwaway_database,
    wait_for_server,
)

DATABASE = "calico_hints"


def start_workers(logs: Path) -> list:
    """The runs worker (both queues) and the hints worker (hint queue), as bin/serve starts."""
    queue = os.environ["CELERY_QUEUE"]
    workers = []
    for name, queues in (("runs", f"{queue},{queue}-hints"), ("hints", f"{queue}-hints")):
        with open(logs / f"{name}.log", "wb") as log:
            workers.append(start_queue_worker(name, queues, log=log))
    return workers


def hints_ahead() -> int:
    out = subprocess.run(
        [
            "psql",
            "-Atq",
            "-h",
            "127.0.0.1",
            "-U",
            "postgres",
            "-d",
            DATABASE,
            "-c",
            "SELECT count(*) FROM puzzles_positionhint",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return int(out.strip() or 0)


def ask(client: Client, game: dict) -> tuple[float, bool, dict]:
    started = time.perf_counter()
    status, hint = client.call("POST", f"/api/games/{game['id']}/hints/")
    if status != 202:
        raise RuntimeError(f"hint refused: {status} {hint}")
    at_once = hint["status"] == "ready"
    while hint["status"] == "pending":
        time.sleep(0.05)
        _, hint = client.call("GET", f"/api/games/{game['id']}/hints/{hint['id']}/")
    if hint["status"] != "ready":
        raise RuntimeError(f"hint {hint['status']}: {hint.get('message')}")
    return time.perf_counter() - started, at_once, hint["move"]


def player(client: Client, arrangement: dict, args, results: list, errors: list) -> None:
    try:
        status, game = client.call("POST", "/api/games/", {"goals": arrangement})
        if status != 201:
            raise RuntimeError(f"start refused: {status} {game}")
        for _ in range(args.turns):
            seconds, at_once, move = ask(client, game)
            results.append((game["turn"], seconds, at_once))
            status, game = client.call(
                "POST", f"/api/games/{game['id']}/moves/", {**move, "turn": game["turn"]}
            )
            if status != 200:
                raise RuntimeError(f"move refused: {status} {game}")
            time.sleep(args.think)
    except (RuntimeError, OSError) as problem:
        errors.append(str(problem))


def summary(label: str, rows: list) -> str:
    if not rows:
        return f"{label}: none"
    seconds = sorted(s for _, s, _ in rows)
    p95 = (
        statistics.quantiles(seconds, n=20, method="inclusive")[18]
        if len(seconds) >= 2
        else seconds[0]
    )
    return (
        f"{label}: {len(rows)} hints, p50 {statistics.median(seconds):.2f} s, "
        f"p95 {p95:.2f} s, max {seconds[-1]:.2f} s; answered at once "
        f"{sum(a for _, _, a in rows)} of {len(rows)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ahead", type=int, choices=(0, 1), default=1, help="hints ahead")
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--gap", type=float, default=2.0, help="seconds between arrivals")
    parser.add_argument("--turns", type=int, default=3, help="hinted turns per player")
    parser.add_argument("--think", type=float, default=3.0, help="seconds from a move to a hint")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=8433)
    args = parser.parse_args()

    logs = Path(tempfile.mkdtemp(prefix="calico-hints-"))
    rng = random.Random(args.seed)
    with throwaway_database(
        DATABASE,
        CELERY_BROKER_URL=REDIS,
        CELERY_QUEUE=f"calico-hints-{os.getpid()}",
        CONN_MAX_AGE="60",
        CALICO_VAR_DIR=str(logs),
        CALICO_PAR_OPTIONS='{"playout_width": 1, "samples": 1, "depth": 1}',
        CALICO_HINTS_AHEAD=str(args.ahead),
    ):
        servers = start_workers(logs)
        with open(logs / "gunicorn.log", "wb") as web_log:
            servers.append(start_gunicorn(args.port, 2, "--timeout", "30", log=web_log))
        try:
            wait_for_server(args.port)  # its GET /api/daily/ makes the day (and sends its hints)
            dawn = time.perf_counter()
            while args.ahead and hints_ahead() < 24:
                if time.perf_counter() - dawn > 600:
                    raise SystemExit("the day's hints were not in after 600 s")
                time.sleep(0.5)
            dawn = time.perf_counter() - dawn
            clients, _ = register_players(args.port, args.players, "hints")
            _, daily = clients[0].call("GET", "/api/daily/")
            options = daily["goal_options"]
            results, errors, threads = [], [], []
            for client in clients:
                goals = rng.sample(options, 3)
                arrangement = dict(zip(("2,3", "3,4", "4,2"), goals, strict=True))
                work = (client, arrangement, args, results, errors)
                thread = threading.Thread(target=player, args=work)
                thread.start()
                threads.append(thread)
                time.sleep(args.gap)
            for thread in threads:
                thread.join()
        finally:
            stop(servers)
    print(
        f"hints ahead {'on' if args.ahead else 'off'}; {args.players} players {args.gap} s "
        f"apart, {args.turns} hinted turns each, {args.think} s thinking; gunicorn 2, a runs "
        f"worker and a hints worker (prefork 1 each), PostgreSQL + Redis; load average "
        f"{os.getloadavg()[0]:.1f}"
        + (f"; the day's 24 hints were in {dawn:.0f} s after dawn" if args.ahead else "")
    )
    print(summary("turn 1", [r for r in results if r[0] == 1]))
    print(summary("later turns", [r for r in results if r[0] > 1]))
    print(f"errors {len(errors)}" + (f": {errors[:3]}" if errors else ""))
    print(f"server logs in {logs}")


if __name__ == "__main__":
    main()
