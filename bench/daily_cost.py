"""What one player-day costs in CPU seconds: ``python bench/daily_cost.py [--players 5]``.

Starts the production shape on a throwaway PostgreSQL database: gunicorn (``--web-workers``),
one Celery worker (prefork, ``--solver-processes``) on both queues of a Redis queue of its
own, Redis as the cache, ``CONN_MAX_AGE=60``, the static files collected and served by
whitenoise. A leaderboard of ``--finished`` ranked games is made beforehand through the
services; the day's par run is turned down (a cost per day, not per player) and finished
before anything is measured.

Then ``--players`` players, one after the other (so each figure is one player-day, not a
share of a contended run), each spend a day as the pages' scripts do, with a session cookie
and the CSRF header, from a browser whose cache revalidates the static files on each page
load (whitenoise's max-age is 60 s; a page's CSS and JS modules answer 304):

1. home: ``/`` with the goal picker (the goals, today's daily);
2. the daily: the game started, its 22 moves (a random hand patch on a random empty space,
   a random market patch; goals and moves differ per player, so no hint is another's) with
   a hint asked at each of ``--hint-turns`` (polled every 600 ms, the game read again, its
   move played), then the end screen (the day, the leaderboard, the profile, the groups);
3. the analysis of the finished game, asked from the end screen and polled every 700 ms;
4. later: the game page again (the finished game's end screen), the leaderboard page and the
   profile page.

CPU is read from the processes themselves (``/proc/PID/stat``, user + system) every 0.2 s
and at each step's end: web is gunicorn's master and workers, worker is the Celery worker
and its pool processes, database is the PostgreSQL backends of the bench's database (by
``pg_stat_activity``: the web's and the worker's connections, not the rest of the shared
cluster); a process that exits counts up to its last reading. Redis (shared with other
work on the machine) is not counted. ``--warmup`` player-days run first and are not counted
(each process's first requests, the solver's compiled core loading in the pool process).

Prints each player-day, the mean and spread per part and in total, and player-days per
core-hour (3600 / mean CPU seconds); ``--markdown`` adds the row for docs/benchmarks.md,
``--json`` prints a JSON document instead of the text.
"""

import argparse
import collections
import http.client
import itertools
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urljoin

from api_speed import cpu_seconds, prepare
from harness import (
    GOAL_CELLS,
    PG,
    REDIS,
    ROOT,
    create_database,
    drop_database,
    start_gunicorn,
    start_worker,
    stop,
    wait_for_server,
)
from report import code_version, print_table

PARTS = ("web", "database", "worker")
HINT_POLL, ANALYSIS_POLL = 0.6, 0.7  # the pages' (hint.js, analysis.js)
PAR_TURNED_DOWN = {"playout_width": 1, "samples": 1, "depth": 1}
DATABASE_MEASURED = "the bench database's backends (pg_stat_activity), not the whole cluster"
IMPORTS = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\.{1,2}/[^"']+)["']""")


# -- CPU of process trees --------------------------------------------------------------------


def descendants(pid: int) -> list[int]:
    """``pid`` and every process under it (the children of each of its threads, recursively)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            tasks = os.listdir(f"/proc/{current}/task")
        except OSError:
            continue  # exited
        for task in tasks:
            try:
                children = Path(f"/proc/{current}/task/{task}/children").read_text()
            except OSError:
                continue
            todo.extend(int(child) for child in children.split())
    return found


class Meter:
    """The CPU seconds each part has spent: ``parts`` maps a name to a function listing its
    processes now. Every process ever seen keeps its last reading, so one that exits between
    two readings (a backend past ``CONN_MAX_AGE``, a replaced pool process) still counts up to
    then; ``start`` reads every ``interval`` seconds in a thread until ``close``."""

    def __init__(self, parts: dict, interval: float = 0.2):
        self.parts, self.interval = parts, interval
        self.seen = {name: {} for name in parts}
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def read(self) -> dict[str, float]:
        """Read every part now; each part's CPU seconds so far."""
        with self.lock:
            for name, pids in self.parts.items():
                self.seen[name].update(cpu_seconds(pids()))
            return {name: sum(seen.values()) for name, seen in self.seen.items()}

    def _run(self) -> None:
        while not self.stopping.wait(self.interval):
            self.read()

    def start(self) -> "Meter":
        self.thread.start()
        return self

    def close(self) -> None:
        self.stopping.set()
        self.thread.join()


def spent(before: dict, after: dict) -> dict[str, float]:
    return {name: after[name] - before[name] for name in after}


def backends_of(database: str):
    """A function listing the PostgreSQL backends of ``database`` now (read from the server's
    ``postgres`` database, so the reading's own backend is not one of them)."""
    import psycopg

    connection = psycopg.connect(f"{PG}/postgres", autocommit=True)

    def pids() -> list[int]:
        rows = connection.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (database,)
        ).fetchall()
        return [pid for (pid,) in rows]

    return pids


