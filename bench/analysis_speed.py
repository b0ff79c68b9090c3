"""Game analysis: the time of a whole game's review in one process, and the noise of its
values against the losses it reports.

Three games of one deal are reviewed: the fair player's own (par, at the analysis strength,
on its own futures), a greedy game and a random game. Each is analysed with ``--repeats``
analysis seeds (other sampled futures). The noise is how much a turn's figures move between
two analyses of the same game: the mean absolute difference of ``played_value`` and of
``loss``; the losses to compare them with are the mean loss per turn. The fair player's own
game, whose true loss is about 0, shows what noise alone reports as loss.

    .venv/bin/python bench/analysis_speed.py [--deal SEED] [--samples N] [--candidates N]

Prints the figures and the load average (the machine is shared: say it with the figures).
"""

import argparse
import itertools
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.game import SoloGame, deal
from solver.search import make_player
from solver.search.analysis import ANALYSIS_DEFAULTS, analyse
from solver.search.fastcore import warm


def played(d, player) -> list:
    goals = player.choose_goals(d.setup)
    game = SoloGame.start(d, goals)
    pairs = []
    while not game.finished:
        observation = game.observation()
        move = player.choose_move(observation)
        pairs.append((observation, move))
        game.play(move)
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", default="bench-analysis")
    parser.add_argument("--setup", default="standard")
    parser.add_argument("--samples", type=int, default=ANALYSIS_DEFAULTS["samples"])
    parser.add_argument("--candidates", type=int, default=ANALYSIS_DEFAULTS["candidates"])
    parser.add_argument("--repeats", type=int, default=2, help="analyses of each game")
    args = parser.parse_args()
    options = {"samples": args.samples, "candidates": args.candidates}
    warm()
    d = deal(args.deal, args.setup)
    games = {
        "fair (own)": played(d, make_player("fair", seed="own futures", **options)),
        "greedy": played(d, make_player("greedy")),
        "random": played(d, make_player("random", seed="bench")),
    }
    print(f"deal {args.deal!r} ({args.setup}), analysis {options}, {args.repeats} analyses each")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    header = "game         seconds  accuracy       expected loss   mean loss/turn  "
    print(header + "noise: |d played_value|  |d loss|")
    times = []
    for name, pairs in games.items():
        reviews = []
        for k in range(args.repeats):
            started = time.perf_counter()
            reviews.append(analyse(pairs, seed=f"analysis-{k}", **options))
            times.append(time.perf_counter() - started)
        value_noise, loss_noise = [], []
        for a, b in itertools.combinations(reviews, 2):
            for x, y in zip(a.turns, b.turns, strict=True):
                value_noise.append(abs(x.played_value - y.played_value))
                loss_noise.append(abs(x.loss - y.loss))
        seconds = "/".join(f"{t:.1f}" for t in times[-args.repeats :])
        accuracy = "/".join(f"{r.accuracy:.0f}" for r in reviews)
        loss = "/".join(f"{r.expected_loss:.1f}" for r in reviews)
        per_turn = statistics.mean(r.expected_loss / len(r.turns) for r in reviews)
        print(
            f"{name:12} {seconds:8} {accuracy:14} {loss:15} {per_turn:14.2f}  "
            f"{statistics.mean(value_noise):22.2f}  {statistics.mean(loss_noise):.2f}"
            f" (max {max(loss_noise):.1f})"
        )
    print(f"whole-game analysis: mean {statistics.mean(times):.1f} s, max {max(times):.1f} s")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
