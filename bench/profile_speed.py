"""Profile and group board speed: ``python bench/profile_speed.py [--games 100000] [--days 1000]``.

Fills a throwaway PostgreSQL database (``calico_bench_players``) with the big day of
``bench/rank_query.py`` (``--games`` finished ranked games, one player each, and their tally
rows), then:
- one player with ``--days`` earlier finished ranked days, each with its par and a day's worth
  of tally rows (200 keys), so that every recent day's rank is a real sum;
- a group of ``--members`` players of the big day (the one-day player among them).
Times, best of 50: the profile selector and ``GET /api/me/`` through the whole Django stack
(token auth, DRF, JSON), and the group's board of the big day, selector and
``GET /api/groups/{id}/leaderboard/{date}/``; the 30-day standings too. On a busy shared
machine the wall time mostly measures the wait for a core, so each figure also gets its two
parts apart from that wait: this process's CPU time, and PostgreSQL's own time for the
call's queries (EXPLAIN ANALYZE). Prints PostgreSQL's
plans for the profile's history query and the group board's page of ids.
"""

import argparse
import datetime
import os
import random
import time

from harness import setup_django, throwaway_database
from rank_query import best_ms, fill
from report import print_table

DB = "calico_bench_players"
RUNS = 50  # best of: the machine is shared, and a quiet slice is what we want to see


def fill_history(player, days: int, rng: random.Random):
    """``days`` finished ranked games of ``player`` before the big day, with par and tallies."""
    from django.db import transaction

    from puzzles.models import Challenge, Game, ScoreTally, SolverRun

    first = datetime.date(2026, 1, 1) - datetime.timedelta(days=days)
    with transaction.atomic():
        challenges = Challenge.objects.bulk_create(
            [
                Challenge(date=first + datetime.timedelta(days=n), seed=f"s{n}", commitment="c")
                for n in range(days)
            ]
        )
        SolverRun.objects.bulk_create(
            [SolverRun(challenge=c, kind="par", status="ready", score=62) for c in challenges]
        )
        games, tallies = [], []
        for challenge in challenges:
            score = max(0, int(rng.gauss(60, 12)))
            games.append(
                Game(
                    challenge=challenge,
                    player=player,
                    ranked=True,
                    status="finished",
                    turn=23,
                    score=score,
                    cat_tokens=rng.randint(0, 5),
                    button_tokens=rng.randint(0, 9),
                )
            )
            keys = {(score, games[-1].cat_tokens, games[-1].button_tokens, False)}
            while len(keys) < 200:
                keys.add(
                    (
                        max(0, int(rng.gauss(60, 12))),
                        rng.randint(0, 5),
                        rng.randint(0, 9),
                        rng.random() < 0.1,
                    )
                )
            tallies += [
                ScoreTally(
                    challenge=challenge,
                    score=s,
                    cat_tokens=c,
                    button_tokens=b,
                    hinted=h,
                    games=rng.randint(1, 40),
                )
                for s, c, b, h in keys
            ]
        Game.objects.bulk_create(games, batch_size=5000)
        ScoreTally.objects.bulk_create(tallies, batch_size=5000)


def make_group(owner, members: int, rng: random.Random):
    from django.db import transaction

    from groups.models import Group, Membership
    from puzzles.models import Player

    others = list(Player.objects.exclude(pk=owner.pk).values_list("pk", flat=True))
    chosen = rng.sample(others, members - 1)
    with transaction.atomic():
        group = Group.objects.create(name="bench", invite_code="BENCH234", owner=owner)
        Membership.objects.bulk_create(
            [Membership(group=group, player_id=pk) for pk in [owner.pk, *chosen]]
        )
    return group


