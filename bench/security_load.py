"""Reliability under load, as the security rounds attack it (issue 47):
``nice .venv/bin/python bench/security_load.py [--slow 20] [--players 20] [--seconds 30]``.

Starts the embedded default as ``make serve`` does (bin/serve: gunicorn 2 processes of 8
threads and the four Celery workers, on SQLite and the folder broker) in a throwaway folder,
with the day's par turned down and the abuse limits raised (every client here is 127.0.0.1),
and nginx in front with deploy/nginx.conf's directives (plain http on a local port instead of
TLS) when ``nginx`` is installed. Then, one after the other:

1. **Slow sockets**: ``--slow`` connections that send a request's headers a byte every 0.2 s;
   beside them ``--probes`` GETs of ``/healthz/live`` (5 s timeout each), straight to gunicorn
   and through nginx. Prints the probes that timed out and the slowest answer.
2. **Versus fairness**: three players at a hard table of three opponents each move whenever
   it is their turn; a fourth plays ``--easy-moves`` moves at an easy table of one opponent.
   Prints the easy player's wait from each move's answer to its next turn (polled every 50 ms;
   p50, max) and the hard tables' replies meanwhile (they keep moving).
3. **Game starts under load**: ``--players`` players register all at once, each starting
   its game as soon as it is in; then they play today's daily for ``--seconds`` (a hint asked
   before 30% of their moves, polled every 0.2 s; a new practice game when one ends) while a
   new visitor starts a game every ``--start-every`` seconds, as the page does (its guest
   made by that write). Prints p50/p95 of the registrations, of each kind of start, of the
   moves and the hint asks, and every error.

``--layout production`` runs the same on the production layout instead: a throwaway PostgreSQL
database, Redis as broker and cache, gunicorn (2 processes, the site's settings) and bin/serve's
four workers (``CONN_MAX_AGE=60``). The clients share the machine's cores with the site:
compare ratios, counts and timeouts across runs, and give ``uptime``'s load beside the figures
(printed at each part's start).
"""

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from api_load import Client
from daily_cost import PAR_TURNED_DOWN
from harness import (
    GOAL_CELLS,
    REDIS,
    ROOT,
    create_database,
    drop_database,
    start_gunicorn,
    start_queue_worker,
    stop,
    wait_for_server,
)

LIMITS = [
    *("password-address", "password-username-address", "password-username"),
    *("guests-address", "guests-network", "games-account", "hints-account", "hints-address"),
    *("analyses-account", "analyses-address", "versus-account", "versus-address"),
    *("versus-moves-account", "versus-moves-address"),
]


class Player(Client):
    """A client whose kept-alive connection, closed by the server while idle (gunicorn's
    keepalive: 2 s), is opened again for the next call."""

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        try:
            return super().call(method, path, body)
        except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
            self.conn.close()
            return super().call(method, path, body)


