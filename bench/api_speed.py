"""The API's endpoints side by side with a bare answer: ``python bench/api_speed.py``.

One gunicorn (``--workers``, default 2) on a throwaway PostgreSQL database with
``CONN_MAX_AGE=60``, and one client process here with ``--connections`` keep-alive connections
(threads), token auth. Each endpoint in turn gets ``--requests`` requests per connection, as
fast as the server answers; the figure that holds on a shared machine is each endpoint's
requests/s as a share of the bare answer's in the same run.

- bare: ``GET /api/bench-404/``, the site's JSON 404 (middleware, URL resolver, a JSON body):
  the framework's own cost, the ceiling any endpoint is compared with.
- daily: ``GET /api/daily/``, anonymous.
- game read: ``GET /api/games/{id}/`` of a game at turn 12.
- move: ``POST /api/games/{id}/moves/``, whole practice games of today's daily, turn by turn.
- leaderboard: ``GET /api/leaderboards/{today}/``, a full first page (``--finished`` ranked
  games), with the caller's own rank.
- hint request: ``POST /api/games/{id}/hints/`` asked again on a turn whose hint is ready (a new
  hint is a solver run; the solver is not what this measures).

Players, their finished ranked games, the games to read and to play and the ready hints are
made beforehand through the services (no password hashing, no game start in a timed loop).
Tasks go to an in-memory broker (nowhere). The client shares the cores with the server: the
absolute figures are a floor; say the load average with them. The CPU the server spent per
request (gunicorn workers and their PostgreSQL backends, from ``/proc``) holds better.
"""

import argparse
import http.client
import json
import os
import statistics
import subprocess
import threading
import time
from pathlib import Path

from harness import (
    GOAL_CELLS,
    create_database,
    drop_database,
    setup_django,
    start_gunicorn,
    stop,
    wait_for_server,
)
from report import print_table

TURNS = 22
READ_AT_TURN = 12
TICKS = os.sysconf("SC_CLK_TCK")


def first_move(game) -> dict:
    """The first hand patch on the first empty space, taking market slot 0."""
    return {
        "turn": game["turn"],
        "hand_index": 0,
        "cell": game["empty_cells"][0],
        "market_index": None if game["turn"] == TURNS else 0,
    }


def prepare(players: int, finished: int, move_games: int) -> dict:
    """Everything the timed loops use, made through the services in this process: tokens,
    a game at turn ``READ_AT_TURN`` with its hint ready, unplayed practice games, and
    ``finished`` finished ranked games for the leaderboard."""
    setup_django()
    from rest_framework.authtoken.models import Token

    from puzzles.game_state import today
    from puzzles.models import Hint, Player
    from puzzles.selectors.challenges import challenge_json
    from puzzles.selectors.games import game_json
    from puzzles.services import games
    from puzzles.services.challenges import do_ensure_challenge

    daily = do_ensure_challenge(today())
    goals = dict(zip(GOAL_CELLS, challenge_json(daily)["goal_options"], strict=False))

    def new_player(name: str) -> Player:
        player = Player(username=name)
        player.set_unusable_password()
        player.save()
        return player

    def play(game, moves: int):
        state = game_json(game)
        for _ in range(moves):
            game, *_ = games.do_play_move(game.pk, player=game.player, data=first_move(state))
            state = game_json(game)
        return game

    for n in range(finished):  # the leaderboard's page (the bench players come last)
        play(games.do_start_game(new_player(f"finisher{n}"), date=daily.date, goals=goals), TURNS)
    prepared = {"date": daily.date.isoformat(), "clients": []}
    for n in range(players):
        player = new_player(f"bench{n}")
        play(games.do_start_game(player, date=daily.date, goals=goals), TURNS)  # its ranked game
        read = play(games.do_start_game(player, date=daily.date, goals=goals), READ_AT_TURN - 1)
        Hint.objects.create(
            game=read,
            turn=read.turn,
            status=Hint.Status.READY,
            move=first_move(game_json(read)),
            expected_score=50.0,
        )
        to_play = [
            games.do_start_game(player, date=daily.date, goals=goals) for _ in range(move_games)
        ]
        prepared["clients"].append(
            {
                "token": Token.objects.create(user=player).key,
                "read": read.pk,
                "play": [game_json(game) for game in to_play],
            }
        )
    return prepared


