"""Weekly leagues at scale: ``python bench/league_weeks.py [--players 100000]`` (not
``leagues.py``: bench/ is on the path of its scripts and tests, where that name would hide the
app).

Fills a throwaway PostgreSQL database (``calico_bench_leagues``) with ``--players`` players,
each with a rating and one finished ranked daily in the 14 days before last week's Monday, and
last week's seven days with a game of each player on 60% of them (plausible scores, par at 76
each day). Then times, as the beat's job runs them: the placement of last week (every player,
new, in the lowest tier), the settling of its end (every league's standing from each day's
board percentile, written once), and this week's placement (tiers moved by last week's
outcomes); and reading one league's live standings as the API does. The target: placement of
100,000 players in at most 60 s (issue 50).
"""

import argparse
import datetime
import os
import random
import time

from harness import setup_django, throwaway_database
from report import print_table

DB = "calico_bench_leagues"
PLAY_SHARE = 0.6  # of the week's days, each player's


def fill(players: int, this_monday: datetime.date) -> datetime.date:
    """The players and their games; answers last week's Monday."""
    from django.db import connection, transaction

    from puzzles.models import Challenge, Game, Player, SolverRun
    from puzzles.services.tallies import do_rebuild_tallies
    from ratings.models import Rating

    rng = random.Random(1)
    last_monday = this_monday - datetime.timedelta(days=7)
    before = [last_monday - datetime.timedelta(days=n) for n in range(1, 15)]
    week = [last_monday + datetime.timedelta(days=n) for n in range(7)]
    with transaction.atomic():
        people = Player.objects.bulk_create(
            [Player(username=f"p{n}", password="!") for n in range(players)], batch_size=5000
        )
        skill = [rng.gauss(0, 6) for _ in people]
        Rating.objects.bulk_create(
            [
                Rating(player=p, mu=25 + s / 2, sigma=3, days=5)
                for p, s in zip(people, skill, strict=True)
            ],
            batch_size=5000,
        )
        challenges = {}
        for date in before + week:
            challenges[date] = Challenge.objects.create(
                date=date, seed=f"bench-{date}", commitment="-"
            )
            SolverRun.objects.create(
                challenge=challenges[date],
                kind="par",
                status="ready",
                score=76,
                figures={"mean": 76.2},
            )

        def game(date, player, s):
            return Game(
                challenge=challenges[date],
                player=player,
                ranked=True,
                status="finished",
                turn=23,
                score=max(0, int(rng.gauss(58 + s, 8))),
                cat_tokens=rng.randint(0, 5),
                button_tokens=rng.randint(0, 9),
            )

        games = [game(rng.choice(before), p, s) for p, s in zip(people, skill, strict=True)]
        games += [
            game(date, p, s)
            for date in week
            for p, s in zip(people, skill, strict=True)
            if rng.random() < PLAY_SHARE
        ]
        Game.objects.bulk_create(games, batch_size=5000)
        do_rebuild_tallies()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return last_monday, len(games)


def timed(call):
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--markdown", action="store_true", help="rows for docs/benchmarks.md")
    args = parser.parse_args()
    with throwaway_database(DB):
        setup_django()
        from core.weeks import week_start
        from leagues.models import League, LeagueMember
        from leagues.selectors import league_json
        from leagues.services import do_place_week, do_settle_week
        from puzzles.game_state import today

        this_monday = week_start(today())
        started = time.perf_counter()
        last_monday, games = fill(args.players, this_monday)
        print(
            f"filled {args.players:,} players, {games:,} games in "
            f"{time.perf_counter() - started:.1f} s"
        )
        rows, load = [], os.getloadavg()[0]

        def row(what, wall, cpu):
            rows.append([what, f"{args.players:,}", f"{wall:.1f}", f"{cpu:.1f}"])
            print(f"{what}: {wall:.1f} s ({cpu:.1f} CPU s)")

        placed, wall, cpu = timed(lambda: do_place_week(last_monday))
        assert placed is not None and placed.players == args.players
        row("placement (all new)", wall, cpu)
        print(f"  {League.objects.filter(monday=last_monday).count():,} leagues")
        some = League.objects.filter(monday=last_monday).order_by("pk").first()
        reader = LeagueMember.objects.filter(league=some).first().player
        # one league's live standings as the API reads them (the week closed: final figures)
        _, wall, cpu = timed(lambda: league_json(some, reader))
        row("one league's standings (live read)", wall, cpu)
        settled, wall, cpu = timed(lambda: do_settle_week(last_monday))
        assert settled == League.objects.filter(monday=last_monday).count()
        row("the week's end (every league settled)", wall, cpu)
        placed, wall, cpu = timed(lambda: do_place_week(this_monday))
        assert placed is not None
        row("placement (tiers moved)", wall, cpu)
        print(f"  {placed.players:,} players placed this week")
        if args.markdown:
            print_table(["step", "players", "wall s", "CPU s (this process)"], rows, load)


if __name__ == "__main__":
    main()
