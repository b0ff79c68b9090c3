"""The rank query on a big day: ``python bench/rank_query.py [--games 100000]``.

Fills a throwaway PostgreSQL database (``calico_bench_rank``) with one day of ``--games``
finished ranked games (random but plausible scores, one player each, a tenth with hints)
and their ``ScoreTally`` rows, exactly what ``do_count_game`` would have written. Then
times, best of several runs:
- ``rank_of`` for a median player: the sum over the tally rows better than them;
- the same rank by counting better games (what the tally avoids), for comparison;
- the whole leaderboard answer (first page, count, histogram, the caller's rank), and a page
  deep in the day;
and prints PostgreSQL's plans for the tally sum and the page query.
"""

import argparse
import os
import random
import time
from collections import Counter

from harness import setup_django, throwaway_database
from report import print_table

DB = "calico_bench_rank"


def best_ms(call, runs: int = 20, clock=time.perf_counter) -> float:
    """The best of ``runs`` calls, in milliseconds of ``clock`` (wall time unless told)."""
    times = []
    for _ in range(runs):
        started = clock()
        call()
        times.append(clock() - started)
    return min(times) * 1000


def fill(games: int):
    import datetime

    from django.db import connection, transaction

    from puzzles.models import Challenge, Game, Player, ScoreTally

    rng = random.Random(1)
    with transaction.atomic():
        challenge = Challenge.objects.create(
            date=datetime.date(2026, 1, 1), seed="bench", commitment="bench"
        )
        players = Player.objects.bulk_create(
            [Player(username=f"p{n}", password="!") for n in range(games)], batch_size=5000
        )
        rows, tally = [], Counter()
        for player in players:
            score = max(0, int(rng.gauss(60, 12)))
            cats, buttons = rng.randint(0, 5), rng.randint(0, 9)
            hints = rng.randint(1, 3) if rng.random() < 0.1 else 0
            rows.append(Game(
                challenge=challenge, player=player, ranked=True, status="finished", turn=23,
                score=score, cat_tokens=cats, button_tokens=buttons, hints_used=hints,
            ))  # fmt: skip
            tally[score, cats, buttons, hints > 0] += 1
        Game.objects.bulk_create(rows, batch_size=5000)
        ScoreTally.objects.bulk_create(
            [
                ScoreTally(challenge=challenge, score=s, cat_tokens=c, button_tokens=b,
                           hinted=h, games=n)
                for (s, c, b, h), n in tally.items()
            ]
        )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return challenge, len(tally)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument(
        "--markdown", action="store_true", help="also print the rows for docs/benchmarks.md"
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    timed = []
    with throwaway_database(DB):
        setup_django()
        from django.db import connection

        from puzzles.models import Game, ScoreTally
        from puzzles.selectors.leaderboards import better_than, leaderboard, rank_of, ranked_games

        started = time.perf_counter()
        challenge, keys = fill(args.games)
        print(f"{args.games} finished games, {keys} tally rows, filled in "
              f"{time.perf_counter() - started:.0f} s")  # fmt: skip
        games = Game.objects.filter(challenge=challenge).order_by("score", "id")
        median = games[args.games // 2]
        key = (median.score, median.cat_tokens, median.button_tokens)
        rank = rank_of(challenge, key)
        by_count = (
            1
            + Game.objects.filter(
                better_than(*key), challenge=challenge, ranked=True, status="finished"
            ).count()
        )
        assert rank == by_count, (rank, by_count)
        print(f"median player: score {key[0]}, rank {rank}")
        figures = {
            "rank_of (tally sum)": lambda: rank_of(challenge, key),
            "rank by counting better games": lambda: Game.objects.filter(
                better_than(*key), challenge=challenge, ranked=True, status="finished"
            ).count(),
            "leaderboard page 1 with me": lambda: leaderboard(challenge, 1, False, median.player),
            "leaderboard page 1000, hints=exclude": lambda: leaderboard(challenge, 1000, True),
        }
        for name, call in figures.items():
            timed.append([f"{args.games:,}", name, f"{best_ms(call):.2f}"])
            print(f"{name}: {timed[-1][-1]} ms (best of 20)")
        tally_sql = ScoreTally.objects.filter(better_than(*key), challenge=challenge)
        plans = {
            "tally sum": tally_sql,
            "page 1000 ids": ranked_games(challenge).values("id")[49950:50000],
            "page 1000 ids, hints=exclude": ranked_games(challenge, True).values("id")[49950:50000],
        }
        with connection.cursor() as cursor:
            for label, queryset in plans.items():
                sql, params = queryset.query.sql_with_params()
                if label == "tally sum":
                    sql = f"SELECT SUM(games) FROM ({sql}) t"
                cursor.execute(f"EXPLAIN ANALYZE {sql}", params)
                print(f"-- plan: {label}")
                for (line,) in cursor.fetchall():
                    print("   ", line)
    if args.markdown:
        print()
        print_table(["finished games", "what", "ms (best of 20)"], timed, load_before)


if __name__ == "__main__":
    main()
