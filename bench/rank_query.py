"""The day's board at scale: ``python bench/rank_query.py [--games 1000000 10000000]``.

For each ``--games`` count, fills a throwaway PostgreSQL database (``calico_bench_rank``, never
the test database; dropped after) with one day of that many finished ranked games, one player
each (scores around 60, a tenth with hints), in SQL (``INSERT ... SELECT generate_series``,
the secondary indexes built after the rows), and the day's ``ScoreTally`` rows by
``do_rebuild_tallies``, what ``do_count_game`` would have written game by game. Then times
each of these ``--runs`` times, on random players and pages, and prints p50 and p95 (wall
time, milliseconds):

- the board's first page with the caller's rank and percentile (the end screen's standing);
- a random page of the board, and of the board without hinted games (``hints=exclude``);
- the same random page through the API (``GET /api/leaderboards/{date}/?page=N``, Django's
  test client: URL routing, the view and the JSON rendering included);
- a player's rank (``rank_of``), and rank and percentile (the count as well);

and the mean CPU time of each (the bench's process and its PostgreSQL backend), which the
load of a busy shared machine stretches far less than the wall time.

Checks first that a deep page's ranks agree with counting the better games, and prints
PostgreSQL's plan of a deep page's queries.
"""

import argparse
import datetime
import os
import random
import statistics
import time
from pathlib import Path

from harness import setup_django, throwaway_database
from report import print_table

DB = "calico_bench_rank"
SCORES = "GREATEST(0, ROUND(60 + 24 * (random() + random() + random() - 1.5)))"


def fill_sql(games: int, challenge_id: int) -> list[str]:
    """One day of ``games`` finished ranked games and their players, as SQL statements."""
    return [
        "SELECT setseed(0.5)",
        f"""INSERT INTO puzzles_player (password, is_superuser, username, username_key,
                first_name, last_name, email, is_staff, is_active, date_joined, is_guest)
            SELECT '!', false, 'p' || n, 'p' || n, '', '', '', false, true, now(), false
            FROM generate_series(1, {games}) n""",
        f"""INSERT INTO puzzles_game (challenge_id, player_id, ranked, status, moves, turn,
                score, cat_tokens, button_tokens, hints_used, created_at, finished_at,
                disqualified, disqualified_reason, seed)
            SELECT {challenge_id}, id, true, 'finished', '[]', 23, {SCORES},
                floor(random() * 6), floor(random() * 10),
                CASE WHEN random() < 0.1 THEN 1 + floor(random() * 3) ELSE 0 END,
                now(), now(), false, '', ''
            FROM puzzles_player""",
    ]


def secondary_indexes(cursor, tables: tuple[str, ...]) -> list[tuple[str, str]]:
    """The (name, definition) of the tables' indexes that back no constraint: dropped before
    a fill and made again after, which is much faster than keeping them up row by row."""
    cursor.execute(
        """SELECT i.indexname, i.indexdef FROM pg_indexes i
           WHERE i.tablename = ANY(%s) AND NOT EXISTS (
               SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)""",
        [list(tables)],
    )
    return cursor.fetchall()


def fill(games: int):
    from django.db import connection

    from puzzles.models import Challenge
    from puzzles.services.tallies import do_rebuild_tallies

    challenge = Challenge.objects.create(
        date=datetime.date(2026, 1, 1), seed="bench", commitment="bench"
    )
    with connection.cursor() as cursor:
        indexes = secondary_indexes(cursor, ("puzzles_player", "puzzles_game"))
        for name, _ in indexes:
            cursor.execute(f"DROP INDEX {name}")
        cursor.execute("SET session_replication_role = replica")  # no FK triggers per row
        for statement in fill_sql(games, challenge.pk):
            cursor.execute(statement)
        cursor.execute("SET session_replication_role = DEFAULT")
        for _, definition in indexes:
            cursor.execute(definition)
        cursor.execute("VACUUM ANALYZE puzzles_player")
        cursor.execute("VACUUM ANALYZE puzzles_game")
    do_rebuild_tallies(challenge)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE puzzles_scoretally")
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    return challenge, size


