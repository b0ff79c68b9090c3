"""Judge a solver idea: two arms (option JSON) on common deals, a sequential test, a final
judgement on held-out seeds.

    nice -n 10 python -m research.protocol NAME --base '{"samples": 32}' \\
        --test '{"samples": 32, "candidates": 24}' [--mode gain|non-inferiority] \\
        [--delta 1.5] [--max-pairs 600] [--holdout 200] [--jobs 2] [--own-goals]

- **Fresh seeds per experiment**: the SPRT plays ``proto-NAME-0001`` ..., the held-out judgement
  ``holdout-NAME-0001`` ...; a name is an experiment, and its pairs are kept in
  ``var/protocol/NAME.jsonl``. Run again with the same arms, it resumes from there; with other
  arms, it refuses (pick a fresh name: seeds seen once are spent).
- **Common deals and sampling seeds**: both arms play the same deal with the same player seed
  (so the same sampled futures); only the options differ. By default the goal arrangement
  is frozen (chosen once by the base arm, played by both): for a move idea the goals are
  noise. ``--own-goals`` lets each arm choose its own, for an idea about the goals. A player
  that sees the bag (hindsight) always chooses its own: its goals are its search (each
  arrangement searched in full), and frozen goals would leave the other arm one search.
- **Sequential test** (``research/protocol_stats.py``): ``gain`` weighs H0 δ=0 against H1
  δ=``--delta`` (a gain); ``non-inferiority`` H0 δ=-``--delta`` against H1 δ=0, for a pure speed
  change. σ from the first 60 pairs, a look every 20, stop at LLR ±2.94 (α = β = 0.05), or
  "inconclusive" at ``--max-pairs``.
- **Held-out judgement**: ``--holdout`` pairs on the held-out seeds (0: none), the mean
  difference with its 95% interval, and each arm's CPU seconds a game. ``--holdout-only``
  plays no SPRT, only those pairs (for arms too slow for an SPRT, as hindsight's ~15 CPU s a
  game on a shared machine: say so beside the figure).

- **Luck-corrected** (AIVAT's control variate, Burch et al. 2018): after each turn's two
  draws, the play-out value of the position with the patches drawn minus its value over
  random draws (``solver.search.valuation.draw_luck``, ``--luck-samples`` futures, the same
  for both arms); a game's corrected score is its score less its luck weighted by stage
  (``LUCK_WEIGHTS``, fixed before any judgement's data). Its expectation over the draws is
  zero, so the corrected difference is unbiased; what it removes is how well the draws happened
  to fit each arm's quilt. The SPRT and the held-out interval run on the corrected
  differences (``--raw``: on the raw ones); the row reports both and their SDs.
  ``--luck-samples 0`` plays without it.

Prints a Markdown row and a JSON line (``--json FILE`` appends the JSON there too). Bad input:
exit 2 with one line. Run it with ``nice -n 10``: games are played ``--jobs`` at a time.
"""

import argparse
import json
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from pathlib import Path

import numpy as np

from research.protocol_stats import Hypotheses, paired_interval, sprt
from solver.game import TURNS, SoloGame, deal
from solver.search import STRATEGIES, make_player
from solver.search.players import search_options
from solver.search.valuation import draw_luck

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "var" / "protocol"
# A turn's luck weight by stage (turns 1-7, 8-15, 16-21), fitted on the calibration
# experiment luck-check-1 (120 pairs, research/luck_weights.py: -0.04, 0.37, 0.79) and
# written down on 2026-12-05, rounded, before any judgement's data: the quick play-out's value
# after an early draw says little of the final score, a late one nearly all (weights of 1
# made the variance 1.6x larger). A refit belongs on data of its own, never on a judgement's.
LUCK_STAGES = ((1, 7), (8, 15), (16, 21))
LUCK_WEIGHTS = (0.0, 0.4, 0.8)


