"""A big day's story: ``python bench/crowd_story.py [--games 100000] [--distinct 2000]``.

Fills a throwaway PostgreSQL database (``calico_bench_crowd``) with one closed day of
``--games`` finished ranked games of the real engine (``--distinct`` random games with random
goal arrangements, repeated over the players: every row is replayed as a new one), then times
``crowd.services.do_tell_day`` (the worker's whole job) and the API's answer from the kept
story. The targets (issue 36): told in at most 60 s by one worker, answered in at most 50 ms.
"""

import argparse
import datetime
import random
import time

from harness import setup_django, throwaway_database
from report import print_table

DB = "calico_bench_crowd"
SPACES = ("2,3", "3,4", "4,2")


def fill(games: int, distinct: int):
    from django.db import connection, transaction

    from puzzles.game_state import deal_of
    from puzzles.models import Challenge, Game, Player
    from solver.game import SoloGame
    from solver.search import make_player

    rng = random.Random(1)
    challenge = Challenge.objects.create(
        date=datetime.date(2026, 1, 1), seed="bench-crowd", commitment="-"
    )
    dealt = deal_of(challenge)
    options = list(dealt.setup.goal_options)
    played = []
    for n in range(distinct):
        goals = dict(zip(SPACES, rng.sample(options, 3), strict=True))
        state, robot, moves = SoloGame.start(dealt, goals), make_player("random", seed=n), []
        while not state.finished:
            move = robot.choose_move(state.observation())
            moves.append(move.to_json())
            state.play(move)
        played.append((goals, moves, state.quilt.score()["total"]))
    with transaction.atomic():
        people = Player.objects.bulk_create(
            [Player(username=f"p{n}", password="!") for n in range(games)], batch_size=5000
        )
        Game.objects.bulk_create(
            [
                Game(
                    challenge=challenge,
                    player=p,
                    ranked=True,
                    status="finished",
                    turn=23,
                    goals=played[n % distinct][0],
                    moves=played[n % distinct][1],
                    score=played[n % distinct][2],
                )
                for n, p in enumerate(people)
            ],
            batch_size=5000,
        )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return challenge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--distinct", type=int, default=2_000)
    parser.add_argument("--markdown", action="store_true", help="rows for docs/benchmarks.md")
    args = parser.parse_args()
    with throwaway_database(DB):
        setup_django()
        import time_machine
        from rest_framework.test import APIClient

        from crowd.services import do_tell_day

        started = time.perf_counter()
        challenge = fill(args.games, args.distinct)
        print(f"filled {args.games:,} games in {time.perf_counter() - started:.1f} s")
        import os

        load = os.getloadavg()[0]
        with time_machine.travel(datetime.datetime(2026, 1, 2, 1, tzinfo=datetime.UTC)):
            wall, cpu = time.perf_counter(), time.process_time()
            story = do_tell_day(challenge).story
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            client, best = APIClient(), float("inf")
            for _ in range(20):
                began = time.perf_counter()
                answer = client.get("/api/challenges/2026-01-01/crowd/")
                best = min(best, time.perf_counter() - began)
        assert answer.status_code == 200 and story["players"] == args.games
        print(
            f"told {args.games:,} games in {wall:.1f} s ({cpu:.1f} CPU s); "
            f"answered from the kept story in {best * 1000:.1f} ms (best of 20)"
        )
        if args.markdown:
            rows = [[f"{args.games:,}", f"{wall:.1f}", f"{cpu:.1f}", f"{best * 1000:.1f}"]]
            print_table(
                ["games", "told, wall s", "told, CPU s", "answer ms (best of 20)"], rows, load
            )


if __name__ == "__main__":
    main()
