"""Placement evaluation speed on one core: ``python bench/fastcore_speed.py``.

Prints placements evaluated per second on random partial quilts (0..21 patches, several
dealt layouts), best of three rounds, by the compiled core: ``pack(quilt)`` once, then
``Evaluator.placement_values`` per patch (every empty cell in one call); and the first-call
time of the fast core (a compile, or a load from Numba's disk cache). The plain-Python
evaluation the tests hold as their oracle is no longer timed here (a bench does not import
the tests); docs/benchmarks.md keeps its last figures.
"""

import argparse
import os
import random
import time

from report import print_table

from solver.game import Quilt, deal
from solver.search.goal_choice import arrangements

ROUNDS = 3
LAYOUTS = 6
QUILTS = 40  # per layout
PATCHES = range(0, 36, 5)


def positions():
    rng = random.Random(2026)
    found = []
    for k in range(LAYOUTS):
        setup = deal(f"bench-fast-{k}").setup
        layout = setup.layout(arrangements(setup)[k])
        quilts = []
        for _ in range(QUILTS):
            quilt = Quilt(layout)
            for _ in range(rng.randint(0, 21)):
                quilt.place(rng.choice(quilt.empty_cells), rng.randrange(36))
            quilts.append(quilt)
        found.append((layout, quilts))
    return found


def best_time(work) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--markdown", action="store_true", help="also print the rows for docs/benchmarks.md"
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    from solver.search.fastcore import Evaluator, pack

    imported = time.perf_counter() - started
    data = positions()
    count = sum(q.empty_mask.bit_count() for _, qs in data for q in qs) * len(PATCHES)
    fasts = [(Evaluator(layout), quilts) for layout, quilts in data]

    started = time.perf_counter()
    fasts[0][0].placement_values(pack(fasts[0][1][0]), 0)
    first = time.perf_counter() - started

    def fast():
        for layout, quilts in fasts:
            for quilt in quilts:
                state = pack(quilt)
                for patch in PATCHES:
                    layout.placement_values(state, patch)

    fast_rate = count / best_time(fast)
    print(f"placements per round: {count}")
    print(f"fast core: {fast_rate:,.0f} placements/s")
    print(f"fast core import {imported:.2f} s, first call {first:.2f} s (compile or cache load)")
    if args.markdown:
        print()
        rows = [
            ["fast core", f"{fast_rate:,.0f}", f"first call {first:.2f} s"],
        ]
        print_table(["evaluation", "placements/s", "note"], rows, load_before)


if __name__ == "__main__":
    main()