# -- a player's browser ----------------------------------------------------------------------


class Browser:
    """One player's browser: a keep-alive connection, its cookies (the session and CSRF) and a
    cache of the static files shared by every bench player (a returning player's: each page
    load revalidates its CSS and JS modules). ``statuses`` counts the answers by status."""

    cache: dict = {}  # url -> {"validators": {header: value}, "imports": [url, ...]}

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.cookies: dict[str, str] = {}
        self.statuses: collections.Counter = collections.Counter()

    def send(self, method: str, path: str, body=None, headers=None) -> tuple[int, dict, bytes]:
        headers = {"Accept-Encoding": "gzip, deflate, br", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.conn.request(method, path, body, headers)
        response = self.conn.getresponse()
        data = response.read()
        self.statuses[str(response.status)] += 1
        for line in response.msg.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(line).items():
                self.cookies[name] = morsel.value
        return response.status, dict(response.getheaders()), data

    def api(self, method: str, path: str, body=None, expect: int = 200) -> dict:
        headers = {"Accept": "application/json"}
        payload = None
        if method != "GET":
            headers["Content-Type"] = "application/json"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            payload = json.dumps(body if body is not None else {})
        status, _, data = self.send(method, path, payload, headers)
        if status != expect:
            raise RuntimeError(f"{method} {path}: {status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def sign_up(self, username: str) -> None:
        self.send("GET", "/signup/")  # the CSRF cookie
        form = {
            "username": username,
            "password": "bench pw 123",
            "csrfmiddlewaretoken": self.cookies["csrftoken"],
        }
        form_type = {"Content-Type": "application/x-www-form-urlencoded"}
        status, _, data = self.send("POST", "/signup/", urlencode(form), form_type)
        if status != 302:
            raise RuntimeError(f"sign-up of {username}: {status} {data[:200]!r}")

    def page(self, path: str) -> None:
        """Load a page: its HTML, then its stylesheet and its module graph, each asked once
        (revalidated if cached); then the goals if ``goals.js`` is in the graph (its top-level
        fetch runs before the page's own script)."""
        status, answer, html = self.send("GET", path, headers={"Accept": "text/html"})
        if status != 200:
            raise RuntimeError(f"GET {path}: {status}")
        text = self.decoded(path, answer, html)  # the leaderboard page is gzipped
        todo = re.findall(r'<link rel="stylesheet" href="([^"]+)"', text)
        todo += re.findall(r'<script type="module" src="([^"]+)"', text)
        loaded: set[str] = set()
        while todo:
            url = todo.pop()
            if url in loaded:
                continue
            loaded.add(url)
            todo.extend(self.asset(url))
        if any(url.endswith("/goals.js") for url in loaded):
            self.api("GET", "/api/goals/")

    def asset(self, url: str) -> list[str]:
        """Ask for a static file (conditionally if cached); the modules it imports."""
        known = self.cache.get(url)
        headers = dict(known["validators"]) if known else {}
        status, answer, data = self.send("GET", url, headers=headers)
        if status == 304 and known:
            return known["imports"]
        if status != 200:
            raise RuntimeError(f"GET {url}: {status}")
        validators = {}
        if "ETag" in answer:
            validators["If-None-Match"] = answer["ETag"]
        if "Last-Modified" in answer:
            validators["If-Modified-Since"] = answer["Last-Modified"]
        imports = []
        if url.endswith(".js"):
            source = self.decoded(url, answer, data)
            imports = [urljoin(url, name) for name in IMPORTS.findall(source)]
        self.cache[url] = {"validators": validators, "imports": imports}
        return imports

    @staticmethod
    def decoded(url: str, answer: dict, data: bytes) -> str:
        encoding = answer.get("Content-Encoding", "")
        if encoding == "gzip":
            import gzip

            data = gzip.decompress(data)
        elif encoding:  # brotli: read the file as collected instead
            data = (Path(os.environ["CALICO_VAR_DIR"]) / url.lstrip("/")).read_bytes()
        return data.decode()


# -- a player-day ----------------------------------------------------------------------------


def random_move(game: dict, rng: random.Random) -> dict:
    last = game["turn"] == game["turns"]
    return {
        "hand_index": rng.randrange(len(game["hand"])),
        "cell": rng.choice(game["empty_cells"]),
        "market_index": None if last else rng.randrange(len(game["market"])),
    }


class Polls:
    """The status polls of a day (hints, the analysis) and the web and database CPU they
    cost: their number grows with the time the worker takes, so with the machine's load."""

    def __init__(self, meter: Meter):
        self.meter, self.requests = meter, 0
        self.cpu = {"web": 0.0, "database": 0.0}

    def get(self, browser: Browser, path: str) -> dict:
        before = self.meter.read()
        answer = browser.api("GET", path)
        after = self.meter.read()
        self.requests += 1
        for name in self.cpu:
            self.cpu[name] += after[name] - before[name]
        return answer


def ask_hint(browser: Browser, game: dict, polls: Polls) -> dict:
    """``fetchHint`` and what the page does with the answer: the hint's move."""
    hints = f"/api/games/{game['id']}/hints/"
    hint = browser.api("POST", hints, expect=202)
    deadline = time.monotonic() + 180  # hint.js gives up then
    while hint["status"] == "pending":
        if time.monotonic() > deadline:
            raise RuntimeError(f"hint {hint['id']} still pending after 180 s")
        time.sleep(HINT_POLL)
        hint = polls.get(browser, f"{hints}{hint['id']}/")
    if hint["status"] != "ready":
        raise RuntimeError(f"hint {hint['id']}: {hint['status']} {hint.get('message')}")
    browser.api("GET", f"/api/games/{game['id']}/")
    return hint["move"]


def end_screen(browser: Browser, game: dict) -> None:
    """``finish()``: the day and its leaderboard, then the streak and the groups."""
    browser.api("GET", f"/api/challenges/{game['date']}/")
    browser.api("GET", f"/api/leaderboards/{game['date']}/")
    browser.api("GET", "/api/me/")
    browser.api("GET", "/api/groups/")


def analyse(browser: Browser, game_id: int, polls: Polls) -> None:
    path = f"/api/games/{game_id}/analysis/"
    analysis = browser.api("POST", path, expect=202)
    deadline = time.monotonic() + 600
    while analysis["status"] in ("pending", "running"):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the analysis of game {game_id} took over 600 s")
        time.sleep(ANALYSIS_POLL)
        analysis = polls.get(browser, path)
    if analysis["status"] != "ready":
        raise RuntimeError(f"analysis of game {game_id}: {analysis['status']}")


def player_day(browser: Browser, goals: dict, hint_turns: set, rng, meter: Meter) -> dict:
    """One player's day (see the module); the CPU each step cost per part, and its totals."""
    steps, started = {}, time.perf_counter()
    last = meter.read()

    def step(name: str) -> None:
        nonlocal last
        now = meter.read()
        steps[name] = spent(last, now)
        last = now

    polls, asked = Polls(meter), browser.statuses.copy()
    first = meter.read()
    browser.page("/")
    daily = browser.api("GET", "/api/daily/")
    step("home page")
    game = browser.api("POST", "/api/games/", {"date": daily["date"], "goals": goals}, 201)
    hints = 0
    while game["status"] == "playing":
        if game["turn"] in hint_turns:
            move = ask_hint(browser, game, polls)
            hints += 1
        else:
            move = random_move(game, rng)
        game = browser.api(
            "POST", f"/api/games/{game['id']}/moves/", {**move, "turn": game["turn"]}
        )
    end_screen(browser, game)
    step(f"the daily: 22 moves, {hints} hints, end screen")
    analyse(browser, game["id"], polls)
    step("analysis")
    browser.page("/")
    daily = browser.api("GET", "/api/daily/")
    browser.api("GET", f"/api/games/{daily['ranked_game']}/")
    end_screen(browser, game)
    browser.page("/leaderboard/")
    browser.api("GET", "/api/daily/")
    browser.api("GET", f"/api/leaderboards/{game['date']}/")
    browser.api("GET", f"/api/challenges/{game['date']}/")
    browser.page("/me/")
    browser.api("GET", "/api/me/")
    time.sleep(1)  # the worker's tail (acknowledging the analysis) belongs to this day
    step("game page, leaderboard, profile")
    return {
        "cpu": spent(first, last),
        "steps": steps,
        "score": game["score"]["total"],
        "hints": hints,
        "requests": (browser.statuses - asked).total(),
        "statuses": dict(browser.statuses - asked),
        "polls": {"requests": polls.requests, **polls.cpu},
        "wall_seconds": time.perf_counter() - started,
    }


# -- the run ---------------------------------------------------------------------------------


def options(text: str) -> dict:
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise argparse.ArgumentTypeError(f"not JSON: {error}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError("solver options are a JSON object")
    return value


def turns(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("turns are numbers like 4,12") from None
    if any(not 1 <= value <= 22 for value in values):
        raise argparse.ArgumentTypeError("a hint's turn is 1 to 22")
    return values


def parse(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5, help="player-days measured, in turn")
    parser.add_argument("--warmup", type=int, default=1, help="player-days first, not counted")
    parser.add_argument("--hint-turns", type=turns, default=[4, 12], help="e.g. 4,12")
    parser.add_argument("--hint-options", type=options, default={}, help="CALICO_HINT_OPTIONS")
    parser.add_argument(
        "--analysis-options", type=options, default={}, help="CALICO_ANALYSIS_OPTIONS"
    )
    parser.add_argument("--finished", type=int, default=50, help="ranked games on the board")
    parser.add_argument("--web-workers", type=int, default=2, help="gunicorn processes")
    parser.add_argument("--solver-processes", type=int, default=1, help="Celery processes")
    parser.add_argument("--idle", type=float, default=5, help="seconds of idle CPU to read")
    parser.add_argument("--port", type=int, default=8437)
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' moves")
    parser.add_argument("--markdown", action="store_true", help="also print the row")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the text")
    args = parser.parse_args(argv)
    for name in ("players", "web_workers", "solver_processes"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} is at least 1")
    if args.warmup < 0 or args.finished < 0 or args.idle < 0:
        parser.error("--warmup, --finished and --idle are not negative")
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", args.port))
        except OSError:
            parser.error(f"port {args.port} is in use: pick another with --port")
    return args


def goal_choices(options: list, count: int) -> list[dict]:
    """A different placement of the day's goals for each player (they cycle past 6)."""
    orders = list(itertools.permutations(options[: len(GOAL_CELLS)]))
    return [dict(zip(GOAL_CELLS, orders[n % len(orders)], strict=True)) for n in range(count)]


STARTED = time.monotonic()


def progress(text: str) -> None:
    print(f"[{time.monotonic() - STARTED:5.0f} s] {text}", file=sys.stderr, flush=True)


def run(args, folder: str) -> dict:
    database = f"calico_cost_{os.getpid()}"  # several people may run this at once
    queue = f"calico-cost-{os.getpid()}"
    create_database(
        database,
        CELERY_BROKER_URL=REDIS,
        REDIS_URL=REDIS,
        CELERY_QUEUE=queue,
        CONN_MAX_AGE="60",
        CALICO_VAR_DIR=folder,
        CALICO_PAR_OPTIONS=json.dumps(PAR_TURNED_DOWN),
        CALICO_HINT_OPTIONS=json.dumps(args.hint_options),
        CALICO_ANALYSIS_OPTIONS=json.dumps(args.analysis_options),
    )
    servers, meter = [], None
    try:
        progress("migrated; collecting the static files…")
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, check=True
        )
        progress(f"a leaderboard of {args.finished} finished games…")
        date = prepare(0, args.finished, 0)["date"]  # and the day, whose par run is sent
        from django.db import connections

        connections.close_all()  # this process's backends are not the servers'
        with open(Path(folder) / "gunicorn.log", "wb") as web_log:
            servers.append(start_gunicorn(args.port, args.web_workers, log=web_log))
        with open(Path(folder) / "worker.log", "wb") as worker_log:
            servers.append(start_worker(args.solver_processes, log=worker_log))
        progress("servers starting; the day's par run…")
        wait_for_server(args.port)
        wait_for_par(database)
        progress("signing the players up…")
        web, worker = servers
        meter = Meter(
            {
                "web": lambda: descendants(web.pid),
                "database": backends_of(database),
                "worker": lambda: descendants(worker.pid),
            }
        ).start()
        total = args.warmup + args.players
        browsers = [Browser(args.port) for _ in range(total)]
        for n, browser in enumerate(browsers):
            browser.sign_up(f"day{n}")
        daily = browsers[0].api("GET", "/api/daily/")
        goals = goal_choices(daily["goal_options"], total)
        days = []
        for n, browser in enumerate(browsers):
            if n == args.warmup and args.idle:
                progress(f"{args.idle:g} s idle…")
                idle = measure_idle(meter, args.idle)
            counted = n >= args.warmup
            progress(f"player-day {n + 1} of {total}" + ("" if counted else " (warm-up)"))
            rng = random.Random(args.seed * 1000 + n)
            day = player_day(browser, goals[n], set(args.hint_turns), rng, meter)
            if counted:
                days.append(day)
        if not args.idle:
            idle = {name: 0.0 for name in PARTS}
    finally:
        if meter is not None:
            meter.close()
        stop(servers)
        drop_database(database)
    return {"date": date, "days": days, "idle_per_second": idle}


def wait_for_par(database: str, seconds: float = 600) -> None:
    """Until the day's (turned-down) par run is done: a cost per day, not per player-day."""
    command = [
        "psql",
        "-Atq",
        "-h",
        "127.0.0.1",
        "-U",
        "postgres",
        "-d",
        database,
        "-c",
        "SELECT status FROM puzzles_solverrun WHERE kind = 'par'",
    ]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        if status.strip() == "ready":
            return
        if status.strip() == "failed":
            raise SystemExit("the day's par run failed: see the worker's log")
        time.sleep(0.5)
    raise SystemExit("the day's par run did not finish")


def measure_idle(meter: Meter, seconds: float) -> dict[str, float]:
    """CPU seconds per second each part spends doing nothing (heartbeats, polling)."""
    time.sleep(1)
    before = meter.read()
    time.sleep(seconds)
    return {name: value / seconds for name, value in spent(before, meter.read()).items()}


def summary(days: list[dict]) -> dict:
    """Mean, standard deviation, min and max of each part and of the total."""

    def of(values: list[float]) -> dict:
        return {
            "mean": statistics.fmean(values),
            "stdev": statistics.stdev(values) if len(values) > 1 else 0.0,
            "min": min(values),
            "max": max(values),
        }

    figures = {name: of([day["cpu"][name] for day in days]) for name in PARTS}
    figures["total"] = of([sum(day["cpu"].values()) for day in days])
    return figures


def describe(args) -> str:
    hints = json.dumps(args.hint_options) if args.hint_options else "defaults (par strength)"
    analysis = json.dumps(args.analysis_options) if args.analysis_options else "defaults"
    turns_text = ", ".join(str(turn) for turn in args.hint_turns) or "none"
    return (
        f"gunicorn {args.web_workers}, {args.solver_processes} solver process(es), "
        f"{args.finished} games on the board; hints at turns {turns_text}: {hints}; "
        f"analysis: {analysis}; par turned down, not counted"
    )


def main(argv=None) -> None:
    args = parse(argv)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="calico-cost-") as folder:
        result = run(args, folder)
    figures = summary(result["days"])
    per_core_hour = 3600 / figures["total"]["mean"]
    document = {
        "code": code_version(),
        "date": result["date"],
        "load_average": [load_before, os.getloadavg()[0]],
        "setup": describe(args),
        "options": {
            "hint_turns": args.hint_turns,
            "hint": args.hint_options,
            "analysis": args.analysis_options,
            "par": PAR_TURNED_DOWN,
        },
        "database_measured": DATABASE_MEASURED,
        "cpu_seconds": figures,
        "player_days_per_core_hour": per_core_hour,
        "idle_cpu_per_second": result["idle_per_second"],
        "days": result["days"],
    }
    if args.json:
        print(json.dumps(document, indent=2))
        return
    report(args, document, load_before)


def report(args, document: dict, load_before: float) -> None:
    figures, days = document["cpu_seconds"], document["days"]
    print(document["setup"])
    print(f"database: {DATABASE_MEASURED}")
    print(f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
    print(
        f"{'player-day':<12}{'web s':>8}{'db s':>8}{'worker s':>10}{'total s':>9}"
        f"{'requests':>10}{'wall s':>8}{'score':>7}"
    )
    for n, day in enumerate(days, 1):
        cpu = day["cpu"]
        print(
            f"{n:<12}{cpu['web']:>8.2f}{cpu['database']:>8.2f}{cpu['worker']:>10.2f}"
            f"{sum(cpu.values()):>9.2f}{day['requests']:>10}{day['wall_seconds']:>8.1f}"
            f"{day['score']:>7}"
        )
    for name in (*PARTS, "total"):
        f = figures[name]
        print(
            f"{name:<9} mean {f['mean']:.2f} s, stdev {f['stdev']:.2f}, "
            f"{f['min']:.2f}-{f['max']:.2f}"
        )
    print("by step (mean CPU s: web / database / worker):")
    for step in days[0]["steps"]:
        means = [statistics.fmean(day["steps"][step][name] for day in days) for name in PARTS]
        print(f"  {step}: " + " / ".join(f"{value:.2f}" for value in means))
    polls = {key: statistics.fmean(day["polls"][key] for day in days) for key in days[0]["polls"]}
    print(
        f"of which status polls (hints every {HINT_POLL} s, the analysis every "
        f"{ANALYSIS_POLL} s; more when the worker is slower): {polls['requests']:.0f} "
        f"requests, web {polls['web']:.2f} s, database {polls['database']:.2f} s"
    )
    answers = sum((collections.Counter(day["statuses"]) for day in days), collections.Counter())
    counts = sorted(answers.items())
    print("answers, all days: " + ", ".join(f"{n} x {status}" for status, n in counts))
    idle = document["idle_cpu_per_second"]
    print(
        "idle CPU, not subtracted (ms per second): "
        + ", ".join(f"{name} {idle[name] * 1000:.1f}" for name in PARTS)
    )
    print(f"player-days per core-hour: {document['player_days_per_core_hour']:.0f}")
    if args.markdown:
        print()
        columns = [
            "player-days",
            "web CPU s",
            "database CPU s",
            "worker CPU s",
            "total CPU s (min-max)",
            "player-days per core-hour",
            "of which polls: requests, web + db CPU s",
            "setup",
        ]
        total = figures["total"]
        row = [
            str(len(days)),
            *(f"{figures[name]['mean']:.2f}" for name in PARTS),
            f"{total['mean']:.2f} ({total['min']:.2f}-{total['max']:.2f})",
            f"{document['player_days_per_core_hour']:.0f}",
            f"{polls['requests']:.0f}, {polls['web'] + polls['database']:.2f}",
            document["setup"],
        ]
        print_table(columns, [row], load_before)


if __name__ == "__main__":
    main()
