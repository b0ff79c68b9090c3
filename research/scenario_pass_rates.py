"""The solvers' pass rate per solo scenario: ``python -m research.scenario_pass_rates [--deals 4]
[--processes 2] [--options JSON] [--players pass,points] [--prefix pass-rate] [--markdown]
[--out FILE]``.

Plays the same deals with each player (``solver.search.scenarios.RATE_PLAYERS``: ``pass``
plays for the pass, the service's; ``points`` is the fair solver as the daily plays), at par
strength unless told otherwise, and prints per scenario: passes with a Wilson 95% interval,
mean and range of the score, CPU seconds per game; then why each player fails (per scenario:
the fails on the score alone, on conditions alone, on both, and how often each condition was
missed); then the pooled rate of each player and, with two players, the deals one passes and
the other fails (the same deals: a paired comparison).
The service's deals are ``pass-rate-N-k``; ``--prefix`` deals others (held-out deals for a
measurement, never those used for tuning). Every verdict is the rules engine's.
``--out FILE`` appends every game to FILE (JSON lines) as it ends, and a run with the same
``--out`` (and the same prefix and options) plays only the games not there: a long
measurement can be stopped and resumed, or cut short by ``--minutes`` and carried on.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path

from solver.game import SCENARIOS
from solver.search.scenarios import RATE_PLAYERS, ScenarioRun, play_scenario_deals


def wilson(passes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = passes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(passes: int, n: int) -> str:
    low, high = wilson(passes, n)
    return f"{passes}/{n} {100 * passes / n:.0f}% [{100 * low:.0f}-{100 * high:.0f}]"


def run(job):
    number, player, k, prefix, options = job
    return job, play_scenario_deals(number, 1, player=player, prefix=prefix, first=k, **options)[0]


def ledger(path: Path | None, prefix: str, options: dict) -> dict:
    """The games of an earlier run with the same prefix and options: {(number, player, k): run}."""
    if path is None or not path.exists():
        return {}
    found = {}
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if row["prefix"] == prefix and row["options"] == options:
            run_ = ScenarioRun(**{**row["run"], "missed": tuple(row["run"]["missed"])})
            found[row["number"], row["player"], row["k"]] = run_
    return found


def why(results: dict, numbers: list[int], players: list[str], deals: int, markdown: bool):
    """Why each player fails each scenario: the fails on the score alone, on conditions alone
    (the score reached), on both; and each condition with the deals that missed it."""
    sep = " | " if markdown else "  "
    head = ["scenario", "player", "fails", "score only", "conditions only", "both", "missed"]
    print(("| " if markdown else "") + sep.join(head) + (" |" if markdown else ""))
    if markdown:
        print("|" + "---|" * len(head))
    for number in numbers:
        for player in players:
            missed = [results[number, player, k].missed for k in range(deals)]
            fails = [m for m in missed if m]
            score_only = sum(m == ("score",) for m in fails)
            both = sum("score" in m and len(m) > 1 for m in fails)
            counts = {}
            for m in fails:
                for kind in m:
                    counts[kind] = counts.get(kind, 0) + 1
            row = [
                str(number),
                player,
                str(len(fails)),
                str(score_only),
                str(len(fails) - score_only - both),
                str(both),
                ", ".join(f"{kind} {n}" for kind, n in counts.items()) or "-",
            ]
            print(("| " if markdown else "") + sep.join(row) + (" |" if markdown else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--options", default="{}", help='solver options as JSON, e.g. {"samples": 32}'
    )
    parser.add_argument("--players", default="pass,points", help="of: " + ",".join(RATE_PLAYERS))
    parser.add_argument("--prefix", default="pass-rate", help="seeds PREFIX-N-k")
    parser.add_argument("--scenarios", default="", help="e.g. 1,4,9 (default: all ten)")
    parser.add_argument("--markdown", action="store_true", help="print the tables as Markdown")
    parser.add_argument(
        "--minutes",
        type=float,
        default=0,
        help="start no deal after this many minutes (0: no limit); the tables "
        "cover the deals played, the same count a scenario",
    )
    parser.add_argument("--out", type=Path, help="append every game here; skip those already in it")
    args = parser.parse_args()
    try:
        options = json.loads(args.options)
        players = args.players.split(",")
        numbers = [int(n) for n in args.scenarios.split(",")] if args.scenarios else [*SCENARIOS]
        if any(p not in RATE_PLAYERS for p in players) or any(n not in SCENARIOS for n in numbers):
            raise ValueError("unknown player or scenario")
    except ValueError as error:
        parser.exit(2, f"scenario_pass_rates: {error}\n")
    started = time.perf_counter()
    print(
        f"{', '.join(players)} {options or '(par strength)'}, {args.deals} deals per scenario "
        f"({args.prefix}-N-k)",
        flush=True,
    )
    try:
        results = ledger(args.out, args.prefix, options)
    except (OSError, ValueError, KeyError, TypeError) as error:
        parser.exit(2, f"scenario_pass_rates: --out {args.out}: not a ledger: {error}\n")
    out = args.out.open("a", encoding="utf-8") if args.out else None
    played = 0
    with ProcessPoolExecutor(args.processes) as pool:
        # one game a job, deal by deal: a run cut short (``--minutes``) has every scenario
        # at the same N
        for k in range(args.deals):
            if args.minutes and time.perf_counter() - started > 60 * args.minutes:
                break
            jobs = [
                (n, player, k, args.prefix, options)
                for n in numbers
                for player in players
                if (n, player, k) not in results
            ]
            for (number, player, k, _, _), result in pool.map(run, jobs):
                results[number, player, k] = result
                if out:
                    row = {
                        "prefix": args.prefix,
                        "options": options,
                        "number": number,
                        "player": player,
                        "k": k,
                        "run": asdict(result),
                    }
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                print(
                    f"# {number} {player} {k}: {result.score} "
                    f"{'pass' if result.passed else 'fail'} {result.seconds:.1f} s "
                    f"{result.cpu:.1f} CPU s {','.join(result.missed)}",
                    file=sys.stderr,
                    flush=True,
                )
            played = k + 1
    if played < args.deals:
        print(f"cut short at {args.minutes:g} minutes: {played} deals per scenario", flush=True)
    args.deals = played
    if not played:
        return
    sep = " | " if args.markdown else "  "
    head = ["scenario", "score to reach"]
    for player in players:
        head += [
            f"{player}: passes [95%]",
            f"{player}: score mean (min-max)",
            f"{player}: CPU s/game",
        ]
    if len(players) == 2:
        head += [f"{players[0]} only", f"{players[1]} only"]
    print()
    print(("| " if args.markdown else "") + sep.join(head) + (" |" if args.markdown else ""))
    if args.markdown:
        print("|" + "---|" * len(head))
    totals = {p: [0, 0] for p in players}
    only = [0, 0]
    for number in numbers:
        row = [str(number), str(SCENARIOS[number].min_score)]
        for player in players:
            runs = [results[number, player, k] for k in range(args.deals)]
            passes = sum(r.passed for r in runs)
            totals[player][0] += passes
            totals[player][1] += len(runs)
            scores = [r.score for r in runs]
            row += [
                rate(passes, len(runs)),
                f"{statistics.mean(scores):.1f} ({min(scores)}-{max(scores)})",
                f"{statistics.mean(r.cpu for r in runs):.1f}",
            ]
        if len(players) == 2:
            a = [results[number, players[0], k].passed for k in range(args.deals)]
            b = [results[number, players[1], k].passed for k in range(args.deals)]
            pairs = list(zip(a, b, strict=True))
            mine = (sum(x and not y for x, y in pairs), sum(y and not x for x, y in pairs))
            only = [only[0] + mine[0], only[1] + mine[1]]
            row += [str(mine[0]), str(mine[1])]
        print(("| " if args.markdown else "") + sep.join(row) + (" |" if args.markdown else ""))
    print()
    why(results, numbers, players, args.deals, args.markdown)
    print()
    for player in players:
        print(f"{player}: all ten {rate(*totals[player])}")
    if len(players) == 2:
        print(
            f"common deals: {players[0]} passes and {players[1]} fails {only[0]}, "
            f"the other way round {only[1]}"
        )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"\n{time.perf_counter() - started:.0f} s in all; load average at the end: {load}")


if __name__ == "__main__":
    main()
