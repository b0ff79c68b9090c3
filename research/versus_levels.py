"""Versus opponents: ``python -m research.versus_levels [--games 20]``.

Plays ``--games`` seeded 4-player tables (seeds ``versus-bench-0``, ``-1``, ...) between the
levels of ``solver.search.versus`` in one warm process (the compiled core is warmed first, as
in a worker). Each table seats easy, medium, hard and a fourth player whose level cycles, in
an order rotated every game, so that every level sits in every seat. Prints the time of one
opponent move per level (p50, p95; the goal choice is timed apart) and, per level, the mean
final score, the wins (rank 1, shared ties count) and how often it finishes ahead of each
other level at the same table.
"""

import argparse
import itertools
import os
import statistics
import time

from solver.game import MultiplayerGame, deal_table
from solver.search.fastcore import warm
from solver.search.versus import LEVELS, choose_goals, choose_move, make_opponent


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def play_table(seed: str, levels: list[str], move_times: dict, goal_times: list) -> list:
    table = deal_table(seed, len(levels))
    goals = []
    for seat, setup in enumerate(table.setups):
        started = time.perf_counter()
        goals.append(choose_goals(setup, f"{seed}/seat-{seat}"))
        goal_times.append(time.perf_counter() - started)
    game = MultiplayerGame(table, goals)
    players = [make_opponent(level, f"{seed}/seat-{s}") for s, level in enumerate(levels)]
    while not game.finished:
        seat = game.seat
        started = time.perf_counter()
        move = choose_move(players[seat], game.view(seat))
        move_times[levels[seat]].append(time.perf_counter() - started)
        game.play(move)
    ranks = dict(game.standings())
    return [(levels[s], q.total(), ranks[s]) for s, q in enumerate(game.quilts)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    warm()
    names = list(LEVELS)
    move_times = {level: [] for level in names}
    goal_times: list[float] = []
    scores = {level: [] for level in names}
    wins = dict.fromkeys(names, 0)
    ahead = {pair: [0, 0] for pair in itertools.permutations(names, 2)}  # [ahead, met]
    started = time.perf_counter()
    for k in range(args.games):
        seats = [*names, names[k % 3]]
        seats = seats[k % 4 :] + seats[: k % 4]
        result = play_table(f"versus-bench-{k}", seats, move_times, goal_times)
        for level, score, rank in result:
            scores[level].append(score)
            wins[level] += rank == 1
        for (a, _, rank_a), (b, _, rank_b) in itertools.permutations(result, 2):
            if a != b:
                ahead[a, b][0] += rank_a < rank_b
                ahead[a, b][1] += 1
        print(f"game {k}: " + ", ".join(f"{lv} {sc} (#{rk})" for lv, sc, rk in result), flush=True)
    print(
        f"\n{args.games} tables of 4 in {time.perf_counter() - started:.0f} s; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print("\n| level | move p50 | move p95 | mean score | wins | ahead of " + " | ".join(names))
    for level in names:
        times = move_times[level]
        versus = [
            "-" if a == level else f"{ahead[level, a][0]}/{ahead[level, a][1]}" for a in names
        ]
        timing = f"{statistics.median(times):.3f} s | {percentile(times, 0.95):.3f} s"
        score = f"{statistics.mean(scores[level]):.1f} | {wins[level]}"
        print(f"| {level} | {timing} | {score} | " + " | ".join(versus))
    print(
        f"\ngoal choice per seat: p50 {statistics.median(goal_times):.3f} s, "
        f"p95 {percentile(goal_times, 0.95):.3f} s"
    )


if __name__ == "__main__":
    main()
