"""Rules-engine speed on one core: ``python bench/engine_speed.py``.

Prints the best of three rounds for
- place-and-score steps/s: ``quilt.place(cell, patch)`` then ``quilt.total()``, over random
  placement orders of whole quilts (the orders are drawn before timing);
- copy-place-score steps/s: the same from a ``quilt.copy()``, which is what a search does for
  each candidate;
- random games/s: deal a seed, then 22 random legal turns of the solo game (conveyor market),
  and the same through ``solver.search.play_game`` with the random player (observations,
  move records).
The goal for place-and-score is at least 50,000 steps/s.
"""

import argparse
import os
import random
import time

from report import print_table

from solver.game import PATCH_CELLS, TURNS, Move, Quilt, SoloGame, deal
from solver.search import make_player, play_game

ROUNDS = 3
QUILTS = 2000
GAMES = 300


def best_rate(work, count: int) -> float:
    """Items per second of ``work()`` (which handles ``count`` items), best of ROUNDS."""
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return count / best


def start(seed: str) -> SoloGame:
    dealt = deal(seed)
    return SoloGame.start(
        dealt, dict(zip(("2,3", "3,4", "4,2"), dealt.setup.goal_options[:3], strict=True))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--markdown", action="store_true", help="also print the rows for docs/benchmarks.md"
    )
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    rng = random.Random(2026)
    layouts = [start(str(k)).quilt.layout for k in range(20)]
    orders = []
    for k in range(QUILTS):
        cells = rng.sample(PATCH_CELLS, len(PATCH_CELLS))
        orders.append((layouts[k % len(layouts)], [(c, rng.randrange(36)) for c in cells]))
    steps = QUILTS * len(PATCH_CELLS)

    def place_and_score():
        for layout, order in orders:
            quilt = Quilt(layout)
            for cell, patch in order:
                quilt.place(cell, patch)
                quilt.total()

    def copy_place_score():
        for layout, order in orders:
            quilt = Quilt(layout)
            for cell, patch in order:
                quilt = quilt.copy()
                quilt.place(cell, patch)
                quilt.total()

    def engine_games():
        for k in range(GAMES):
            game = start(f"bench-{k}")
            while not game.finished:
                market = None if game.turn == TURNS else rng.randrange(3)
                game.play(Move(rng.randrange(2), rng.choice(game.quilt.empty_cells), market))

    def player_games():
        for k in range(GAMES):
            play_game(deal(f"bench-{k}"), make_player("random", seed=str(k)))

    rates = {
        "place-and-score steps/s": best_rate(place_and_score, steps),
        "copy-place-score steps/s": best_rate(copy_place_score, steps),
        "random games/s (engine)": best_rate(engine_games, GAMES),
        "random games/s (player)": best_rate(player_games, GAMES),
    }
    for name, rate in rates.items():
        goal = "  (goal 50,000)" if name.startswith("place-and-score") else ""
        print(f"{name:<26}{rate:>10,.0f}{goal}")
    if args.markdown:
        print()
        rows = [[name, f"{rate:,.0f}"] for name, rate in rates.items()]
        print_table(["what", "best of three rounds"], rows, load_before)


if __name__ == "__main__":
    main()