class Client:
    """One keep-alive connection; ``call`` returns the status, the body and the seconds."""

    def __init__(self, port: int, token: str | None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Token {token}"

    def call(self, method: str, path: str, body=None, auth=True) -> tuple[int, dict, float]:
        headers = self.headers if auth else {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        started = time.perf_counter()
        self.conn.request(method, path, payload, headers)
        response = self.conn.getresponse()
        data = response.read()
        return response.status, data, time.perf_counter() - started


def fixed(method: str, path, status: int, auth=True):
    """A loop of the same request (``path`` may depend on the client's prepared data)."""

    def loop(client: Client, mine: dict, count: int, out: list) -> None:
        url = path(mine) if callable(path) else path
        for _ in range(count):
            got, body, seconds = client.call(method, url, auth=auth)
            if got != status:
                raise RuntimeError(f"{method} {url}: {got} {body[:200]!r}")
            out.append(seconds)

    return loop


def moves(client: Client, mine: dict, count: int, out: list) -> None:
    """Play the client's prepared games turn by turn until ``count`` moves are made."""
    games = iter(mine["play"])
    game = next(games)
    for _ in range(count):
        if game["status"] != "playing":
            game = next(games)
        url = f"/api/games/{game['id']}/moves/"
        got, body, seconds = client.call("POST", url, first_move(game))
        if got != 200:
            raise RuntimeError(f"POST {url}: {got} {body[:200]!r}")
        game = json.loads(body)
        out.append(seconds)


def cpu_seconds(pids) -> dict[int, float]:
    """User + system CPU seconds of each process still alive (``/proc/PID/stat``)."""
    seconds = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        seconds[pid] = (int(fields[11]) + int(fields[12])) / TICKS
    return seconds


class Servers:
    """The gunicorn workers and the PostgreSQL backends serving them: whose CPU a request costs
    (a figure that holds better than requests/s on a busy machine)."""

    def __init__(self, gunicorn: subprocess.Popen, database: str):
        self.gunicorn, self.database = gunicorn.pid, database

    def app(self) -> list[int]:
        children = Path(f"/proc/{self.gunicorn}/task/{self.gunicorn}/children").read_text()
        return [int(pid) for pid in children.split()]

    def db(self) -> list[int]:
        sql = f"SELECT pid FROM pg_stat_activity WHERE datname = '{self.database}'"
        out = subprocess.run(
            ["psql", "-Atq", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-c", sql],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        return [int(pid) for pid in out.split()]

    def sample(self) -> tuple[dict, dict]:
        return cpu_seconds(self.app()), cpu_seconds(self.db())


def cpu_spent(before: dict, after: dict) -> float:
    """CPU seconds between two samples (a backend that exited in between is not counted)."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def measure(port: int, prepared: dict, loop, count: int, servers: Servers) -> dict:
    """Every connection runs ``loop`` at once (after a short warm-up): requests/s, every
    latency, and the server's CPU per request (gunicorn, PostgreSQL)."""
    clients = [(Client(port, c["token"]), c) for c in prepared["clients"]]
    latencies: list[float] = []
    errors: list[Exception] = []

    def run(client, mine, n, out):
        try:
            loop(client, mine, n, out)
        except Exception as error:  # reported after the run, not swallowed
            errors.append(error)

    def all_at_once(n: int, out: list) -> float:
        threads = [threading.Thread(target=run, args=(c, m, n, out)) for c, m in clients]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return time.perf_counter() - started

    if loop is not moves:  # moves are not repeatable: a warm-up would use up the games
        all_at_once(20, [])
    app_before, db_before = servers.sample()
    elapsed = all_at_once(count, latencies)
    app_after, db_after = servers.sample()
    if errors:
        raise SystemExit(f"errors: {errors[:3]}")
    return {
        "rate": len(latencies) / elapsed,
        "latencies": latencies,
        "app_ms": 1000 * cpu_spent(app_before, app_after) / len(latencies),
        "db_ms": 1000 * cpu_spent(db_before, db_after) / len(latencies),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=8, help="keep-alive connections")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--requests", type=int, default=300, help="per connection and endpoint")
    parser.add_argument("--finished", type=int, default=50, help="ranked games on the board")
    parser.add_argument("--port", type=int, default=8432)
    parser.add_argument(
        "--markdown", action="store_true", help="also print the rows for docs/benchmarks.md"
    )
    args = parser.parse_args()

    load_before = os.getloadavg()[0]
    database = f"calico_speed_{os.getpid()}"  # several people may run this at once
    create_database(database, CONN_MAX_AGE="60")
    server = None
    try:
        move_games = -(-args.requests // TURNS)
        prepared = prepare(args.connections, args.finished, move_games)
        from django.db import connections

        connections.close_all()
        server = start_gunicorn(args.port, args.workers)
        wait_for_server(args.port)
        endpoints = {
            "bare (JSON 404)": fixed("GET", "/api/bench-404/", 404),
            "daily (anonymous)": fixed("GET", "/api/daily/", 200, auth=False),
            "game read": fixed("GET", lambda mine: f"/api/games/{mine['read']}/", 200),
            "move": moves,
            "leaderboard": fixed("GET", f"/api/leaderboards/{prepared['date']}/", 200),
            "hint request": fixed("POST", lambda mine: f"/api/games/{mine['read']}/hints/", 202),
        }
        servers = Servers(server, database)
        results = {
            name: measure(args.port, prepared, loop, args.requests, servers)
            for name, loop in endpoints.items()
        }
    finally:
        if server is not None:
            stop([server])
        drop_database(database)

    print(
        f"gunicorn {args.workers} workers, PostgreSQL, CONN_MAX_AGE=60; one client, "
        f"{args.connections} keep-alive connections x {args.requests} requests; "
        f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    bare = results["bare (JSON 404)"]["rate"]
    print(
        f"{'endpoint':<20}{'requests/s':>11}{'p50 ms':>9}{'p99 ms':>9}{'x bare':>8}"
        f"{'CPU ms: app':>13}{'db':>6}"
    )
    rows = []
    for name, result in results.items():
        cuts = statistics.quantiles(result["latencies"], n=100)
        print(
            f"{name:<20}{result['rate']:>11.0f}{cuts[49] * 1000:>9.2f}{cuts[98] * 1000:>9.2f}"
            f"{result['rate'] / bare:>8.2f}{result['app_ms']:>13.2f}{result['db_ms']:>6.2f}"
        )
        rows.append(
            [
                name,
                f"{result['rate']:.0f}",
                f"{cuts[49] * 1000:.2f}",
                f"{cuts[98] * 1000:.2f}",
                f"{result['rate'] / bare:.2f}",
                f"{result['app_ms']:.2f}",
                f"{result['db_ms']:.2f}",
            ]
        )
    if args.markdown:
        print()
        columns = ["endpoint", "requests/s", "p50 ms", "p99 ms", "x bare", "CPU ms: app", "db"]
        print_table(columns, rows, load_before)


if __name__ == "__main__":
    main()