def parse(argv) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m research.protocol", description=__doc__.split("\n")[0]
    )
    parser.add_argument("name", help="the experiment's name: its seeds are proto-NAME-NNNN")
    parser.add_argument("--base", default="{}", metavar="JSON", help="the base arm's options")
    parser.add_argument("--test", default="{}", metavar="JSON", help="the test arm's options")
    parser.add_argument("--strategy", default="fair", choices=sorted(STRATEGIES))
    parser.add_argument("--mode", default="gain", choices=("gain", "non-inferiority"))
    parser.add_argument("--delta", type=float, default=1.5, help="H1's gain, or the margin")
    parser.add_argument("--max-pairs", type=int, default=600)
    parser.add_argument("--holdout", type=int, default=200, help="held-out pairs (0: none)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--own-goals",
        action="store_true",
        help="each arm chooses its goals (default: the base arm's, for both)",
    )
    parser.add_argument(
        "--holdout-only",
        action="store_true",
        help="no sequential test: only the --holdout pairs on the held-out seeds",
    )
    parser.add_argument(
        "--luck-samples",
        type=int,
        default=16,
        help="futures per turn for the luck correction (0: none)",
    )
    parser.add_argument(
        "--raw", action="store_true", help="test the raw differences, not the corrected ones"
    )
    parser.add_argument("--json", metavar="FILE", help="append the result's JSON line here")
    parser.add_argument(
        "--status",
        action="store_true",
        help="play nothing: the row of the pairs the experiment has so far",
    )
    args = parser.parse_args(argv)
    if not args.name.replace("-", "").replace("_", "").isalnum():
        parser.error("the name may hold letters, digits, - and _ only")
    if args.holdout_only and args.holdout < 2:
        parser.error("--holdout-only needs --holdout of at least 2")
    if args.max_pairs < 60 or args.jobs < 1 or args.holdout < 0 or args.delta <= 0:
        parser.error(
            "--max-pairs at least 60, --jobs at least 1, --holdout at least 0, --delta above 0"
        )
    if args.luck_samples < 0:
        parser.error("--luck-samples at least 0")
    for arm in ("base", "test"):
        try:
            options = json.loads(getattr(args, arm))
            if not isinstance(options, dict):
                raise ValueError("give a JSON object")
            search_options(options)
        except ValueError as problem:
            parser.error(f"--{arm}: {problem}")
        setattr(args, arm, options)
    return args


def luck_weight(turn: int) -> float:
    return next(
        w
        for (first, last), w in zip(LUCK_STAGES, LUCK_WEIGHTS, strict=True)
        if first <= turn <= last
    )


def play_pair(
    seed: str, strategy: str, base: dict, test: dict, own_goals: bool, luck_samples: int = 0
) -> dict:
    """Both arms on ``seed``'s deal with the same player seed (the same sampled futures), and
    with ``luck_samples`` each turn's luck (the same futures for both arms)."""
    dealt = deal(seed)
    row = {"seed": seed}
    goals = None
    for arm, options in (("base", base), ("test", test)):
        cpu = time.process_time()
        player = make_player(strategy, seed=seed, **options)
        if goals is None or own_goals or player.sees_bag:  # its goals are its search
            goals = player.choose_goals(dealt.setup, dealt if player.sees_bag else None)
        game = SoloGame.start(dealt, goals)  # the rules engine checks every move
        seen_moves = []
        while not game.finished:
            seen = game.observation()
            move = player.choose_move(seen, game if player.sees_bag else None)
            game.play(move)
            if seen.turn < TURNS:  # the turn's draws: market slot 1, then slot 0
                seen_moves.append((seen, move, (game.market[1], game.market[0])))
        row[f"{arm}_cpu"] = round(time.process_time() - cpu, 3)
        row[arm] = game.quilt.score()["total"]
        row[f"{arm}_goals"] = goals
        if luck_samples:
            row[f"{arm}_lucks"] = [
                round(draw_luck(seen, move, drawn, samples=luck_samples, seed=f"luck/{seed}"), 3)
                for seen, move, drawn in seen_moves
            ]
            row[f"{arm}_corrected"] = round(row[arm] - corrected_luck(row[f"{arm}_lucks"]), 3)
    row["difference"] = row["test"] - row["base"]
    if luck_samples:
        row["corrected_difference"] = round(row["test_corrected"] - row["base_corrected"], 3)
    return row


