"""Versus hints as the player waits for them: ``python bench/versus_hint.py [--games 2]``.

Starts ``bin/serve``'s shape on this machine: a throwaway PostgreSQL database, gunicorn (2
processes), a hints worker on the hint queue alone and a versus worker (``nice -n 10``) on the
opponents' queue, both warm (1 prefork process each), on the local Redis. One API client
then plays ``--games`` whole tables of ``--opponents`` at ``--level``, asking a hint on every
turn: POST the hint, poll it every 50 ms until it is ready (the page polls every 150 ms),
play its move, wait for the opponents. Prints p50, p95 and max of asked to ready (the whole
stack: request, queue, worker, database, poll), the turn-1 hints apart (a turn-1 play-out is
the longest) and the load average beside it.

``--strength N`` instead: no stack; the table player (every move its hint) and today's hard
opponent (the solo fair player shown the seat's view) each play seat 0 of the same N deals
against medium opponents, 2 and 4 players; prints each one's mean score, the paired mean
difference with a 95% interval and how often seat 0 finished first.
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

UNLIMITED = '{"hints-account": "10000/h", "hints-address": "10000/h"}'


def play_table(client: Client, opponents: int, level: str) -> list[tuple[int, float]]:
    """One whole table with a hint every turn: (turn, seconds from asking to ready)."""
    _, game = client.call("POST", "/api/versus/", {"opponents": opponents, "level": level})
    goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
    _, game = client.call("POST", f"/api/versus/{game['id']}/goals/", {"goals": goals})
    waits = []
    while game["status"] == "playing":
        url = f"/api/versus/{game['id']}/hints/"
        asked = time.perf_counter()
        status, hint = client.call("POST", url, {"turn": game["turn"]})
        if status != 202:
            raise SystemExit(f"hint refused: {status} {hint}")
        while hint["status"] == "pending":
            time.sleep(0.05)
            _, hint = client.call("GET", f"{url}{hint['id']}/")
        if hint["status"] != "ready":
            raise SystemExit(f"hint failed: {hint}")
        waits.append((game["turn"], time.perf_counter() - asked))
        move = {"turn": game["turn"], **hint["move"]}
        status, game = client.call("POST", f"/api/versus/{game['id']}/moves/", move)
        if status != 200:
            raise SystemExit(f"move refused: {status} {game}")
        while game["to_move"] not in ("you", None):
            time.sleep(0.05)
            _, game = client.call("GET", f"/api/versus/{game['id']}/")
            if game["opponent_error"]:
                raise SystemExit(f"opponents failed: {game['opponent_error']}")
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="tables played")
    parser.add_argument("--opponents", type=int, default=3)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--port", type=int, default=8447)
    parser.add_argument("--strength", type=int, default=0, help="deals per table size")
    args = parser.parse_args()
    if args.strength:
        return strength(args.strength)
    logs = Path(tempfile.mkdtemp(prefix="calico-versus-hint-"))
    queue = f"calico-vhint-{os.getpid()}"
    database = f"calico_vhint_{os.getpid()}"
    settings = {
        "CELERY_BROKER_URL": REDIS,
        "CELERY_QUEUE": queue,
        "CONN_MAX_AGE": "60",
        "CALICO_LIMITS": UNLIMITED,
    }
    with throwaway_database(database, **settings, CALICO_VAR_DIR=str(logs)):
        with open(logs / "gunicorn.log", "wb") as web_log, open(logs / "worker.log", "wb") as log:
            servers = [
                start_gunicorn(args.port, 2, log=web_log),
                start_queue_worker("hints", f"{queue}-hints", log=log),
                start_queue_worker("versus", f"{queue}-versus", log=log, nice=True),
            ]
        try:
            wait_for_server(args.port)
            client = Client(args.port)
            _, body = client.call(
                "POST", "/api/auth/register/", {"username": "vhint", "password": "bench pw 123"}
            )
            client.token = body["token"]
            play_table(client, 1, "easy")  # the workers' first tasks load the solver: uncounted
            waits = []
            for _ in range(args.games):
                waits += play_table(client, args.opponents, args.level)
        finally:
            stop(servers)
    every = sorted(seconds for _, seconds in waits)
    first = [seconds for turn, seconds in waits if turn == 1]
    later = sorted(seconds for turn, seconds in waits if turn > 1)
    print(
        f"{args.games} table(s) of you + {args.opponents} {args.level}, a hint every turn "
        f"({len(every)} hints); load average {os.getloadavg()[0]:.2f}"
    )
    print("| hints | n | p50 | p95 | max |")
    solver = solver_times(args.opponents)
    rows = [
        ("all", every),
        ("turn 1", first),
        ("turns 2-22", later),
        ("solver alone, wall", solver[0]),
        ("solver alone, CPU", solver[1]),
    ]
    for name, values in rows:
        if not values:
            continue
        p95 = statistics.quantiles(values, n=20)[-1] if len(values) >= 20 else max(values)
        print(
            f"| {name} | {len(values)} | {statistics.median(values):.2f} s | {p95:.2f} s "
            f"| {max(values):.2f} s |"
        )


def solver_times(opponents: int) -> tuple[list[float], list[float]]:
    """The table player alone, in this process, on every turn of one table (the others easy):
    (wall seconds, CPU seconds) per hint; CPU time is what the load around does not change."""
    from solver.game import MultiplayerGame, deal_table
    from solver.search.versus import choose_goals, choose_move, make_opponent, table_hint

    table = deal_table("bench-versus-hint", opponents + 1)
    goals = [choose_goals(setup, f"seat-{seat}") for seat, setup in enumerate(table.setups)]
    game, easy, wall, cpu = MultiplayerGame(table, goals), make_opponent("easy", ""), [], []
    while not game.finished:
        view = game.view(game.seat)
        if game.seat:
            game.play(choose_move(easy, view))
            continue
        started, started_cpu = time.perf_counter(), time.process_time()
        hint = table_hint(view)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        game.play(hint.move)
    return sorted(wall), sorted(cpu)


def strength(deals: int) -> None:
    from solver.game import MultiplayerGame, deal_table
    from solver.search.versus import choose_goals, choose_move, make_opponent, table_hint

    def play(table, goals, seat0) -> tuple[int, int]:
        game = MultiplayerGame(table, goals)
        medium = make_opponent("medium", "bench")
        while not game.finished:
            view = game.view(game.seat)
            game.play(seat0(view) if game.seat == 0 else choose_move(medium, view))
        return game.quilts[0].score()["total"], dict(game.standings())[0]

    hard = make_opponent("hard", "bench/seat-0")
    players = {
        "table hint": lambda view: table_hint(view).move,
        "hard": lambda view: choose_move(hard, view),
    }
    print(f"seat 0 on {deals} deals per size, against medium; load {os.getloadavg()[0]:.1f}")
    print(
        "| players | table hint mean | hard mean | paired difference (95%) | first: hint / hard |"
    )
    for size in (2, 4):
        scores, firsts = {name: [] for name in players}, {name: 0 for name in players}
        for k in range(deals):
            table = deal_table(f"bench-strength-{size}-{k}", size)
            goals = [choose_goals(setup, f"seat-{s}") for s, setup in enumerate(table.setups)]
            for name, seat0 in players.items():
                score, rank = play(table, goals, seat0)
                scores[name].append(score)
                firsts[name] += rank == 1
        diffs = [a - b for a, b in zip(scores["table hint"], scores["hard"], strict=True)]
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        print(
            f"| {size} | {statistics.mean(scores['table hint']):.1f} "
            f"| {statistics.mean(scores['hard']):.1f} | {mean:+.1f} ± {half:.1f} "
            f"| {firsts['table hint']} / {firsts['hard']} of {deals} |"
        )


if __name__ == "__main__":
    main()