def print_queries(call) -> None:
    """Each query of one more ``call``, with its time."""
    from django.db import connection

    def timed(execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            print(f"    {(time.perf_counter() - started) * 1000:6.2f} ms  {sql[:150]}")

    with connection.execute_wrapper(timed):
        call()


def cpu_ms(call, runs: int = RUNS) -> float:
    """Best CPU time of this process (Python, Django, the driver) for one call: what the
    call costs here apart from waiting for the database and for a share of the cores."""
    return best_ms(call, runs, clock=time.process_time)


def database_ms(call, runs: int = 5) -> float:
    """PostgreSQL's own time (planning + execution, EXPLAIN ANALYZE) summed over the
    queries of one call; best of ``runs``."""
    return min(_database_time(call) for _ in range(runs))


def _database_time(call) -> float:
    import json

    from django.db import connection

    spent = []

    def explained(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("SELECT"):
            with connection.cursor() as cursor:
                cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params)
                plan = cursor.fetchone()[0]
                plan = (json.loads(plan) if isinstance(plan, str) else plan)[0]
                spent.append(plan["Planning Time"] + plan["Execution Time"])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(explained):
        call()
    return sum(spent)


def explain(label: str, queryset) -> None:
    from django.db import connection

    sql, params = queryset.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN ANALYZE {sql}", params)
        print(f"-- plan: {label}")
        for (line,) in cursor.fetchall():
            print("   ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=1000)
    parser.add_argument("--members", type=int, default=500)
    parser.add_argument("--queries", action="store_true", help="time each SQL query too")
    parser.add_argument(
        "--markdown", action="store_true", help="also print the rows for docs/benchmarks.md"
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    timed = []
    with throwaway_database(DB):
        setup_django()
        import time_machine
        from django.db import connection
        from django.test import Client

        from accounts.services.players import do_ensure_token
        from groups.selectors import member_ids, standings
        from puzzles.models import Challenge, Game
        from puzzles.selectors.leaderboards import leaderboard
        from puzzles.selectors.players import profile

        rng = random.Random(2)
        started = time.perf_counter()
        challenge, keys = fill(args.games)
        player = Game.objects.filter(challenge=challenge).order_by("id")[args.games // 2].player
        fill_history(player, args.days, rng)
        group = make_group(player, args.members, rng)
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
        print(
            f"big day: {args.games} games ({keys} tally rows); one player with "
            f"{args.days + 1} ranked days; a group of {args.members} members; "
            f"filled in {time.perf_counter() - started:.0f} s"
        )
        # The big day is "today", so that the player's streak runs up to it.
        clock = time_machine.travel(datetime.datetime(2026, 1, 1, 20, tzinfo=datetime.UTC))
        clock.start()
        me = profile(player)
        board = leaderboard(challenge, 1, False, player, member_ids(group))
        print(
            f"profile: {me['stats']['ranked_games']} ranked games, streak "
            f"{me['stats']['current_streak']}, {len(me['recent'])} recent days; group board: "
            f"{board['count']} members' games, page of {len(board['entries'])}, "
            f"me #{board['me']['rank']}"
        )
        client = Client(HTTP_AUTHORIZATION=f"Token {do_ensure_token(player)}")
        board_url = f"/api/groups/{group.pk}/leaderboard/{challenge.date}/"
        for url in ("/api/me/", board_url):
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
        figures = {
            "profile (selector)": lambda: profile(player),
            "GET /api/me/ (whole stack)": lambda: client.get("/api/me/"),
            "group board (selector)": lambda: leaderboard(
                challenge, 1, False, player, member_ids(group)
            ),
            "GET group leaderboard (whole stack)": lambda: client.get(board_url),
            "group standings, 30 days (selector)": lambda: standings(group, 30),
        }
        for name, call in figures.items():
            best, cpu, database = best_ms(call, RUNS), cpu_ms(call), database_ms(call)
            print(
                f"{name}: {best:.2f} ms (best of {RUNS}); apart from the load: "
                f"{cpu:.2f} ms of CPU here + {database:.2f} ms in PostgreSQL"
            )
            timed.append([name, f"{best:.2f}", f"{cpu:.2f}", f"{database:.2f}"])
            if args.queries:
                print_queries(call)
        explain(
            "profile history",
            Game.objects.counted().filter(player=player).values("challenge__date", "score"),
        )
        members_games = Game.objects.filter(
            challenge=challenge, ranked=True, status="finished", player__in=member_ids(group)
        )
        explain(
            "group board page of ids",
            members_games.order_by("-score", "-cat_tokens", "-button_tokens", "id").values("id")[
                :50
            ],
        )
        window = list(Challenge.objects.filter(date__gte=challenge.date - datetime.timedelta(29)))
        explain(
            "standings' games (30 days)",
            Game.objects.counted()
            .filter(player__in=list(member_ids(group).values_list("player", flat=True)))
            .filter(challenge__in=window)
            .values("player_id", "score"),
        )
        clock.stop()
    if args.markdown:
        print()
        columns = ["what", f"ms (best of {RUNS})", "CPU ms here", "PostgreSQL ms"]
        print_table(columns, timed, load_before)


if __name__ == "__main__":
    main()
