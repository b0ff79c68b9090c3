"""The solver benchmark: ``python -m solver bench [--seeds N] [--strategies a,b] ...``.

Plays the public seeds bench-0001 ... bench-NNNN (standard setup) with each strategy, one
game per process at a time (``--jobs`` runs that many processes side by side; each game is
still timed alone on its core), and prints a Markdown table: mean, 10th and 90th percentile
score and seconds per game. Then the hint latency at turns 1, 8, 15 and 21 of games played
by the beam player on the first ``--hint-seeds`` seeds. ``--json FILE`` also writes every
game's figures, one JSON line per game as it finishes (so a long run can be watched).
Every game is replayed from its moves by the rules engine, which checks each move; the
table says whether all replayed to the same score. Timings depend on the machine's load:
report it with the table; the CPU seconds (the process's own) depend on it far less.
"""

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from solver.game import Move, RulesError, SoloGame, deal
from solver.search import STRATEGIES, hint, make_player, play_game
from solver.search.players import search_options

HINT_TURNS = (1, 8, 15, 21)


def parse(argv) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m solver bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seeds", type=int, default=50, help="how many public seeds (1-9999)")
    parser.add_argument("--prefix", default="bench", help="seed names: PREFIX-0001 ...")
    parser.add_argument("--strategies", default="random,greedy,beam,fair,hindsight")
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side")
    parser.add_argument("--hint-seeds", type=int, default=10, help="games whose hints are timed")
    parser.add_argument("--json", metavar="FILE", help="also write every game's figures here")
    parser.add_argument(
        "--options",
        default="{}",
        metavar="JSON",
        help="options for every strategy: '{\"samples\": 12}'",
    )
    args = parser.parse_args(argv)
    strategies = [s for s in args.strategies.split(",") if s]
    unknown = [s for s in strategies if s not in STRATEGIES]
    if unknown:
        parser.error(f"unknown strategy {unknown[0]!r}; choose from {', '.join(STRATEGIES)}")
    if not 1 <= args.seeds <= 9999 or args.jobs < 1 or args.hint_seeds < 0:
        parser.error("--seeds must be 1 to 9999, --jobs at least 1, --hint-seeds at least 0")
    try:
        args.search_options = json.loads(args.options)
        search_options(args.search_options)
    except (ValueError, AttributeError) as problem:
        parser.error(f"--options: {problem}")
    args.strategy_list = strategies
    return args


def play_one(strategy: str, seed: str, options: dict) -> dict:
    cpu = time.process_time()
    record = play_game(deal(seed), make_player(strategy, seed=seed, **options))
    cpu = time.process_time() - cpu  # the game's own work, whatever else the machine runs
    score = record.score["total"]
    return {
        "strategy": strategy,
        "seed": seed,
        "score": score,
        "seconds": record.seconds,
        "cpu": cpu,
        "replayed": replay(seed, record.goals, record.moves) == score,
    }


def replay(seed: str, goals: dict | None, moves: list[dict]) -> int | None:
    """The score of ``moves`` replayed from the seed's deal by the rules engine (which checks
    each one), or None if one is illegal: a solver's score counts only if it replays."""
    try:
        game = SoloGame.start(deal(seed), goals)
        for move in moves:
            game.play(Move.from_json(move))
    except RulesError:
        return None
    return game.quilt.score()["total"] if game.finished else None


def time_hints(seed: str) -> list[dict]:
    """Hint latency on the visible states of a beam player's game at HINT_TURNS."""
    d = deal(seed)
    player = make_player("beam", seed=seed)
    game = SoloGame.start(d, player.choose_goals(d.setup))
    timings = []
    while not game.finished:
        observation = game.observation()
        if game.turn in HINT_TURNS:
            started, cpu = time.perf_counter(), time.process_time()
            hint(observation)
            timings.append(
                {
                    "seed": seed,
                    "turn": game.turn,
                    "seconds": time.perf_counter() - started,
                    "cpu": time.process_time() - cpu,
                }
            )
        game.play(player.choose_move(observation))
    return timings


def percentile(values, q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between closest ranks."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def table(games: list[dict], strategies) -> str:
    lines = [
        "| strategy | games | mean score | p10 | p90 | s/game (mean) | s/game (p90) "
        "| CPU s/game (mean) | CPU s/game (p90) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for strategy in strategies:
        rows = [g for g in games if g["strategy"] == strategy]
        scores = [g["score"] for g in rows]
        seconds = [g["seconds"] for g in rows]
        cpu = [g["cpu"] for g in rows]
        lines.append(
            f"| {strategy} | {len(rows)} | {statistics.mean(scores):.1f} | "
            f"{percentile(scores, 0.1):.1f} | {percentile(scores, 0.9):.1f} | "
            f"{statistics.mean(seconds):.2f} | {percentile(seconds, 0.9):.2f} | "
            f"{statistics.mean(cpu):.2f} | {percentile(cpu, 0.9):.2f} |"
        )
    return "\n".join(lines)


def hint_table(timings: list[dict]) -> str:
    lines = [
        "| hint at turn | states | mean s | p95 s | max s | CPU s (mean) | CPU s (p95) |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for turn in HINT_TURNS:
        seconds = [t["seconds"] for t in timings if t["turn"] == turn]
        cpu = [t["cpu"] for t in timings if t["turn"] == turn]
        if seconds:
            lines.append(
                f"| {turn} | {len(seconds)} | {statistics.mean(seconds):.2f} | "
                f"{percentile(seconds, 0.95):.2f} | {max(seconds):.2f} | "
                f"{statistics.mean(cpu):.2f} | {percentile(cpu, 0.95):.2f} |"
            )
    return "\n".join(lines)


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    seeds = [f"{args.prefix}-{k:04d}" for k in range(1, args.seeds + 1)]
    jobs = [(s, seed, args.search_options) for s in args.strategy_list for seed in seeds]
    started = time.time()
    log = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115
    games = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for game in pool.map(play_one, *zip(*jobs, strict=True)):
            games.append(game)
            if log:
                log.write(json.dumps(game) + "\n")
                log.flush()
        timings = [t for found in pool.map(time_hints, seeds[: args.hint_seeds]) for t in found]
    if log:
        for timing in timings:
            log.write(json.dumps({"hint": timing}) + "\n")
        log.close()
    load = os.getloadavg()[0]
    print(
        f"Solver bench: {len(seeds)} seeds {seeds[0]} ... {seeds[-1]}, standard setup, "
        f"options {json.dumps(args.search_options)}, "
        f"{args.jobs} process(es); load average {load:.1f} at the end; "
        f"{time.time() - started:.0f} s in all.\n"
    )
    print(table(games, args.strategy_list))
    failed = [f"{g['strategy']} {g['seed']}" for g in games if not g["replayed"]]
    print(
        f"\nReplayed from the deal by the rules engine: {len(games) - len(failed)} of "
        f"{len(games)} games legal with the same score"
        + (f"; NOT: {', '.join(failed)}" if failed else ".")
    )
    if timings:
        print()
        print(hint_table(timings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