def load() -> str:
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def start_site(folder: Path, port: int, log, before: bool) -> subprocess.Popen:
    """bin/serve in ``folder`` (its var/), after make serve's steps; ``before``: as before
    issue 47 (gunicorn's own threaded worker, every versus level on the queue)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        CALICO_VAR_DIR=str(folder),
        PORT=str(port),
        CALICO_PAR_OPTIONS=json.dumps(PAR_TURNED_DOWN),
        CALICO_LIMITS=json.dumps(dict.fromkeys(LIMITS, "100000/h")),
        CELERY_BROKER_URL="calico-files://",
    )
    if before:
        env.update(GUNICORN_CMD_ARGS="--worker-class gthread", CALICO_VERSUS_INLINE_LEVELS="-")
    python = str(ROOT / ".venv" / "bin" / "python")
    for step in (["migrate", "--noinput", "-v0"], ["ensure_daily"]):
        subprocess.run([python, "manage.py", *step], cwd=ROOT, env=env, check=True, stdout=log)
    site = subprocess.Popen(
        [str(ROOT / "bin" / "serve")],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
        start_new_session=True,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
                if not json.load(answer)["down"]:
                    return site
        except urllib.error.HTTPError:
            pass
        except OSError:
            pass
        time.sleep(1)
    raise SystemExit("the site did not become healthy in 180 s (see the log)")


def start_production(folder: Path, port: int, log, before: bool) -> list[subprocess.Popen]:
    """The production layout on this machine: a throwaway PostgreSQL database, Redis as broker
    and cache, gunicorn (2 processes, the site's settings) and bin/serve's four workers."""
    queue = f"calico-security-{os.getpid()}"
    create_database(
        "calico_security",
        CELERY_BROKER_URL=REDIS,
        REDIS_URL=REDIS,
        CELERY_QUEUE=queue,
        CONN_MAX_AGE="60",
        CALICO_VAR_DIR=str(folder),
        CALICO_PAR_OPTIONS=json.dumps(PAR_TURNED_DOWN),
        CALICO_LIMITS=json.dumps(dict.fromkeys(LIMITS, "100000/h")),
    )
    if before:
        os.environ.update(
            GUNICORN_CMD_ARGS="--worker-class gthread", CALICO_VERSUS_INLINE_LEVELS="-"
        )
    subprocess.run([sys.executable, "manage.py", "ensure_daily"], cwd=ROOT, check=True, stdout=log)
    servers = [
        start_gunicorn(port, 2, "--config", "python:calico_site.gunicorn", log=log),
        start_queue_worker("runs", queue, log=log, nice=True),
        start_queue_worker("hints", f"{queue}-hints", log=log),
        start_queue_worker("versus", f"{queue}-versus", log=log, nice=True),
        start_queue_worker("background", f"{queue}-background", log=log, nice=19),
    ]
    wait_for_server(port)
    return servers


def start_nginx(folder: Path, port: int, upstream: int) -> subprocess.Popen | None:
    """nginx with deploy/nginx.conf's server block, plain http on ``port``."""
    binary = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    if binary is None:
        return None
    server = (ROOT / "deploy" / "nginx.conf").read_text()
    server = server.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
    server = server.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    server = "\n".join(
        line for line in server.splitlines() if not line.strip().startswith(("ssl_", "http2"))
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(
        f"{user}pid {folder}/nginx.pid;\nerror_log {folder}/nginx-error.log;\n"
        "events { worker_connections 1024; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {folder}/nginx-body;\n"
        f"proxy_temp_path {folder}/nginx-proxy;\n{server}\n}}\n"
    )
    nginx = subprocess.Popen([binary, "-c", str(folder / "nginx.conf"), "-g", "daemon off;"])
    time.sleep(1)
    return nginx


def probe(port: int) -> float | None:
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz/live", timeout=5) as answer:
            answer.read()
        return time.monotonic() - started
    except OSError:
        return None


def slow_sockets(port: int, count: int, probes: int) -> str:
    stop = threading.Event()

    def trickle():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(b"GET /healthz/live HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                while not stop.wait(0.2):
                    sock.sendall(b"X")
        except OSError:
            pass  # dropped by the server: its deadline

    threads = [threading.Thread(target=trickle, daemon=True) for _ in range(count)]
    for thread in threads:
        thread.start()
    time.sleep(2)
    took = [probe(port) for _ in range(probes)]
    stop.set()
    answered = [t for t in took if t is not None]
    slowest = f"{max(answered):.2f} s" if answered else "-"
    return f"{took.count(None)}/{probes} probes timed out (5 s), slowest answer {slowest}"


def player(port: int, name: str) -> Client:
    client = Player(port)
    status, body = client.call(
        "POST", "/api/auth/register/", {"username": name, "password": "bench pw 123"}
    )
    if status != 201:
        raise SystemExit(f"register {name}: {status} {body}")
    client.token = body["token"]
    return client


def sit_down(client: Client, level: str, opponents: int) -> dict:
    _, game = client.call("POST", "/api/versus/", {"opponents": opponents, "level": level})
    goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
    _, game = client.call("POST", f"/api/versus/{game['id']}/goals/", {"goals": goals})
    return game


def versus_move(client: Client, game: dict) -> dict:
    move = {
        "turn": game["turn"],
        "hand_index": 0,
        "cell": game["you"]["empty_cells"][0],
        "market_index": None if game["turn"] == 22 else 0,
    }
    status, game = client.call("POST", f"/api/versus/{game['id']}/moves/", move)
    if status != 200:
        raise RuntimeError(f"versus move: {status} {game}")
    return game


def wait_turn(client: Client, game: dict, poll: float, stop=None) -> tuple[dict, float]:
    started = time.monotonic()
    while game["to_move"] != "you" and game["status"] == "playing":
        if stop is not None and stop.is_set():
            break
        time.sleep(poll)
        _, game = client.call("GET", f"/api/versus/{game['id']}/")
    return game, time.monotonic() - started


def versus_fairness(port: int, easy_moves: int) -> str:
    stop = threading.Event()
    hard_waits = []

    def hard_player(n: int):
        client = player(port, f"hard{n}")
        game = sit_down(client, "hard", 3)
        while not stop.is_set() and game["status"] == "playing":
            game, waited = wait_turn(client, versus_move(client, game), 0.1, stop)
            if not stop.is_set():
                hard_waits.append(waited)

    threads = [threading.Thread(target=hard_player, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    easy = player(port, "easy0")
    game = sit_down(easy, "easy", 1)
    time.sleep(3)  # the hard tables' first runs are under way
    waits = []
    for _ in range(easy_moves):
        game, waited = wait_turn(easy, versus_move(easy, game), 0.05)
        waits.append(waited)
        time.sleep(1)  # the player looks at the board
    stop.set()
    for thread in threads:
        thread.join()
    return (
        f"easy reply beside 3 hard tables: p50 {statistics.median(waits):.2f} s, "
        f"max {max(waits):.2f} s ({len(waits)} moves); hard tables' replies meanwhile: "
        f"{len(hard_waits)}, p50 {statistics.median(hard_waits or [0]):.2f} s"
    )


def game_starts(port: int, players: int, seconds: float, start_every: float) -> list[str]:
    times = {
        "register, all at once": [],
        "first start, beside the registrations": [],
        "start (new guest)": [],
        "start (playing)": [],
        "move": [],
        "hint ask": [],
    }
    errors = []
    lock = threading.Lock()

    def timed(kind, client, method, path, body=None):
        started = time.monotonic()
        status, answer = client.call(method, path, body)
        with lock:
            times[kind].append(time.monotonic() - started)
        return status, answer

    def play(n: int, client: Player, game: dict, goals: dict):
        rng = random.Random(n)
        while time.monotonic() < end:
            if game.get("status") != "playing":
                status, game = timed(
                    "start (playing)", client, "POST", "/api/games/", {"goals": goals}
                )
                if status != 201:
                    errors.append(("start", status, game))
                    return
            while game["status"] == "playing" and time.monotonic() < end:
                move = {"hand_index": 0, "cell": game["empty_cells"][0], "market_index": 0}
                if rng.random() < 0.3:
                    status, hint = timed(
                        "hint ask", client, "POST", f"/api/games/{game['id']}/hints/"
                    )
                    while status == 202 and hint["status"] == "pending" and time.monotonic() < end:
                        time.sleep(0.2)
                        status, hint = client.call(
                            "GET", f"/api/games/{game['id']}/hints/{hint['id']}/"
                        )
                    if status not in (200, 202):
                        errors.append(("hint", status, hint))
                    elif hint["status"] == "ready":
                        move = hint["move"]
                move = {**move, "turn": game["turn"]}
                if game["turn"] == 22:
                    move["market_index"] = None
                status, game = timed(
                    "move", client, "POST", f"/api/games/{game['id']}/moves/", move
                )
                if status != 200:
                    errors.append(("move", status, game))
                    return

    def newcomers():
        """A visitor's first game, as the page starts it: the guest is made by this write."""
        while time.monotonic() < end:
            time.sleep(start_every)
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request("GET", "/")  # the game's page: its CSRF cookie
            answer = connection.getresponse()
            answer.read()
            cookies = answer.headers.get_all("Set-Cookie") or []
            token = next(c.split(";")[0].split("=", 1)[1] for c in cookies if "csrftoken=" in c)
            connection.request("GET", "/api/daily/")
            daily = json.loads(connection.getresponse().read())
            goals = dict(zip(GOAL_CELLS, daily["goal_options"], strict=False))
            headers = {
                "Content-Type": "application/json",
                "X-CSRFToken": token,
                "Cookie": f"csrftoken={token}",
            }
            started = time.monotonic()
            connection.request("POST", "/api/games/", json.dumps({"goals": goals}), headers)
            answer = connection.getresponse()
            body = answer.read()
            with lock:
                times["start (new guest)"].append(time.monotonic() - started)
            if answer.status != 201:
                errors.append(("guest start", answer.status, body[:200]))
            connection.close()

    def arrive(n: int, clients: list):
        """A player registers and starts a game at once, as all the others do."""
        started = time.monotonic()
        client = player(port, f"load{n}")
        registered = time.monotonic()
        _, daily = client.call("GET", "/api/daily/")
        goals = dict(zip(GOAL_CELLS, daily["goal_options"], strict=False))
        status, game = timed(
            "first start, beside the registrations",
            client,
            "POST",
            "/api/games/",
            {"goals": goals},
        )
        if status != 201:
            errors.append(("start", status, game))
            game = {}
        with lock:
            times["register, all at once"].append(registered - started)
            clients.append((n, client, game, goals))

    clients = []
    arrivals = [threading.Thread(target=arrive, args=(n, clients)) for n in range(players)]
    for thread in arrivals:
        thread.start()
    for thread in arrivals:
        thread.join()
    end = time.monotonic() + seconds
    threads = [threading.Thread(target=play, args=args) for args in clients]
    threads.append(threading.Thread(target=newcomers))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    lines = []
    for kind, values in times.items():
        if len(values) >= 2:
            p95 = statistics.quantiles(values, n=20)[-1]
            lines.append(
                f"{kind}: {len(values)}, p50 {statistics.median(values):.2f} s, p95 {p95:.2f} s"
            )
    lines.append(f"errors: {len(errors)} {errors[:3]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8471)
    parser.add_argument("--slow", type=int, default=20, help="slow sockets")
    parser.add_argument("--probes", type=int, default=5)
    parser.add_argument("--easy-moves", type=int, default=8)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--start-every", type=float, default=1.0)
    parser.add_argument("--parts", default="slow,versus,starts")
    parser.add_argument("--keep", action="store_true", help="keep the site's folder")
    parser.add_argument(
        "--layout",
        choices=("embedded", "production"),
        default="embedded",
        help="bin/serve on SQLite, or PostgreSQL, Redis, gunicorn and four workers",
    )
    parser.add_argument(
        "--before",
        action="store_true",
        help="as before issue 47: gunicorn's gthread worker, no versus level inline",
    )
    args = parser.parse_args()
    parts = args.parts.split(",")
    folder = Path(tempfile.mkdtemp(prefix="calico-security-load-"))
    folder.chmod(0o755)
    log = open(folder / "serve.log", "wb")  # noqa: SIM115 (open for the run)
    if args.layout == "production":
        servers, site = start_production(folder, args.port, log, args.before), None
    else:
        servers, site = [], start_site(folder, args.port, log, args.before)
    print(f"{args.layout} layout")
    print("as before issue 47" if args.before else "as now")
    nginx = None
    try:
        if "slow" in parts:
            nginx = start_nginx(folder, args.port + 1, args.port)
            print(f"slow sockets ({load()}), {args.slow} sockets:")
            print(f"  straight to gunicorn: {slow_sockets(args.port, args.slow, args.probes)}")
            if nginx is not None:
                print(f"  through nginx: {slow_sockets(args.port + 1, args.slow, args.probes)}")
            else:
                print("  through nginx: nginx not installed")
        if "versus" in parts:
            print(f"versus fairness ({load()}):")
            print(f"  {versus_fairness(args.port, args.easy_moves)}")
        if "starts" in parts:
            print(
                f"game starts under load ({load()}), {args.players} players, {args.seconds:.0f} s:"
            )
            for line in game_starts(args.port, args.players, args.seconds, args.start_every):
                print(f"  {line}")
            print(f"  ({load()} at the end)")
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait()
        if site is not None:
            os.killpg(site.pid, signal.SIGTERM)
            site.wait()
        else:
            stop(servers)
            drop_database("calico_security")
        log.close()
        if args.keep:
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
