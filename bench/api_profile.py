"""Where an API request's time goes: ``python bench/api_profile.py [move|game|leaderboard|...]``.

Prepares the same data as ``api_speed.py`` on a throwaway PostgreSQL database, then runs
``--requests`` requests of one endpoint in this process through Django's whole stack
(middleware, DRF, views), then as many under cProfile timed by this process's CPU time (a wait
for the database costs none). Prints the SQL queries of one request, the CPU per request
without the profiler, and the functions with the most cumulative CPU time.
"""

import argparse
import cProfile
import json
import os
import pstats
import time

from api_speed import TURNS, first_move, prepare
from harness import create_database, drop_database


def requests_of(endpoint: str, prepared: dict, count: int):
    """``count`` (method, path, body) of one endpoint for the first prepared client."""
    mine = prepared["clients"][0]
    read = f"/api/games/{mine['read']}/"
    if endpoint == "move":
        moves = []
        for game in mine["play"]:
            moves += [(game["id"], turn) for turn in range(1, TURNS + 1)]
        return [("move", game_id, turn) for game_id, turn in moves[:count]]
    fixed = {
        "bare": ("GET", "/api/bench-404/"),
        "daily": ("GET", "/api/daily/"),
        "game": ("GET", read),
        "leaderboard": ("GET", f"/api/leaderboards/{prepared['date']}/"),
        "hint": ("POST", f"{read}hints/"),
    }[endpoint]
    return [fixed] * count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    endpoints = ["bare", "daily", "game", "move", "leaderboard", "hint"]
    parser.add_argument("endpoint", choices=endpoints)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()

    database = f"calico_profile_{os.getpid()}"
    create_database(database, CONN_MAX_AGE="60")
    try:
        prepared = prepare(1, 50, -(-2 * args.requests // TURNS))
        profile(args, prepared)
    finally:
        drop_database(database)


def profile(args, prepared: dict) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_AUTHORIZATION=f"Token {prepared['clients'][0]['token']}")
    games = {game["id"]: game for game in prepared["clients"][0]["play"]}

    def send(request):
        if request[0] == "move":
            _, game_id, _ = request
            response = client.post(
                f"/api/games/{game_id}/moves/",
                json.dumps(first_move(games[game_id])),
                content_type="application/json",
            )
            games[game_id] = response.json()
            return response
        method, path = request
        return client.generic(method, path)

    requests = requests_of(args.endpoint, prepared, 2 * args.requests)
    with CaptureQueriesContext(connection) as queries:
        response = send(requests[0])
    print(f"{args.endpoint}: {response.status_code}, {len(queries)} queries")
    for query in queries:
        print("  ", query["sql"][:160])
    half = len(requests) // 2
    started = time.process_time()
    for request in requests[1:half]:
        send(request)
    cpu = (time.process_time() - started) / (half - 1)
    print(f"CPU per request without the profiler: {cpu * 1000:.2f} ms (this process)")
    profiler = cProfile.Profile(time.process_time)  # CPU, not waits for the database
    profiler.enable()
    for request in requests[half:]:
        send(request)
    profiler.disable()
    stats = pstats.Stats(profiler).sort_stats("cumulative")
    stats.print_stats(args.top)


if __name__ == "__main__":
    main()
