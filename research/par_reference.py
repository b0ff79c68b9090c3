"""The difficulty reference: par's games on many standard deals, and the table the site ships.

    nice -n 10 .venv/bin/python -m research.par_reference play [--deals 1000] [--games 2]
        [--every 4] [--part 0/1] [--name ref]
    .venv/bin/python -m research.par_reference table [--name ref] [--out PATH]

``play`` plays par (the fair player with ``PAR_OPTIONS``, game ``k`` of a deal with the
sampling salt ``"{seed}/par/{k}"``, as the site plays par) on the standard deals
``par-reference-0001`` ... ``par-reference-NNNN``, in order: game 0 on each deal, and
``--games`` games on every ``--every``-th deal (what measures the spread of one deal's
games). Each game is one line of ``research/ledgers/par-reference/NAME-PART.jsonl``
(committed, so that later runs extend the same games) as soon as it ends:
its final score, the value of each turn's chosen move (the valuation's raw play-out value,
which research/expected_score_fit.py fits the scale of expected points on) and, for game 0
of a deal, the hint's raw value at turn 1 (the hint player with par's options on that game's
turn-1 position). A rerun plays only what is missing, so the command can be stopped and
resumed at will; ``--part I/N`` plays only the deals whose number is I modulo N, so N
processes share the deals.

``table`` reads every ledger of NAME and writes the shipped reference
(``puzzles/data/par_reference.json``, read by ``puzzles/selectors/difficulty.py``): every
deal's par mean corrected for its games' own noise.
A deal's mean of k_i games is its true par mean plus noise of variance sigma^2/k_i (sigma:
the pooled SD of one deal's games, from the deals with several); the means therefore spread
wider than true par means do (tau^2 + sigma^2/k_i instead of tau^2; tau^2 is the means'
variance less the mean of sigma^2/k_i). Each mean is pulled towards the grand mean m by the
square root of its reliability R_i = tau^2 / (tau^2 + sigma^2/k_i):

    corrected_i = m + sqrt(R_i) * (mean_i - m)

so that the corrected means spread exactly as true par means do (variance tau^2: the
"constrained Bayes" estimator of Louis, 1984, whose spread matches the true values' where
the plain shrinkage m + R (mean_i - m) would spread too little). A day's par (a mean of many
games, its own SE about 1.5) is then placed among them as a percentile.

Bad input: exit 2 with one line.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

from solver.game import SoloGame, deal
from solver.search import make_player
from solver.search.fastcore import warm
from solver.search.hints import hint_player
from solver.search.roles import role_options

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "research" / "ledgers" / "par-reference"  # committed: the reference grows
TABLE = ROOT / "puzzles" / "data" / "par_reference.json"
PAR_OPTIONS = role_options("par")  # what the site plays for par (solver/search/roles.py)
PREFIX = "par-reference"


def deal_seed(number: int) -> str:
    return f"{PREFIX}-{number:04d}"


def play(seed: str, k: int, options: dict) -> dict:
    """Par's game ``k`` of ``seed``'s deal: each turn's raw value of the chosen move, the final
    score and, for game 0, the hint's raw value at turn 1."""
    started = time.process_time()
    dealt = deal(seed)
    player = make_player("fair", seed=f"{seed}/par/{k}", **options)
    game = SoloGame.start(dealt, player.choose_goals(dealt.setup))
    row = {"seed": seed, "k": k}
    if k == 0:
        hinting = hint_player(options).valuation(game.observation())
        row["hint1"] = round(hinting.values[hinting.best()], 3)
    values = []
    while not game.finished:
        valuation = player.valuation(game.observation())
        best = valuation.best()
        values.append(round(valuation.values[best], 3))
        game.play(valuation.moves[best])
    row |= {
        "final": game.quilt.score()["total"],
        "values": values,
        "cpu": round(time.process_time() - started, 2),
    }
    return row


def ledger_rows(name: str) -> list[dict]:
    """Every game of NAME's ledgers, checking that they were played with one set of options."""
    rows = []
    for path in sorted(LEDGER.glob(f"{name}-*.jsonl")):
        lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        if lines and lines[0].get("options") != PAR_OPTIONS:
            raise ValueError(f"{path.name} was played with options {lines[0].get('options')}")
        rows += lines[1:]
    return rows


