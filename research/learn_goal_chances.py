"""Learn the goal chances (option ``goal_chances``) by self-play in the compiled core.

    nice -n 10 python -m research.learn_goal_chances NUMBER [--deals 4000]
        [--arrangements 4] [--games 64] [--policy N] [--prior 20] [--prefix learn] [--jobs 2]

Plays ``deals x arrangements x games`` quick games (the compiled greedy game par plays its
futures with): deals ``PREFIX-NUMBER-00001`` ..., on each ``--arrangements`` goal
arrangements drawn from the deal's seed, each arrangement ``--games`` times with the rest of
the patches shuffled anew; the evaluation plays with today's goal chances, or with learned
set ``--policy`` (one step of policy iteration). After every placement but the last, each
goal attribute (colours, patterns) is counted by goal tile, stage (placements made) and the
count shape of its filled neighbours, and again if it ended met. A cell's chance is its
rate, pulled towards the rate of the same shape at every stage by ``--prior`` visits, and
that towards today's chance likewise (a shape no game reached keeps today's; a shape that
can no longer meet the goal is never met, so stays 0). The set is written to
``solver/search/learned/goal_chances-NUMBER.npz`` with the command's figures.

The same command with the same arguments writes the same set (every shuffle comes from
the seed). The quick game's mean score under the playing policy is printed; par's use of a
set is judged on the position bank and by the protocol, not by that mean.
"""

import argparse
import hashlib
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from solver.game import GOALS, Quilt, deal
from solver.search.beam import SearchOptions
from solver.search.evaluation import (
    CHANCES_DIR,
    DEFAULT_WEIGHTS,
    GOAL_STAGES,
    SHAPES,
    goal_chances,
    hand_chances,
)
from solver.search.fastcore import evaluator_for, goal_outcomes, pack
from solver.search.goal_choice import arrangements

SECOND_PATCH = SearchOptions().second_patch  # the quick game's (goal_choice.QUICK)


def parse(argv) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m research.learn_goal_chances", description=__doc__.split("\n")[0]
    )
    parser.add_argument("number", type=int, help="the set's number (the option goal_chances=N)")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--arrangements", type=int, default=4, help="goal arrangements a deal")
    parser.add_argument("--games", type=int, default=64, help="games an arrangement")
    parser.add_argument("--policy", type=int, default=0, help="learned set that plays (0: today's)")
    parser.add_argument("--prior", type=float, default=20.0, help="visits a rate is pulled by")
    parser.add_argument("--prefix", default="learn", help="deal seeds: PREFIX-NUMBER-NNNNN")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--out", type=Path, default=CHANCES_DIR, help="the sets' folder")
    args = parser.parse_args(argv)
    if not 1 <= args.number <= 1000 or not 0 <= args.policy <= 1000:
        parser.error("the set's number and --policy from 1 to 1000 (--policy 0: today's)")
    if args.deals < 1 or not 1 <= args.arrangements <= 24 or args.games < 1 or args.jobs < 1:
        parser.error("--deals, --games and --jobs at least 1, --arrangements from 1 to 24")
    if args.prior < 0:
        parser.error("--prior at least 0")
    if args.policy:
        try:
            goal_chances(args.policy)
        except ValueError as error:
            parser.error(str(error))
    return args


def play_deals(task) -> tuple[np.ndarray, float, int]:
    """Counts and summed scores of the games on deals ``first..last`` (one process's share)."""
    prefix, number, first, last, per_deal, games, policy = task
    chances = goal_chances(policy) if policy else None
    counts = np.zeros((len(GOALS), 2, GOAL_STAGES, len(SHAPES), 2), dtype=np.float64)
    scores, played = 0.0, 0
    for k in range(first, last + 1):
        seed = f"{prefix}-{number}-{k:05d}"
        dealt = deal(seed)
        options = arrangements(dealt.setup)
        for goals in random.Random(seed).sample(options, min(per_deal, len(options))):
            layout = dealt.setup.layout(goals)
            fast = evaluator_for(layout, DEFAULT_WEIGHTS, None, chances)
            stream = int.from_bytes(hashlib.sha256(f"{seed}/{goals}".encode()).digest()[:4])
            mean = goal_outcomes(
                fast,
                pack(Quilt(layout)),
                dealt.hand,
                dealt.market,
                dealt.bag,
                games,
                stream,
                counts,
                SECOND_PATCH,
            )
            scores += mean * games
            played += games
    return counts, scores, played


def todays() -> np.ndarray:
    """Today's chances, [goal, shape] (``hand_chances``)."""
    return np.array([hand_chances(goal.counts, DEFAULT_WEIGHTS) for goal in GOALS])


def fitted(counts: np.ndarray, prior: float) -> np.ndarray:
    """The chances: each cell's rate pulled towards its shape's rate over every stage, and
    that towards today's chance, each by ``prior`` visits."""
    seen, met = counts[..., 0], counts[..., 1]
    today = todays()[:, None, :].repeat(2, axis=1)  # [goal, attribute, shape]
    pooled = (met.sum(axis=2) + prior * today) / (seen.sum(axis=2) + prior + 1e-12)
    return (met + prior * pooled[:, :, None, :]) / (seen + prior + 1e-12)


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    started = time.time()
    shares = np.array_split(np.arange(1, args.deals + 1), args.jobs)
    tasks = [
        (
            args.prefix,
            args.number,
            int(share[0]),
            int(share[-1]),
            args.arrangements,
            args.games,
            args.policy,
        )
        for share in shares
        if len(share)
    ]
    if args.jobs == 1:
        results = [play_deals(task) for task in tasks]
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_deals, tasks))
    counts = sum(result[0] for result in results)
    games = sum(result[2] for result in results)
    mean = sum(result[1] for result in results) / games
    wall = time.time() - started
    table = fitted(counts, args.prior)
    seen = counts[..., 0]
    shift = float((np.abs(table - todays()[:, None, None, :]) * seen).sum() / seen.sum())
    figures = {
        "games": games,
        "deals": f"{args.prefix}-{args.number}-00001..{args.deals:05d}",
        "arrangements": args.arrangements,
        "policy": args.policy,
        "prior": args.prior,
        "quick_game_mean": round(mean, 3),
        "visits": int(seen.sum()),
        "mean_shift_from_today": round(shift, 4),
        "wall_s": round(wall, 1),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"goal_chances-{args.number}.npz"
    np.savez_compressed(path, table=table, figures=json.dumps(figures))
    print(json.dumps(figures))
    print(f"{games} games, their quick game's mean {mean:.2f}; set {args.number} written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
