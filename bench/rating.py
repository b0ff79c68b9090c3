"""Rating a big day: ``python bench/rating.py [--players 100000] [--days 2]``.

Fills a throwaway PostgreSQL database (``calico_bench_rating``) with ``--days`` closed days of
``--players`` finished ranked games each (the same players every day, plausible scores, par at
76), then times ``ratings.services.do_rate_day`` for each day, oldest first: the first day
makes every player's rating, the next ones read and update them. ``--rerate`` then times
``manage.py rerate`` (``do_rerate``: every day rated again from the stored games). The
target: a day of 100,000 ranked players in at most 60 s of one worker (issue 38).
"""

import argparse
import datetime
import os
import random
import time

from harness import setup_django, throwaway_database
from report import print_table

DB = "calico_bench_rating"


def fill(players: int, days: int) -> list[datetime.date]:
    from django.db import connection, transaction

    from puzzles.models import Challenge, Game, Player, SolverRun

    rng = random.Random(1)
    first = datetime.date(2026, 1, 1)
    dates = [first + datetime.timedelta(days=n) for n in range(days)]
    with transaction.atomic():
        people = Player.objects.bulk_create(
            [Player(username=f"p{n}", password="!") for n in range(players)], batch_size=5000
        )
        skill = [rng.gauss(0, 6) for _ in people]
        for date in dates:
            challenge = Challenge.objects.create(date=date, seed=f"bench-{date}", commitment="-")
            SolverRun.objects.create(challenge=challenge, kind="par", status="ready", score=76)
            Game.objects.bulk_create(
                [
                    Game(
                        challenge=challenge,
                        player=p,
                        ranked=True,
                        status="finished",
                        turn=23,
                        score=max(0, int(rng.gauss(58 + s, 8))),
                        cat_tokens=rng.randint(0, 5),
                        button_tokens=rng.randint(0, 9),
                    )
                    for p, s in zip(people, skill, strict=True)
                ],
                batch_size=5000,
            )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return dates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=2)
    parser.add_argument("--markdown", action="store_true", help="rows for docs/benchmarks.md")
    parser.add_argument("--rerate", action="store_true", help="then time manage.py rerate")
    args = parser.parse_args()
    with throwaway_database(DB):
        setup_django()
        from ratings.services import do_rate_day

        started = time.perf_counter()
        dates = fill(args.players, args.days)
        print(
            f"filled {args.days} days of {args.players:,} games in "
            f"{time.perf_counter() - started:.1f} s"
        )
        rows, load = [], os.getloadavg()[0]
        for date in dates:
            wall, cpu = time.perf_counter(), time.process_time()
            rated = do_rate_day(date)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            assert rated is not None and rated.players == args.players
            rows.append([str(date), f"{args.players:,}", f"{wall:.1f}", f"{cpu:.1f}"])
            print(f"{date}: {args.players:,} players rated in {wall:.1f} s ({cpu:.1f} CPU s)")
        if args.rerate:  # manage.py rerate: every day again, from the stored games
            from ratings.services import do_rerate

            wall, cpu = time.perf_counter(), time.process_time()
            again = do_rerate()
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            assert again == dates
            rows.append(
                ["all (rerate)", f"{args.players:,} x {args.days}", f"{wall:.1f}", f"{cpu:.1f}"]
            )
            print(
                f"rerate: {args.days} days of {args.players:,} players in {wall:.1f} s "
                f"({cpu:.1f} CPU s)"
            )
        if args.markdown:
            print_table(["day", "players", "wall s", "CPU s (this process)"], rows, load)


if __name__ == "__main__":
    main()
