"""The fair solver's pass rate per solo scenario: ``python bench/scenario_pass_rates.py
[--deals 4] [--processes 2] [--options JSON]``.

Plays the same fixed deals the service's pass rate uses (``solver.search.scenarios``), at par
strength unless told otherwise, and prints a Markdown table: passes, mean and range of the
solver's score, and seconds per game. Every verdict is the rules engine's.
"""

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.game import SCENARIOS
from solver.search.scenarios import play_scenario_deals


def run(job):
    number, deals, options = job
    return number, play_scenario_deals(number, deals, **options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--options", default="{}", help='solver options as JSON, e.g. {"samples": 32}'
    )
    args = parser.parse_args()
    options = json.loads(args.options)
    started = time.perf_counter()
    jobs = [(number, args.deals, options) for number in SCENARIOS]
    print(f"fair solver {options or '(par strength)'}, {args.deals} deals per scenario")
    print("| scenario | score to reach | solver passes | solver score: mean (min-max) | s/game |")
    print("|---|---|---|---|---|", flush=True)
    with ProcessPoolExecutor(args.processes) as pool:
        for number, runs in pool.map(run, jobs):  # rows in order, each as soon as it is done
            scores = [r.score for r in runs]
            passes = sum(r.passed for r in runs)
            print(
                f"| {number} | {SCENARIOS[number].min_score} | {passes}/{len(runs)} "
                f"({round(100 * passes / len(runs))}%) | {statistics.mean(scores):.1f} "
                f"({min(scores)}-{max(scores)}) | {statistics.mean(r.seconds for r in runs):.1f} |",
                flush=True,
            )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{time.perf_counter() - started:.0f} s in all; load average at the end: {load}")


if __name__ == "__main__":
    main()
