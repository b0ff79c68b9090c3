"""A day's players at once, compressed in time: ``python bench/load_day.py [--players 12]``.

The production shape on a throwaway PostgreSQL database, as ``bench/daily_cost.py`` starts
it (gunicorn with the site's settings, ``--web-workers``; one Celery worker on the three
queues, ``--solver-processes``; Redis as broker and cache; ``CONN_MAX_AGE=60``; the day's par
turned down and finished first). Then ``--players`` signed-up players arrive at random over
``--arrivals`` seconds (seeded), each spending the player-day of ``daily_cost.py`` at once
with the others: the pages, the daily with a hint at each of ``--hint-turns``, the end
screen, the analysis, the later visit to the game, the leaderboard and the profile.

Prints, per endpoint (the path with its numbers and dates as ``{id}`` and ``{date}``; static
files as one): requests, p50 and p95 wall time and the answers that were errors (5xx, or a
player-day stopped by an unexpected answer); then the CPU seconds each part spent per
player-day (web: gunicorn's processes; database: the bench database's backends; worker: the
Celery worker and its pool), the busiest part, and the database's growth per player-day.
The players' own process shares the machine's cores with the servers: a floor, not a ceiling.

``--midnight S`` puts the midnight peak inside the run, ``S`` seconds in: the rollover's work
(tomorrow's challenge made as the beat makes it, its par run and its dawn hints, 24 for a
standard day, sent to the workers; the par run turned down as the bench's own, so its CPU is a
floor) and ``--burst`` more players arriving at that second, each starting their game at once.
The answers started in the ``--peak-seconds`` after it are reported again on their own.
"""

import argparse
import collections
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from api_speed import prepare
from daily_cost import (
    PAR_TURNED_DOWN,
    PARTS,
    Browser,
    Meter,
    backends_of,
    descendants,
    goal_choices,
    options,
    player_day,
    spent,
    turns,
    wait_for_par,
)
from harness import (
    REDIS,
    ROOT,
    create_database,
    drop_database,
    start_gunicorn,
    start_queue_worker,
    start_worker,
    stop,
    wait_for_server,
)
from report import print_table

PER_ADDRESS = (
    "password-address",
    "guests-address",
    "guests-network",
    "hints-address",
    "analyses-address",
)
NUMBERS = re.compile(r"/\d{4}-\d{2}-\d{2}/|/\d+/")


def endpoint(method: str, path: str) -> str:
    """``GET /api/games/{id}/``: the path without its query, numbers and dates."""
    path = path.split("?", 1)[0]
    if path.startswith("/static/"):
        return f"{method} /static/…"
    while NUMBERS.search(path):
        path = NUMBERS.sub(lambda m: "/{date}/" if "-" in m.group() else "/{id}/", path)
    return f"{method} {path}"


class Timings:
    """Every answer's wall time and status by endpoint, from all the players' threads; those
    started inside ``peak`` (a span of ``time.perf_counter``, once the peak is set) also apart."""

    def __init__(self):
        self.lock = threading.Lock()
        self.seconds = collections.defaultdict(list)
        self.errors = collections.Counter()
        self.peak = None  # (start, end)
        self.peak_seconds = collections.defaultdict(list)

    def add(self, name: str, seconds: float, status: int, started: float = 0.0) -> None:
        with self.lock:
            self.seconds[name].append(seconds)
            if status >= 500:
                self.errors[name] += 1
            if self.peak and self.peak[0] <= started <= self.peak[1]:
                self.peak_seconds[name].append(seconds)


class TimedBrowser(Browser):
    timings: Timings

    def send(self, method: str, path: str, body=None, headers=None):
        started = time.perf_counter()
        try:
            answer = super().send(method, path, body, headers)
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            # gunicorn's threaded workers close a keep-alive connection idle for 2 s: a
            # browser sends the request again on a new one, and so does this player.
            self.conn.close()
            started = time.perf_counter()
            answer = super().send(method, path, body, headers)
        self.timings.add(endpoint(method, path), time.perf_counter() - started, answer[0], started)
        return answer