def corrected_luck(lucks: list[float]) -> float:
    """A game's luck, each turn's weighted by its stage (``LUCK_WEIGHTS``)."""
    return sum(luck_weight(turn) * luck for turn, luck in enumerate(lucks, start=1))


class Ledger:
    """The experiment's pairs on disk, one JSON line each: a run resumes where one stopped."""

    def __init__(self, args: argparse.Namespace):
        LEDGER.mkdir(parents=True, exist_ok=True)
        self.path = LEDGER / f"{args.name}.jsonl"
        self.arms = {
            "strategy": args.strategy,
            "base": args.base,
            "test": args.test,
            "own_goals": args.own_goals,
            "luck_samples": args.luck_samples,
        }
        self.pairs: dict[str, dict] = {}
        if self.path.exists():
            lines = [json.loads(line) for line in self.path.read_text().splitlines() if line]
            if lines and lines[0].get("arms") != self.arms:
                raise ValueError(
                    f"experiment {args.name!r} was run with other arms "
                    f"({json.dumps(lines[0].get('arms'))}); pick a fresh name"
                )
            self.pairs = {line["seed"]: line for line in lines[1:]}
        else:
            self.path.write_text(json.dumps({"arms": self.arms}) + "\n")

    def add(self, row: dict) -> None:
        self.pairs[row["seed"]] = row
        with self.path.open("a") as out:
            out.write(json.dumps(row) + "\n")


def run_pairs(pool, ledger: Ledger, seeds: list[str], args, stop=None) -> list[dict]:
    """The pairs of ``seeds`` in order (from the ledger or played, ``--jobs`` at a time); after
    each pair in order ``stop(rows)`` may end the run early (pairs in flight are dropped)."""
    rows, pending, nxt = [], {}, 0
    if pool is None:  # --status: the pairs in order as far as the ledger has them
        for seed in seeds:
            if seed not in ledger.pairs:
                break
            rows.append(ledger.pairs[seed])
            if stop is not None and stop(rows):
                break
        return rows
    todo = [s for s in seeds if s not in ledger.pairs]
    playing = {}
    while True:
        while len(playing) < args.jobs and todo:
            seed = todo.pop(0)
            job = pool.submit(
                play_pair,
                seed,
                args.strategy,
                args.base,
                args.test,
                args.own_goals,
                args.luck_samples,
            )
            playing[job] = seed
        while nxt < len(seeds) and (seeds[nxt] in ledger.pairs or seeds[nxt] in pending):
            seed = seeds[nxt]
            rows.append(ledger.pairs.get(seed) or pending.pop(seed))
            nxt += 1
            if stop is not None and stop(rows):
                for job in playing:
                    job.cancel()
                return rows
        if nxt == len(seeds):
            return rows
        done, _ = wait(playing, return_when=FIRST_COMPLETED)
        for job in done:
            row = job.result()
            ledger.add(row)
            pending[playing.pop(job)] = row


