"""Load on the move endpoint: ``python bench/api_load.py [--players 16] [--workers 4]``.

Sets up a throwaway PostgreSQL database (``calico_bench``), starts gunicorn on it, registers
``--players`` API clients, and lets them all play today's daily through the API at once, each
a whole game of 22 moves as fast as the server answers (each player's moves are sequential:
a move names its turn). Prints moves per second and the p50/p99 latency of
``POST /api/games/{id}/moves/``, measured at the client. The load generator runs on the same
machine (threads, one keep-alive connection per player), so it competes with the server for
the cores: the figures are a floor, not a ceiling. Tasks go to an in-memory broker (nowhere):
only moves are measured.
"""

import argparse
import http.client
import json
import statistics
import threading
import time

from harness import GOAL_CELLS, start_gunicorn, stop, throwaway_database, wait_for_server


class Client:
    """One player: a keep-alive HTTP connection and a token."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.token = None

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        self.conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = self.conn.getresponse()
        return response.status, json.loads(response.read() or b"{}")


def play(client: Client, goals: dict, latencies: list, errors: list) -> None:
    status, game = client.call("POST", "/api/games/", {"goals": goals})
    if status != 201:
        errors.append((status, game))
        return
    while game["status"] == "playing":
        move = {
            "turn": game["turn"],
            "hand_index": 0,
            "cell": game["empty_cells"][0],
            "market_index": None if game["turn"] == 22 else 0,
        }
        started = time.perf_counter()
        status, body = client.call("POST", f"/api/games/{game['id']}/moves/", move)
        latencies.append(time.perf_counter() - started)
        if status != 200:
            errors.append((status, body))
            return
        game = body


def register_players(port: int, count: int, prefix: str) -> tuple[list[Client], dict]:
    """``count`` API clients with tokens, and a goal choice for today's daily."""
    clients = []
    for n in range(count):
        client = Client(port)
        _, body = client.call(
            "POST", "/api/auth/register/", {"username": f"{prefix}{n}", "password": "bench pw 123"}
        )
        client.token = body["token"]
        clients.append(client)
    _, daily = clients[0].call("GET", "/api/daily/")
    return clients, dict(zip(GOAL_CELLS, daily["goal_options"], strict=False))


def run_all(threads: list[threading.Thread]) -> float:
    """Start every player at once, wait for all; the seconds it took."""
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16, help="concurrent players")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn worker processes")
    parser.add_argument("--port", type=int, default=8431)
    args = parser.parse_args()

    with throwaway_database("calico_bench", CONN_MAX_AGE="60"):
        server = start_gunicorn(args.port, args.workers)
        try:
            wait_for_server(args.port)
            clients, goals = register_players(args.port, args.players, "bench")
            latencies, errors = [], []
            threads = [
                threading.Thread(target=play, args=(c, goals, latencies, errors)) for c in clients
            ]
            elapsed = run_all(threads)
        finally:
            stop([server])
    quantiles = statistics.quantiles(latencies, n=100)
    print(f"players {args.players}, gunicorn workers {args.workers}, PostgreSQL")
    print(f"moves {len(latencies)} in {elapsed:.2f} s: {len(latencies) / elapsed:.0f} moves/s")
    print(f"move latency p50 {quantiles[49] * 1000:.1f} ms, p99 {quantiles[98] * 1000:.1f} ms")
    print(f"errors {len(errors)}" + (f": {errors[:3]}" if errors else ""))


if __name__ == "__main__":
    main()