def database_bytes(database: str) -> int:
    command = [
        "psql",
        "-Atq",
        "-h",
        "127.0.0.1",
        "-U",
        "postgres",
        "-d",
        "postgres",
        "-c",
        f"SELECT pg_database_size('{database}')",
    ]
    return int(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def rollover() -> int:
    """The beat's work at midnight: tomorrow's challenge made (as ``create_daily_challenge``
    makes today's), its par run and dawn hints sent once it commits; how many hints."""
    import datetime

    from puzzles.game_state import deal_of, today
    from puzzles.services.challenges import do_ensure_challenge
    from solver.search.goal_choice import arrangements

    tomorrow = do_ensure_challenge(today() + datetime.timedelta(days=1))
    return len(arrangements(deal_of(tomorrow).setup))


def play(browsers, goals, args, meter) -> tuple[list, list]:
    """Each player's day in a thread of its own, started at its arrival (the burst's at
    midnight), and the midnight rollover in one more; the days played and the errors that
    stopped a day."""
    rng = random.Random(args.seed)
    burst = args.burst if args.midnight is not None else 0
    arrivals = sorted(rng.uniform(0, args.arrivals) for _ in browsers[burst:])
    arrivals = [args.midnight] * burst + arrivals if burst else arrivals
    days, stopped, lock = [], [], threading.Lock()

    def one(n: int) -> None:
        time.sleep(arrivals[n])
        try:
            day = player_day(
                browsers[n],
                goals[n],
                set(args.hint_turns),
                random.Random(args.seed * 1000 + n),
                meter,
            )
        except Exception as error:  # a stopped day is reported with the figures
            with lock:
                stopped.append(repr(error))
            return
        with lock:
            days.append(day)

    threads = [threading.Thread(target=one, args=(n,)) for n in range(len(browsers))]
    if args.midnight is not None:

        def midnight() -> None:
            time.sleep(args.midnight)
            now = time.perf_counter()
            TimedBrowser.timings.peak = (now, now + args.peak_seconds)
            hints = rollover()
            print(
                f"midnight at {args.midnight:g} s: tomorrow's challenge, its par and {hints} "
                f"dawn hints sent; {burst} players arrive at once"
            )

        threads.append(threading.Thread(target=midnight))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return days, stopped


# bin/serve's workers: each queue its own worker, the work nobody waits for at a lower
# priority than the pages and the hints (name, queue suffix, nice).
SERVE_WORKERS = (
    ("runs", "", 10),
    ("hints", "-hints", 0),
    ("versus", "-versus", 10),
    ("background", "-background", 19),
)


def start_workers(args, queue: str, log) -> list:
    """``--layout one``: one worker on every queue, ``--solver-processes`` in its pool;
    ``serve``: bin/serve's four, ``--solver-processes`` in the hint worker's pool."""
    if args.layout == "one":
        return [start_worker(args.solver_processes, log=log)]
    return [
        start_queue_worker(
            name,
            f"{queue}{suffix}",
            log=log,
            nice=nice,
            processes=args.solver_processes if name == "hints" else 1,
        )
        for name, suffix, nice in SERVE_WORKERS
    ]


def run(args, folder: str) -> dict:
    database = f"calico_load_day_{os.getpid()}"
    queue = f"calico-load-day-{os.getpid()}"
    create_database(
        database,
        CELERY_BROKER_URL=REDIS,
        REDIS_URL=REDIS,
        CELERY_QUEUE=queue,
        CACHE_KEY_PREFIX=queue,
        CONN_MAX_AGE="60",
        CALICO_VAR_DIR=folder,
        CALICO_PAR_OPTIONS=json.dumps(PAR_TURNED_DOWN),
        CALICO_HINT_OPTIONS=json.dumps(args.hint_options),
        CALICO_ANALYSIS_OPTIONS=json.dumps(args.analysis_options),
        # every player comes from one address here: its limits are raised
        CALICO_LIMITS=json.dumps({name: "100000/h" for name in PER_ADDRESS}),
    )
    servers, meter = [], None
    try:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, check=True
        )
        date = prepare(0, args.finished, 0)["date"]
        from django.db import connections

        connections.close_all()
        with open(Path(folder) / "gunicorn.log", "wb") as web_log:
            servers.append(
                start_gunicorn(
                    args.port,
                    args.web_workers,
                    "--config",
                    "python:calico_site.gunicorn",
                    log=web_log,
                )
            )
        with open(Path(folder) / "worker.log", "wb") as worker_log:
            servers.extend(start_workers(args, queue, worker_log))
        wait_for_server(args.port)
        wait_for_par(database)
        web, *workers = servers
        meter = Meter(
            {
                "web": lambda: descendants(web.pid),
                "database": backends_of(database),
                "worker": lambda: [pid for w in workers for pid in descendants(w.pid)],
            }
        ).start()
        TimedBrowser.timings = Timings()
        everyone = args.players + (args.burst if args.midnight is not None else 0)
        browsers = [TimedBrowser(args.port) for _ in range(everyone)]
        for n, browser in enumerate(browsers):
            browser.sign_up(f"load{n}")
        daily = browsers[0].api("GET", "/api/daily/")
        goals = goal_choices(daily["goal_options"], everyone)
        TimedBrowser.timings = Timings()  # the sign-ups are not the day's load
        size_before, cpu_before = database_bytes(database), meter.read()
        started = time.perf_counter()
        days, stopped = play(browsers, goals, args, meter)
        wall = time.perf_counter() - started
        cpu = spent(cpu_before, meter.read())
        growth = database_bytes(database) - size_before
    finally:
        if meter is not None:
            meter.close()
        stop(servers)
        drop_database(database)
    return {
        "date": date,
        "days": days,
        "stopped": stopped,
        "wall": wall,
        "cpu": cpu,
        "growth": growth,
        "timings": TimedBrowser.timings,
    }


