"""Game analysis: the cost of a whole game's review in one process, and the noise of its
values against the losses it reports.

Three games of each deal are reviewed: the fair player's own (at 96 x 16, on its own
futures), a greedy game and a random game. Each is analysed with ``--repeats`` analysis
seeds (other sampled futures). The noise is how much the figures move between two analyses
of the same game: the mean absolute difference of a turn's ``played_value`` and ``loss``,
and of the game's accuracy; the losses to compare them with are the mean loss per turn
(measured on futures that did not choose the move, so a higher mean loss is a better best
move found). The fair player's own game, whose true loss is about 0, shows what noise alone
reports as loss. Cost in CPU seconds of the process (``time.process_time``): wall time on
a shared machine says more about the others' work than about the analysis.

    .venv/bin/python bench/analysis_speed.py [--deal SEED ...] [--samples N] [--candidates N]

Prints the figures and the load average (the machine is shared: say it with the figures).
"""

import argparse
import itertools
import os
import statistics
import time

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
    parser.add_argument("--deal", nargs="+", default=["bench-analysis"])
    parser.add_argument("--setup", default="standard")
    parser.add_argument("--samples", type=int, default=ANALYSIS_DEFAULTS["samples"])
    parser.add_argument("--candidates", type=int, default=ANALYSIS_DEFAULTS["candidates"])
    parser.add_argument("--repeats", type=int, default=2, help="analyses of each game")
    args = parser.parse_args()
    options = {"samples": args.samples, "candidates": args.candidates}
    warm()
    games = {}
    for seed in args.deal:
        d = deal(seed, args.setup)
        own = make_player("fair", seed="own futures", samples=96, candidates=16)
        games[f"{seed} fair (own)"] = played(d, own)
        games[f"{seed} greedy"] = played(d, make_player("greedy"))
        games[f"{seed} random"] = played(d, make_player("random", seed="bench"))
    print(f"deals {args.deal} ({args.setup}), analysis {options}, {args.repeats} analyses each")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print(
        "game                       CPU s      accuracy   loss/turn  noise: |d played_value|"
        "  |d loss| (max)  |d accuracy|"
    )
    cpu, value_noise, loss_noise, accuracy_noise, losses = [], [], [], [], []
    for name, pairs in games.items():
        reviews, seconds = [], []
        for k in range(args.repeats):
            started = time.process_time()
            reviews.append(analyse(pairs, seed=f"analysis-{k}", **options))
            seconds.append(time.process_time() - started)
        values, lost, accuracies = [], [], []
        for a, b in itertools.combinations(reviews, 2):
            for x, y in zip(a.turns, b.turns, strict=True):
                values.append(abs(x.played_value - y.played_value))
                lost.append(abs(x.loss - y.loss))
            accuracies.append(abs(a.accuracy - b.accuracy))
        per_turn = statistics.mean(r.expected_loss / len(r.turns) for r in reviews)
        print(
            f"{name:26} {'/'.join(f'{t:.2f}' for t in seconds):10} "
            f"{'/'.join(f'{r.accuracy:.0f}' for r in reviews):10} {per_turn:9.2f}  "
            f"{statistics.mean(values):22.2f}  {statistics.mean(lost):8.2f} ({max(lost):.1f})"
            f"  {statistics.mean(accuracies):12.2f}"
        )
        cpu += seconds
        value_noise += values
        loss_noise += lost
        accuracy_noise += accuracies
        losses.append(per_turn)
    print(
        f"all: CPU s a game mean {statistics.mean(cpu):.2f} (max {max(cpu):.2f}); noise "
        f"|d played_value| {statistics.mean(value_noise):.3f}, |d loss| "
        f"{statistics.mean(loss_noise):.3f}, |d accuracy| {statistics.mean(accuracy_noise):.2f};"
        f" loss/turn {statistics.mean(losses):.3f}"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