def backend_cpu_seconds() -> float:
    """CPU time so far of this process's PostgreSQL backend (same machine: /proc)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(call, arguments: list) -> tuple[float, float, float]:
    """p50 and p95 of the wall time of ``call(argument)`` over ``arguments``, and the mean CPU
    time of a call (this process and its PostgreSQL backend: what the load of a shared
    machine does not stretch), all in ms."""
    times = []
    cpu_before = time.process_time() + backend_cpu_seconds()
    for argument in arguments:
        started = time.perf_counter()
        call(argument)
        times.append((time.perf_counter() - started) * 1000)
    cpu = time.process_time() + backend_cpu_seconds() - cpu_before
    cuts = statistics.quantiles(times, n=20, method="inclusive")
    return statistics.median(times), cuts[18], cpu * 1000 / len(arguments)


def check_deep_page(challenge, count: int) -> None:
    """A deep page's ranks are 1 + the games better than each (ties share a rank)."""
    from puzzles.models import Game
    from puzzles.selectors.leaderboards import PAGE_SIZE, better_than, leaderboard

    for page in (1, count // PAGE_SIZE // 2 + 1, -(-count // PAGE_SIZE)):
        board = leaderboard(challenge, page, False)
        assert board["entries"], page
        for entry in board["entries"][:: PAGE_SIZE // 5]:
            key = (entry["score"], entry["cats"], entry["buttons"])
            better = Game.objects.counted().filter(better_than(*key), challenge=challenge)
            assert entry["rank"] == 1 + better.count(), (page, entry)


def print_plans(challenge, count: int) -> None:
    """PostgreSQL's plan of each query of a page in the middle of the board."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from puzzles.selectors.leaderboards import PAGE_SIZE, leaderboard

    with CaptureQueriesContext(connection) as queries:
        leaderboard(challenge, count // PAGE_SIZE // 2, False)
    with connection.cursor() as cursor:
        for number, query in enumerate(queries.captured_queries, start=1):
            cursor.execute(f"EXPLAIN (ANALYZE, COSTS OFF) {query['sql']}")
            print(f"-- plan of the middle page's query {number}")
            for (line,) in cursor.fetchall():
                print("   ", line)


def measure(games: int, runs: int) -> list[list[str]]:
    setup_django()
    from django.test import Client

    from puzzles.models import Game, Player
    from puzzles.selectors.leaderboards import (
        PAGE_SIZE,
        day_count,
        leaderboard,
        percentile,
        rank_of,
    )

    started = time.perf_counter()
    challenge, size = fill(games)
    print(f"{games:,} finished games filled in {time.perf_counter() - started:.0f} s ({size})")
    count = day_count(challenge)
    assert count == games, count
    check_deep_page(challenge, count)
    print_plans(challenge, count)
    rng = random.Random(games)
    low, high = Player.objects.order_by("id")[0].id, Player.objects.order_by("-id")[0].id
    players = list(Player.objects.filter(id__in=[rng.randint(low, high) for _ in range(runs)]))
    fields = ("score", "cat_tokens", "button_tokens")
    keys = list(Game.objects.filter(player__in=players).values_list(*fields))
    pages = [rng.randint(1, -(-count // PAGE_SIZE)) for _ in range(runs)]
    no_hints_pages = -(-day_count(challenge, True) // PAGE_SIZE)
    client = Client()
    api = f"/api/leaderboards/{challenge.date.isoformat()}/"

    def api_page(page: int) -> None:
        answer = client.get(api, {"page": page})
        assert answer.status_code == 200, answer.content[:300]

    figures = {
        "board page 1 with the caller's rank and percentile": (
            lambda player: leaderboard(challenge, 1, False, player),
            players,
        ),
        "board, a random page": (lambda page: leaderboard(challenge, page, False), pages),
        "board without hinted games, a random page": (
            lambda page: leaderboard(challenge, page, True),
            [rng.randint(1, no_hints_pages) for _ in range(runs)],
        ),
        "API, a random page": (api_page, pages),
        "a player's rank": (lambda key: rank_of(challenge, key), keys),
        "a player's rank and percentile": (
            lambda key: percentile(rank_of(challenge, key), day_count(challenge)),
            keys,
        ),
    }
    rows = []
    for name, (call, arguments) in figures.items():
        p50, p95, cpu = timed(call, arguments)
        rows.append([f"{games:,}", name, f"{p50:.1f}", f"{p95:.1f}", f"{cpu:.1f}"])
        print(
            f"{games:>11,}  {name}: p50 {p50:.1f} ms, p95 {p95:.1f} ms, "
            f"CPU {cpu:.1f} ms a call ({len(arguments)} runs)"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--runs", type=int, default=200, help="timed calls per figure")
    parser.add_argument(
        "--markdown", action="store_true", help="also print the rows for docs/benchmarks.md"
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rows = []
    for games in args.games:
        with throwaway_database(DB):
            rows += measure(games, args.runs)
    if args.markdown:
        print()
        columns = ["finished games", "what", "p50 ms", "p95 ms", "CPU ms a call"]
        print_table(columns, rows, load_before)


if __name__ == "__main__":
    main()
