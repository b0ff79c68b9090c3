"""A player's strengths from a long history: ``python bench/strengths_dashboard.py [--days 365]``.

Plays ``--days`` random games of the real engine on as many deals (par's game beside each, a
review of every turn), then times ``strengths.dashboard.strengths``: what the first profile
read of a day costs (``strengths.selectors`` keeps the answer in the cache until something
changes). No database: the rows' reading is the profile's (``bench/profile_speed.py``).
"""

import argparse
import datetime
import os
import statistics
import time

from report import print_table

from solver.game import SoloGame, deal
from solver.search import make_player
from strengths.dashboard import Day, strengths

SPACES = ("2,3", "3,4", "4,2")


def history(days: int) -> list[Day]:
    made = []
    for n in range(days):
        dealt = deal(f"bench-strengths-{n}", "standard")
        goals = dict(zip(SPACES, dealt.setup.goal_options, strict=False))
        state, robot, moves = SoloGame.start(dealt, goals), make_player("random", seed=n), []
        while not state.finished:
            move = robot.choose_move(state.observation())
            moves.append(move.to_json())
            state.play(move)
        turns = [{"turn": t, "loss": 1.0, "mark": "?!"} for t in range(1, 23)]
        made.append(
            Day(
                datetime.date(2025, 1, 1) + datetime.timedelta(days=n),
                dealt,
                goals,
                moves,
                goals,
                moves,
                turns,
            )
        )
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--markdown", action="store_true", help="rows for docs/benchmarks.md")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    days = history(args.days)
    seconds = []
    for _ in range(args.repeat):
        start = time.process_time()
        strengths(days)
        seconds.append(time.process_time() - start)
    figure = f"{statistics.median(seconds) * 1000:.0f} ms CPU (median of {args.repeat})"
    if args.markdown:
        print_table(["days", "dashboard"], [[str(args.days), figure]], load)
    else:
        print(f"{args.days} days: {figure}")


if __name__ == "__main__":
    main()