def do_play(name: str, deals: int, games: int, every: int, part: int, parts: int) -> None:
    LEDGER.mkdir(parents=True, exist_ok=True)
    path = LEDGER / f"{name}-{part}.jsonl"
    done = {(row["seed"], row["k"]) for row in ledger_rows(name)}
    if not path.exists():
        path.write_text(json.dumps({"options": PAR_OPTIONS}) + "\n")
    warm()
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    for number in range(part or parts, deals + 1, parts):
        seed = deal_seed(number)
        for k in range(games if number % every == 0 else 1):
            if (seed, k) in done:
                continue
            row = play(seed, k, PAR_OPTIONS)
            with path.open("a") as out:
                out.write(json.dumps(row) + "\n")
            print(f"  {seed} game {k}: {row['final']} ({row['cpu']} CPU s)", flush=True)


def reference(rows: list[dict]) -> dict:
    """The table: every deal's par mean corrected for its games' noise (the module's
    docstring)."""
    by_deal: dict[str, list[int]] = {}
    for row in rows:
        by_deal.setdefault(row["seed"], []).append(row["final"])
    several = [finals for finals in by_deal.values() if len(finals) > 1]
    if len(by_deal) < 3 or len(several) < 2:
        raise ValueError("need at least 3 deals, 2 of them with several games")
    # pooled within-deal variance: each deal's sum of squares over its degrees of freedom
    within = sum(statistics.variance(f) * (len(f) - 1) for f in several) / sum(
        len(f) - 1 for f in several
    )
    deals = [(statistics.fmean(finals), len(finals)) for finals in by_deal.values()]
    grand = statistics.fmean(mean for mean, _ in deals)
    spread = statistics.variance([mean for mean, _ in deals])
    between = max(spread - statistics.fmean(within / k for _, k in deals), 0.0)

    def corrected(mean: float, k: int) -> float:
        reliability = between / (between + within / k)
        return grand + math.sqrt(reliability) * (mean - grand)

    games = statistics.fmean(k for _, k in deals)
    cpu = [row["cpu"] for row in rows]
    return {
        "what": "par means of standard deals, corrected for the games' noise "
        "(research/par_reference.py; docs/solver.md, 'The difficulty reference')",
        "command": "python -m research.par_reference play; python -m research.par_reference table",
        "options": PAR_OPTIONS,
        "deals": len(deals),
        "games": len(rows),
        "games_per_deal": round(games, 2),
        "grand_mean": round(grand, 2),
        "within_sd": round(math.sqrt(within), 2),
        "between_sd": round(math.sqrt(between), 2),
        "reliability_one_game": round(between / (between + within), 3),
        "cpu_seconds_per_game": round(statistics.fmean(cpu), 2),
        "means": sorted(round(corrected(mean, k), 2) for mean, k in deals),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m research.par_reference", description=__doc__.splitlines()[0]
    )
    parser.add_argument("action", choices=("play", "table"))
    parser.add_argument("--name", default="ref", help="the ledgers' name")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", type=int, default=2, help="par games on every --every-th deal")
    parser.add_argument("--every", type=int, default=4, help="which deals get --games games")
    parser.add_argument("--part", default="0/1", help="I/N: the deals whose number is I mod N")
    parser.add_argument("--out", default=str(TABLE), help="where table writes")
    args = parser.parse_args(argv)
    try:
        part, parts = (int(x) for x in args.part.split("/"))
    except ValueError:
        parser.error("--part: I/N, two whole numbers")
    if not 0 <= part < parts or min(args.deals, args.games, args.every) < 1:
        parser.error("--part I/N with 0 <= I < N; --deals, --games and --every at least 1")
    try:
        if args.action == "play":
            do_play(args.name, args.deals, args.games, args.every, part, parts)
        else:
            table = reference(ledger_rows(args.name))
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            Path(args.out).write_text(json.dumps(table, indent=1) + "\n")
            print(json.dumps({k: v for k, v in table.items() if k != "means"}))
    except ValueError as problem:
        print(f"python -m research.par_reference: error: {problem}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