def parse(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=12, help="player-days, all at once")
    parser.add_argument("--arrivals", type=float, default=30, help="seconds they arrive over")
    parser.add_argument("--hint-turns", type=turns, default=[4, 12], help="e.g. 4,12")
    parser.add_argument("--hint-options", type=options, default={}, help="CALICO_HINT_OPTIONS")
    parser.add_argument(
        "--analysis-options", type=options, default={}, help="CALICO_ANALYSIS_OPTIONS"
    )
    parser.add_argument("--finished", type=int, default=50, help="ranked games on the board")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--solver-processes", type=int, default=2, help="Celery processes")
    parser.add_argument("--port", type=int, default=8438)
    parser.add_argument("--seed", type=int, default=1, help="seeds arrivals and moves")
    parser.add_argument(
        "--layout",
        choices=("one", "serve"),
        default="one",
        help="one worker on every queue, or bin/serve's four",
    )
    parser.add_argument("--midnight", type=float, help="seconds in: the midnight peak")
    parser.add_argument("--burst", type=int, default=0, help="players arriving at midnight")
    parser.add_argument("--peak-seconds", type=float, default=30, help="the peak's span")
    parser.add_argument("--markdown", action="store_true", help="also print the rows")
    args = parser.parse_args(argv)
    if args.midnight is not None and (args.midnight < 0 or args.burst < 0):
        parser.error("--midnight and --burst are at least 0")
    if min(args.players, args.web_workers, args.solver_processes) < 1 or args.arrivals < 0:
        parser.error("--players, --web-workers and --solver-processes are at least 1")
    return args


def main(argv=None) -> None:
    args = parse(argv)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="calico-load-day-") as folder:
        result = run(args, folder)
    days, timings = result["days"], result["timings"]
    played = max(1, len(days))
    print(
        f"{len(days)} player-days in {result['wall']:.0f} s (arrivals over {args.arrivals:g} s), "
        f"gunicorn {args.web_workers}, {args.solver_processes} solver processes; load "
        f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    rows = []
    print(f"{'endpoint':<46}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}{'errors':>8}")
    for name, seconds in sorted(timings.seconds.items(), key=lambda item: -len(item[1])):
        p50 = statistics.median(seconds) * 1000
        p95 = statistics.quantiles(seconds, n=20, method="inclusive")[18] * 1000
        errors = timings.errors[name]
        print(f"{name:<46}{len(seconds):>9}{p50:>9.0f}{p95:>9.0f}{errors:>8}")
        rows.append([name, str(len(seconds)), f"{p50:.0f}", f"{p95:.0f}", str(errors)])
    if timings.peak_seconds:
        print(f"in the {args.peak_seconds:g} s after midnight:")
        for name, seconds in sorted(timings.peak_seconds.items(), key=lambda item: -len(item[1])):
            p50 = statistics.median(seconds) * 1000
            p95 = 1000 * (
                max(seconds)
                if len(seconds) < 2
                else statistics.quantiles(seconds, n=20, method="inclusive")[18]
            )
            print(f"  {name:<44}{len(seconds):>9}{p50:>9.0f}{p95:>9.0f}")
            rows.append([f"{name} (midnight)", str(len(seconds)), f"{p50:.0f}", f"{p95:.0f}", "–"])
    for error in result["stopped"]:
        print(f"a player-day stopped: {error}")
    per_day = {name: result["cpu"][name] / played for name in PARTS}
    busiest = max(per_day, key=per_day.get)
    print(
        "CPU s per player-day: "
        + ", ".join(f"{n} {v:.2f}" for n, v in per_day.items())
        + f"; total {sum(per_day.values()):.2f}; busiest: {busiest}"
    )
    busy = sum(result["cpu"].values()) / result["wall"]
    print(f"the parts used {busy:.2f} cores over the run (the machine has {os.cpu_count()})")
    print(f"database growth: {result['growth'] / played / 1024:.0f} KB per player-day")
    if args.markdown:
        print()
        print_table(["endpoint", "requests", "p50 ms", "p95 ms", "errors"], rows, load_before)


if __name__ == "__main__":
    main()
