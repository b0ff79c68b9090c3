"""Hindsight arms judged on common deals at the cost of one pass: every search the arms need,
once per (seed, arrangement, configuration), and each arm's game computed from them.

    nice -n 10 python -m research.hindsight_portfolio NAME [--seeds 200] [--report] [--markdown]

A hindsight search is deterministic (the bag is known, no sampling), so the arms that differ
only in which searches they run and which game they keep need no game of their own: today's
player is the best of the 24 arrangements searched at (PLAYOUT_WEIGHTS, 120, 6); a portfolio
(``players.PORTFOLIOS``) the best of its rounds' searches, chosen as its sequential halving
chooses; a polish the better of today's game and its last K turns searched again. Per seed
(``holdout-NAME-0001`` ...) the pass runs, for each arrangement in the player's order:
P120, P30, D30 (P: PLAYOUT_WEIGHTS, D: DEFAULT_WEIGHTS; 30: piloted 30 kept 3, 120: piloted
120 kept 6), D120 for the best 12 arrangements by D30 (all a portfolio of ``PORTFOLIOS`` can
reach), and the polishes of today's game; each with its CPU seconds, so an arm's CPU is the
sum of its searches (and the arrangement order, which all share). Rows in
``var/hindsight_portfolio/NAME.jsonl``; a rerun plays only the seeds it lacks.

``--report``: per arm the paired difference to today's player with its 95% t interval
(``protocol_stats.paired_interval``), the mean score and CPU s a game. The tests check the
computed arms against the players themselves (``tests/research/test_hindsight_portfolio.py``).
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

from research.protocol_stats import paired_interval
from solver.game import TURNS, Quilt, deal
from solver.search.beam import Beam, Node, SearchOptions, pilot
from solver.search.evaluation import DEFAULT_WEIGHTS, PLAYOUT_WEIGHTS
from solver.search.fastcore import evaluator_for
from solver.search.goal_choice import QUICK, choose_arrangement
from solver.search.players import POLISH, PORTFOLIOS

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "var" / "hindsight_portfolio"
# the searches the pass runs, by name: (weights, piloted, kept)
SEARCHES = {
    "P120": (PLAYOUT_WEIGHTS, 120, 6),
    "P30": (PLAYOUT_WEIGHTS, 30, 3),
    "D30": (DEFAULT_WEIGHTS, 30, 3),
    "D120": (DEFAULT_WEIGHTS, 120, 6),
}
D120_OF = 12  # D120 runs for the best 12 arrangements by D30: a portfolio's D survivors
LEAN_D120_OF = 4  # a lean row: D120 for portfolio 4's last round
POLISHES = (8, 14, 18)


def search(layout, dealt, weights, piloted, kept) -> Node:
    options = SearchOptions(width=piloted, breadth=max(kept, piloted // 3))
    beam = Beam(evaluator_for(layout, weights), options)
    root = beam.root(Quilt(layout), dealt.hand, dealt.market, 1)
    return pilot(beam, beam.with_options(QUICK), root, list(dealt.bag), kept)


def polished(layout, node: Node, bag, turns: int) -> Node:
    """As ``HindsightPlayer._polished``: the last ``turns`` turns searched again."""
    start = node
    while start.parent is not None and start.turn > TURNS + 1 - turns:
        start = start.parent
    for weights, piloted, kept in POLISH:
        options = SearchOptions(width=piloted, breadth=max(kept, piloted // 3))
        beam = Beam(evaluator_for(layout, weights), options)
        found = pilot(beam, beam.with_options(QUICK), start, list(bag), kept)
        if found.value > node.value:
            node = found
    return node


def _playout_evaluator(layout):
    return evaluator_for(layout, PLAYOUT_WEIGHTS)


def _timed(work, *args):
    started = time.process_time()
    result = work(*args)
    return result, round(time.process_time() - started, 3)


def seed_row(seed: str, lean: bool = False) -> dict:
    """Every search of one deal (the pass described above), each as [value, CPU s]; ``lean``
    leaves out DEFAULT_WEIGHTS' (D30, D120: the arms that need them skip the row)."""
    dealt = deal(seed)
    order, order_cpu = _timed(choose_arrangement, dealt.setup, [dealt], _playout_evaluator, 24)
    row = {"seed": seed, "order_cpu": order_cpu, "P120": [], "P30": []}
    if not lean:
        row |= {"D30": [], "D120": {}}
    best = None
    for goals in order:
        layout = dealt.setup.layout(goals)
        for name in ("P120", "P30") if lean else ("P120", "P30", "D30"):
            node, cpu = _timed(search, layout, dealt, *SEARCHES[name])
            row[name].append((node.value, cpu))
            if name == "P120" and (best is None or node.value > best[0].value):
                best = (node, layout)
    if lean:  # portfolio 4's last round: of the best 12 by P30, the best 4 by P120
        cheap = sorted(range(len(order)), key=lambda i: (row["P30"][i][0], -i), reverse=True)
        wide = sorted(
            enumerate(cheap[:12]), key=lambda e: (row["P120"][e[1]][0], -e[0]), reverse=True
        )
        ranked = [i for _, i in wide]
        row["D120"] = {}
    else:
        ranked = sorted(range(len(order)), key=lambda i: (row["D30"][i][0], -i), reverse=True)
    for i in ranked[: LEAN_D120_OF if lean else D120_OF]:
        node, cpu = _timed(search, dealt.setup.layout(order[i]), dealt, *SEARCHES["D120"])
        row["D120"][str(i)] = (node.value, cpu)
    for turns in POLISHES:
        node, cpu = _timed(polished, best[1], best[0], dealt.bag, turns)
        row[f"polish{turns}"] = (node.value, cpu)
    return row


