"""Tune the evaluation's judgement calls (``Weights``) by coordinate search on tune seeds.

    python -m research.tune_weights [--strategy beam] [--seeds 40] [--step 0.25] [--rounds 2]

``--strategy playout`` tunes the quick greedy game (par's play-outs, hindsight's pilot) for its
own final score (``PLAYOUT_WEIGHTS``): a deal costs little (the ``start`` line prints the
seconds of one pass over the seeds), so use many (``--seeds 800 --step 0.3 --rounds 3
--margin 0.15``).

Each candidate ``Weights`` plays the same seeds (``tune-0001`` ...; never the public bench
seeds, so the bench stays an honest test) and is scored by its mean; a change is kept only
when it wins by more than ``--margin`` points. Prints every trial and the best weights as a
line to paste into ``solver/search/evaluation.py``.
"""

import argparse
import dataclasses
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from solver.game import deal
from solver.search import make_player, play_game
from solver.search.beam import Beam
from solver.search.evaluation import DEFAULT_WEIGHTS, Weights
from solver.search.fastcore import evaluator_for
from solver.search.goal_choice import QUICK, arrangements, quick_game


def score(job) -> float:
    strategy, seed, weights, options = job
    if strategy == "playout":
        return playout_score(seed, weights)
    player = make_player(strategy, seed=seed, **options)
    player.weights = weights
    return play_game(deal(seed), player).score["total"]


def playout_score(seed: str, weights: Weights) -> float:
    """The final score of the quick greedy game (the play-outs' policy) of the seed's deal,
    with the goal arrangement the seed's number picks (the 24 in turn)."""
    dealt = deal(seed)
    goals = arrangements(dealt.setup)[int(seed.rsplit("-", 1)[1]) % 24]
    return quick_game(Beam(evaluator_for(dealt.setup.layout(goals), weights), QUICK), dealt)


def mean_score(pool, strategy, seeds, weights, options) -> float:
    return statistics.mean(pool.map(score, [(strategy, s, weights, options) for s in seeds]))


def scaled(weights: Weights, name: str, factor: float) -> Weights:
    value = getattr(weights, name)
    if isinstance(value, tuple):  # the chance by empty neighbours: scale what is not 1.0
        value = (value[0], *(min(1.0, v * factor) for v in value[1:]))
    else:
        value = value * factor
    return dataclasses.replace(weights, **{name: value})


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--strategy", default="beam")
    parser.add_argument("--options", default="{}", help="search options as JSON")
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--step", type=float, default=0.25, help="relative change tried")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--margin", type=float, default=0.3, help="points a change must win")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    options = json.loads(args.options)
    seeds = [f"tune-{k:04d}" for k in range(1, args.seeds + 1)]
    names = [field.name for field in dataclasses.fields(Weights)]
    with ProcessPoolExecutor(args.jobs) as pool:
        best = DEFAULT_WEIGHTS
        started = time.perf_counter()
        best_mean = mean_score(pool, args.strategy, seeds, best, options)
        print(f"start: {best_mean:.2f} ({time.perf_counter() - started:.0f} s)", flush=True)
        step = args.step
        for round_ in range(1, args.rounds + 1):
            for name in names:
                for factor in (1 + step, 1 / (1 + step)):
                    trial = scaled(best, name, factor)
                    mean = mean_score(pool, args.strategy, seeds, trial, options)
                    kept = mean > best_mean + args.margin
                    print(
                        f"round {round_} {name} x{factor:.2f}: {mean:.2f}"
                        f"{'  kept' if kept else ''}",
                        flush=True,
                    )
                    if kept:
                        best, best_mean = trial, mean
                        break
            step /= 2
    print(f"best {best_mean:.2f}: {best!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
