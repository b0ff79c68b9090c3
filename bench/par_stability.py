"""How stable par is: ``python bench/par_stability.py [--deals 50] [--games 40] [--jobs 2]``.

On standard deals not used to choose ``CALICO_PAR_GAMES`` (seeds ``stability-1``, ...; the
choice used ``par-sd-*``, docs/solver.md), par is computed twice with disjoint sampling salts:
A with games ``0 .. N-1`` (the site's par), B with games ``N .. 2N-1`` (``SEED/par/k``, the
shipped par options: ``solver.search.par``). Printed:

- the share of deals whose two pars (means) differ by at most 4 points (the acceptance: 95%);
- the standard error's distribution (of A and B: median, 90th percentile, largest);
- the CPU seconds a day costs for par (the site's 40 games, by the mean CPU seconds of a game);
- the par-ready time on 1, 2 and 4 workers: a day's 40 games (the measured games' CPU
  seconds, 40 at a time) each handed to the first free worker, as the solver queue does, on
  cores of their own (so: CPU seconds, which a shared machine does not stretch).

Each game is one line appended to ``bench/results/par_stability.jsonl`` (committed, so that
a later run extends it: ``{seed, k, score, cpu}``, CPU seconds of its process) as soon as it
is played, so a run stopped at any point resumes
where it was: ``--deals`` deals are filled in order, at most ``--max-games`` games a run
(chunks on a shared machine, at ``nice -n 10``); ``--report`` only prints. The report counts
only deals whose 2N games are all in.
"""

import argparse
import heapq
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.game import deal  # noqa: E402
from solver.search.par import GAMES, play_par_game, summary  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "par_stability.jsonl"


def seeds(deals: int) -> list[str]:
    return [f"stability-{i}" for i in range(1, deals + 1)]


def play(seed: str, k: int) -> dict:
    started = time.process_time()
    score = play_par_game(deal(seed), k).score["total"]
    return {"seed": seed, "k": k, "score": score, "cpu": round(time.process_time() - started, 3)}


def played(path: Path) -> dict[tuple[str, int], dict]:
    rows = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                rows[row["seed"], row["k"]] = row
    return rows


def ready_seconds(cpu: list[float], workers: int) -> float:
    """When the last of a day's games ends, each game given to the first free worker."""
    free = [0.0] * workers
    for seconds in cpu:
        heapq.heappush(free, heapq.heappop(free) + seconds)
    return max(free)


def report(rows: dict, deals: int, games: int) -> dict:
    differences, errors, cpu = [], [], []
    for seed in seeds(deals):
        day = [rows.get((seed, k)) for k in range(2 * games)]
        if None in day:
            continue
        a = summary([row["score"] for row in day[:games]])
        b = summary([row["score"] for row in day[games:]])
        differences.append(abs(a["mean"] - b["mean"]))
        errors += [a["se"], b["se"]]
        cpu += [row["cpu"] for row in day]
    if not differences:
        return {"deals": 0}
    game_cpu = statistics.mean(cpu)
    quantile = lambda values, q: sorted(values)[min(len(values) - 1, int(q * len(values)))]  # noqa: E731
    return {
        "deals": len(differences),
        "games": games,
        "within_4": round(sum(d <= 4 for d in differences) / len(differences), 3),
        "difference": {
            "median": round(statistics.median(differences), 2),
            "largest": round(max(differences), 2),
        },
        "se": {
            "median": statistics.median(errors),
            "p90": quantile(errors, 0.9),
            "largest": max(errors),
        },
        "cpu_per_game": round(game_cpu, 2),
        # a day of the site's CALICO_PAR_GAMES (GAMES) games, whatever N was measured here:
        # its CPU, and its ready time from the measured games' CPU seconds taken GAMES at a time
        "cpu_per_day": round(game_cpu * GAMES, 1),
        "ready_seconds": {
            str(w): round(statistics.mean(ready_seconds(day, w) for day in site_days(cpu)), 1)
            for w in (1, 2, 4)
        },
    }


def site_days(cpu: list[float]) -> list[list[float]]:
    """The measured games' CPU seconds as days of ``GAMES`` games (repeated if fewer)."""
    days = len(cpu) // GAMES or 1
    cycle = cpu * (GAMES // len(cpu) + 1)
    return [cycle[d * GAMES : (d + 1) * GAMES] for d in range(days)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--games", type=int, default=GAMES, help="games of each par (N)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--max-games", type=int, default=None, help="games this run, at most")
    parser.add_argument("--report", action="store_true", help="print the report only")
    parser.add_argument("--results", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    if args.deals < 1 or args.games < 2 or args.jobs < 1:
        parser.error("--deals and --jobs must be at least 1, --games at least 2")
    rows = played(args.results)
    if not args.report:
        todo = [
            (seed, k)
            for seed in seeds(args.deals)
            for k in range(2 * args.games)
            if (seed, k) not in rows
        ]
        todo = todo[: args.max_games]
        args.results.parent.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(args.jobs) as pool, args.results.open("a") as out:
            futures = [pool.submit(play, seed, k) for seed, k in todo]
            for future in as_completed(futures):
                row = future.result()
                out.write(json.dumps(row) + "\n")
                out.flush()
                rows[row["seed"], row["k"]] = row
    print(json.dumps(report(rows, args.deals, args.games)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