def _value(row: dict, name: str, i: int):
    if name not in row:
        raise KeyError(f"{row['seed']}: a lean row has no {name}")
    if name == "D120":
        found = row["D120"].get(str(i))
        if found is None:
            raise KeyError(f"{row['seed']}: D120 of arrangement {i} was not searched")
        return found
    return row[name][i]


def today(row: dict) -> tuple[float, float]:
    """(score, CPU s) of today's hindsight player on the row's deal."""
    return max(v for v, _ in row["P120"]), row["order_cpu"] + sum(c for _, c in row["P120"])


def portfolio(row: dict, number: int) -> tuple[float, float]:
    """(score, CPU s) of ``PORTFOLIOS[number]``, halving as ``HindsightPlayer._halve``."""
    chosen = PORTFOLIOS[number]
    if "D30" in row and any(instead for *_, instead in chosen.rounds):
        # a full row's D120 are the best 12 by D30's: present for another reason than this
        # round's choice, so counting the rows that happen to hold them would select rows
        raise KeyError(f"{row['seed']}: a round with its own weights is paired on lean rows")
    names = {configuration: name for name, configuration in SEARCHES.items()}
    entries = [(i, w) for i in range(len(row["P120"])) for w in chosen.configurations]
    best, cpu = None, row["order_cpu"]
    for survivors, piloted, kept, instead in chosen.rounds:
        scored = []
        for rank, (i, weights) in enumerate(entries[:survivors] if survivors else entries):
            weights = instead or weights
            value, seconds = _value(row, names[weights, piloted, kept], i)
            cpu += seconds
            best = value if best is None else max(best, value)
            scored.append((value, -rank, (i, weights)))
        scored.sort(key=lambda item: item[:2], reverse=True)
        entries = [entry for _, _, entry in scored]
    return best, cpu


def both_sets(row: dict) -> tuple[float, float]:
    """Today's searches and DEFAULT_WEIGHTS' on the best 12 by D30 (D30 and D120 paid for):
    what a second weight set adds at most, before any halving."""
    if "D30" not in row:
        raise KeyError(f"{row['seed']}: a lean row has no D30")
    score, cpu = today(row)
    found = [v for v, _ in row["D120"].values()]
    cpu += sum(c for _, c in row["D30"]) + sum(c for _, c in row["D120"].values())
    return max([score, *found]), cpu


def polish(row: dict, turns: int) -> tuple[float, float]:
    score, cpu = today(row)
    value, seconds = row[f"polish{turns}"]
    return max(score, value), cpu + seconds


def arms() -> dict:
    found = {"today": today}
    for number in PORTFOLIOS:
        found[f"portfolio {number}"] = lambda row, n=number: portfolio(row, n)
    found["today + DEFAULT_WEIGHTS on 12"] = both_sets
    for turns in POLISHES:
        found[f"today + polish {turns}"] = lambda row, k=turns: polish(row, k)
    return found


def report(rows: list[dict]) -> list[dict]:
    """Per arm: pairs, mean score, paired difference to today's with its 95% interval, CPU;
    an arm is paired on the rows that hold its searches (a lean row lacks D30 and D120)."""
    out = []
    for name, arm in arms().items():
        played, base = [], []
        for row in rows:
            try:
                played.append(arm(row))
            except KeyError:
                continue
            base.append(today(row))
        if len(played) < 2:
            continue
        differences = [a - b for (a, _), (b, _) in zip(played, base, strict=True)]
        interval = paired_interval(differences)
        out.append(
            {
                "arm": name,
                "pairs": len(played),
                "score": sum(s for s, _ in played) / len(played),
                "today": sum(s for s, _ in base) / len(base),
                "difference": interval.to_json(),
                "cpu": sum(c for _, c in played) / len(played),
                "today_cpu": sum(c for _, c in base) / len(base),
            }
        )
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m research.hindsight_portfolio", description=__doc__.split("\n")[0]
    )
    parser.add_argument("name", help="seeds holdout-NAME-0001 ...")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--report", action="store_true", help="play nothing: the arms so far")
    parser.add_argument(
        "--lean",
        action="store_true",
        help="new seeds without DEFAULT_WEIGHTS' searches (D30, D120)",
    )
    parser.add_argument("--markdown", action="store_true", help="the report as a table")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not args.name.replace("-", "").replace("_", "").isalnum() or args.seeds < 1:
        parser.error("the name may hold letters, digits, - and _ only; --seeds at least 1")
    LEDGER.mkdir(parents=True, exist_ok=True)
    path = LEDGER / f"{args.name}.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    done = {row["seed"] for row in rows}
    if not args.report:
        for k in range(1, args.seeds + 1):
            seed = f"holdout-{args.name}-{k:04d}"
            if seed not in done:
                row = seed_row(seed, args.lean)
                rows.append(row)
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    if len(rows) < 2:
        print(
            f"research/hindsight_portfolio.py: {args.name!r} has {len(rows)} seeds", file=sys.stderr
        )
        return 2
    load = os.getloadavg()[0]
    table = report(rows)
    if args.markdown:
        print(f"{len(rows)} seeds holdout-{args.name}-…, load {load:.1f}\n")
        print("| arm | pairs | score arm / today | Δ vs today [95% t] | CPU s/game arm / today |")
        print("|---|---:|---:|---|---:|")
        for line in table:
            d = line["difference"]
            interval = f"{d['mean']:+.2f} [{d['low']:+.2f}, {d['high']:+.2f}]"
            print(
                f"| {line['arm']} | {line['pairs']} | {line['score']:.2f} / {line['today']:.2f} "
                f"| {interval} | {line['cpu']:.2f} / {line['today_cpu']:.2f} |"
            )
    else:
        print(json.dumps({"name": args.name, "load": round(load, 1), "arms": table}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
