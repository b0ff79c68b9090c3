"""The table player judged: ``python -m research.versus_table [--tables 200] [--out FILE]``.

Duplicate 2-player tables: table k (seed ``versus-duplicate-k``) is played twice with the same
deal and the same goals (each seat's goal choice, as a worker makes it), the new hard
(``versus.TABLE_LEVELS["hard"]``) in seat 0 and today's hard (``versus.LEVELS["hard"]``, the
solo fair player shown a seat's view) in seat 1, then the seats swapped. Prints the new
hard's share of games finished ahead (the rulebook's tiebreak; a full tie counts a half) with
a Wilson 95% interval, the share of tables where it did better over both games, the mean
points, and each player's CPU seconds a move. Every game is appended to ``--out`` (JSON
lines) as it ends, and a run with the same ``--out`` skips the tables already there: a long
run can be stopped and resumed.

``--speed N`` instead: N 4-player tables of four ``--level`` players (seeds
``versus-speed-k``), timing each move's CPU and wall seconds, and the wait for three
opponents (the three moves after each seat-0 move, summed), p50 and p95.
"""

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from research.scenario_pass_rates import wilson  # the one Wilson interval
from solver.game import MultiplayerGame, deal_table
from solver.search.fastcore import warm
from solver.search.versus import TABLE_LEVELS, choose_goals, choose_move, make_opponent


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def play(seed: str, players: list, goals: list, cpu: list[list[float]]) -> list:
    game = MultiplayerGame(deal_table(seed, len(players)), goals)
    while not game.finished:
        seat = game.seat
        started = time.process_time()
        move = choose_move(players[seat], game.view(seat))
        cpu[seat].append(time.process_time() - started)
        game.play(move)
    return [list(quilt.tiebreak_key()) for quilt in game.quilts]


def duplicate(k: int) -> list[dict]:
    """Table k twice, seats swapped: one record per game."""
    seed = f"versus-duplicate-{k}"
    table = deal_table(seed, 2)
    goals = [choose_goals(setup, f"{seed}/seat-{s}") for s, setup in enumerate(table.setups)]
    records = []
    for new in (0, 1):
        players = [
            make_opponent("hard", f"{seed}/seat-{s}", TABLE_LEVELS)
            if s == new
            else make_opponent("hard", f"{seed}/seat-{s}")
            for s in range(2)
        ]
        cpu = [[], []]
        keys = play(seed, players, goals, cpu)
        mine, theirs = keys[new], keys[1 - new]
        ahead = 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        records.append(
            {
                "table": k,
                "new_seat": new,
                "new": mine,
                "old": theirs,
                "ahead": ahead,
                "new_cpu": cpu[new],
                "old_cpu": cpu[1 - new],
            }
        )
    return records


def judge(tables: int, out: Path) -> None:
    done = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    have = {r["table"] for r in done if sum(d["table"] == r["table"] for d in done) == 2}
    done = [r for r in done if r["table"] in have]
    out.write_text("".join(json.dumps(r) + "\n" for r in done))
    started = time.perf_counter()
    for k in range(tables):
        if k in have:
            continue
        records = duplicate(k)
        with out.open("a") as f:
            f.writelines(json.dumps(r) + "\n" for r in records)
        done += records
        a, b = records
        print(
            f"table {k}: new {a['new'][0]}-{a['old'][0]}, swapped new {b['new'][0]}-{b['old'][0]}",
            flush=True,
        )
    report([r for r in done if r["table"] < tables], time.perf_counter() - started)


def report(records: list[dict], seconds: float) -> None:
    n = len(records)
    wins = sum(r["ahead"] for r in records)
    low, high = wilson(wins, n)
    by_table: dict[int, float] = {}
    for r in records:
        by_table[r["table"]] = by_table.get(r["table"], 0.0) + r["ahead"]
    better = sum(v > 1 for v in by_table.values()) + 0.5 * sum(v == 1 for v in by_table.values())
    t_low, t_high = wilson(better, len(by_table))
    new_cpu = [t for r in records for t in r["new_cpu"]]
    old_cpu = [t for r in records for t in r["old_cpu"]]
    print(
        f"\n{len(by_table)} duplicate tables ({n} games) in {seconds:.0f} s of this run; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print("| what | figure |\n|---|---|")
    print(
        f"| new hard finishes ahead of today's hard | {wins:g}/{n} = {wins / n:.1%} "
        f"(Wilson 95% {low:.1%}-{high:.1%}) |"
    )
    print(
        f"| tables where the new hard did better over both seats (a split counts a half) | "
        f"{better:g}/{len(by_table)} = {better / len(by_table):.1%} "
        f"(Wilson 95% {t_low:.1%}-{t_high:.1%}) |"
    )
    print(
        f"| mean points: new / today's | {statistics.mean(r['new'][0] for r in records):.1f}"
        f" / {statistics.mean(r['old'][0] for r in records):.1f} |"
    )
    print(
        f"| CPU a move: new p50 / p95 | {statistics.median(new_cpu):.3f} / "
        f"{percentile(new_cpu, 0.95):.3f} s |"
    )
    print(
        f"| CPU a move: today's p50 / p95 | {statistics.median(old_cpu):.3f} / "
        f"{percentile(old_cpu, 0.95):.3f} s |"
    )


def speed(tables: int, level: str) -> None:
    cpu, wall, waits = [], [], []
    for k in range(tables):
        seed = f"versus-speed-{k}"
        table = deal_table(seed, 4)
        goals = [choose_goals(setup, f"{seed}/seat-{s}") for s, setup in enumerate(table.setups)]
        players = [make_opponent(level, f"{seed}/seat-{s}", TABLE_LEVELS) for s in range(4)]
        game = MultiplayerGame(table, goals)
        wait = 0.0
        while not game.finished:
            seat = game.seat
            started, clock = time.process_time(), time.perf_counter()
            move = choose_move(players[seat], game.view(seat))
            cpu.append(time.process_time() - started)
            wall.append(time.perf_counter() - clock)
            if seat:
                wait += cpu[-1]
                if seat == 3:
                    waits.append(wait)
            wait = 0.0 if seat == 3 else wait
            game.play(move)
        print(f"table {k}: points {[q.points for q in game.quilts]}", flush=True)
    print(
        f"\n{tables} 4-player tables of {level} {TABLE_LEVELS[level]}; load average "
        f"{os.getloadavg()[0]:.2f}"
    )
    print(
        "| level | CPU a move p50 | p95 | wall a move p50 | p95 | CPU for 3 opponents p50 | p95 |"
    )
    print(
        f"| {level} | {statistics.median(cpu):.3f} s | {percentile(cpu, 0.95):.3f} s | "
        f"{statistics.median(wall):.3f} s | {percentile(wall, 0.95):.3f} s | "
        f"{statistics.median(waits):.3f} s | {percentile(waits, 0.95):.3f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="duplicate tables to judge on")
    parser.add_argument("--out", type=Path, default=Path("versus_table.jsonl"))
    parser.add_argument("--speed", type=int, default=0, help="time N 4-player tables instead")
    parser.add_argument("--level", default="hard", choices=list(TABLE_LEVELS))
    args = parser.parse_args()
    if args.tables < 1 or args.speed < 0:
        parser.error("--tables must be at least 1 and --speed at least 0")
    warm()
    if args.speed:
        speed(args.speed, args.level)
    else:
        judge(args.tables, args.out)


if __name__ == "__main__":
    main()