def luck_report(rows: list[dict]) -> dict:
    """The raw and the corrected paired differences side by side: means, SDs, and how many
    times smaller the corrected variance is."""
    raw = np.array([r["difference"] for r in rows], dtype=float)
    corrected = np.array([r["corrected_difference"] for r in rows], dtype=float)
    ddof = 1 if len(rows) > 1 else 0
    raw_sd, corrected_sd = float(raw.std(ddof=ddof)), float(corrected.std(ddof=ddof))
    return {
        "pairs": len(rows),
        "raw_mean": round(float(raw.mean()), 3),
        "raw_sd": round(raw_sd, 3),
        "corrected_mean": round(float(corrected.mean()), 3),
        "corrected_sd": round(corrected_sd, 3),
        "variance_ratio": round(raw_sd**2 / corrected_sd**2, 3) if corrected_sd else None,
    }


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    hypotheses = (
        Hypotheses.gain(args.delta)
        if args.mode == "gain"
        else Hypotheses.non_inferiority(args.delta)
    )
    try:
        ledger = Ledger(args)
    except ValueError as problem:
        print(f"research/protocol.py: {problem}", file=sys.stderr)
        return 2
    started = time.time()
    sprt_seeds = [f"proto-{args.name}-{k:04d}" for k in range(1, args.max_pairs + 1)]
    holdout_seeds = [f"holdout-{args.name}-{k:04d}" for k in range(1, args.holdout + 1)]

    judged = "difference" if args.raw or not args.luck_samples else "corrected_difference"

    def decided(rows):
        return sprt([r[judged] for r in rows], hypotheses).decision != "continue"

    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        play = None if args.status else pool
        rows = [] if args.holdout_only else run_pairs(play, ledger, sprt_seeds, args, stop=decided)
        verdict = sprt([r[judged] for r in rows], hypotheses)
        if verdict.decision == "continue" and not args.status and not args.holdout_only:
            holdout_seeds = []  # inconclusive: no judgement to make
        held = run_pairs(play, ledger, holdout_seeds, args) if holdout_seeds else []
    decision = {
        "H1": "better" if args.mode == "gain" else "not worse",
        "H0": "not better" if args.mode == "gain" else "worse",
        "continue": f"inconclusive at {len(rows)} pairs",
    }[verdict.decision]
    if args.holdout_only:
        decision = "not run (--holdout-only)"
    interval = paired_interval([r[judged] for r in held]) if len(held) >= 2 else None
    every = rows + held
    if not every:
        print(f"research/protocol.py: experiment {args.name!r} has no pairs yet", file=sys.stderr)
        return 2
    spread = luck_report(every) if args.luck_samples else None

    def cpu(arm):
        return sum(r[f"{arm}_cpu"] for r in every) / len(every)

    result = {
        "name": args.name,
        "strategy": args.strategy,
        "mode": args.mode,
        "base": args.base,
        "test": args.test,
        "own_goals": args.own_goals,
        "holdout_pairs": len(held),
        "hypotheses": [hypotheses.delta0, hypotheses.delta1],
        "sprt": {**verdict.to_json(), "verdict": decision},
        "holdout": interval.to_json() if interval else None,
        "judged": judged,
        "luck": spread,
        "base_mean": sum(r["base"] for r in every) / len(every),
        "test_mean": sum(r["test"] for r in every) / len(every),
        "base_cpu": round(cpu("base"), 2),
        "test_cpu": round(cpu("test"), 2),
        "seconds": round(time.time() - started),
        "load": round(os.getloadavg()[0], 1),
    }
    sigma = f"{verdict.sigma:.1f}" if verdict.sigma is not None else "-"
    print(
        "| experiment | arms (base → test) | SPRT verdict | pairs | LLR | σ | δ (SPRT pairs) "
        "| held-out δ [95%] | score base / test | CPU s/game base / test |"
    )
    print("|---|---|---|---:|---:|---:|---:|---|---:|---:|")
    print(
        f"| {args.name} ({args.mode}, H1 δ={hypotheses.delta1:+g}) "
        f"| `{json.dumps(args.base)}` → `{json.dumps(args.test)}` | {decision} "
        f"| {verdict.pairs} | {verdict.llr:+.2f} | {sigma} | {verdict.mean:+.2f} "
        f"| {interval or '-'} | {result['base_mean']:.1f} / {result['test_mean']:.1f} "
        f"| {result['base_cpu']:.2f} / {result['test_cpu']:.2f} |"
    )
    if spread:
        ratio = spread["variance_ratio"]
        print(
            f"raw δ {spread['raw_mean']:+.2f} (SD {spread['raw_sd']:.2f}), luck-corrected δ "
            f"{spread['corrected_mean']:+.2f} (SD {spread['corrected_sd']:.2f}) over "
            f"{spread['pairs']} pairs" + (f": variance {ratio:.2f}× smaller" if ratio else "")
        )
    print(json.dumps(result))
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            out.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
