"""Calibrate a hint's ``expected_score`` to what par goes on to score.

A hint's ``expected_score`` is its move's value in the valuation: the mean final score of the
quick greedy game played out after the move in sampled futures. Par plays every later turn
better than that greedy play-out, so the value under-states what par itself goes on to score,
and by more the more turns are left. This plays par's own games (``--options``, default par's
strength), records each turn's value of the chosen move and the game's final score, and fits

    final = value + gain * turns_left          (turns_left = 22 - turn: 0 on the last turn)

by least squares on the ``--games`` fit games (seeds ``calibrate-NAME-0001`` ...), beside
per-turn mean offsets (one number a turn) for comparison. On the ``--holdout`` games (seeds
``calibrate-NAME-holdout-0001`` ...) it prints the calibration error, the mean of predicted
minus actual final score, for each turn and overall, before (the value alone) and after (the
fit), with each's RMSE. Games are kept in ``var/calibration/NAME.jsonl``: a rerun with more
games plays only the new ones.

    nice -n 10 .venv/bin/python -m research.expected_score_fit NAME [--games 12] [--holdout 8]
        [--options JSON]
    .venv/bin/python -m research.expected_score_fit --reference REF [--holdout 200]

With ``--reference REF`` it plays nothing: it reads par's games of the difficulty reference
(``python -m research.par_reference play --name REF``: par's options and salts, each turn's
value of the chosen move, and the hint's own value at turn 1), fits the gain on game 0 of
every deal but the last ``--holdout`` (by deal number), and judges the scale where a player
meets it first: over the held-out deals, par's score minus the turn-1 hint's
``expected_score`` (the hint's raw value calibrated), its mean with a 95% interval (one par
game per deal is an unbiased sample of the deal's par mean, so the mean difference estimates
par's mean minus the turn-1 expectation over deals), for the gain in use and the fitted ones;
and two-fold over every deal (each half judged by the turn-1 gain fitted on the other).

Bad input: exit 2 with one line.
"""

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from solver.game import TURNS, SoloGame, deal
from solver.search import make_player
from solver.search.expected import EXPECTED_GAIN_PER_TURN
from solver.search.fastcore import warm
from solver.search.players import search_options

ROOT = Path(__file__).resolve().parent.parent
LEDGER = ROOT / "var" / "calibration"


def play(seed: str, options: dict) -> dict:
    """Par's game of ``seed``'s deal: each turn's value of the chosen move, and the final."""
    started = time.process_time()
    dealt = deal(seed)
    player = make_player("fair", seed=seed, **options)
    game = SoloGame.start(dealt, player.choose_goals(dealt.setup))
    values = []
    while not game.finished:
        valuation = player.valuation(game.observation())
        best = valuation.best()
        values.append(valuation.values[best])
        game.play(valuation.moves[best])
    final = game.quilt.score()["total"]
    return {
        "seed": seed,
        "values": values,
        "final": final,
        "cpu": round(time.process_time() - started, 2),
    }


def games(name: str, seeds: list[str], options: dict) -> list[dict]:
    LEDGER.mkdir(parents=True, exist_ok=True)
    path = LEDGER / f"{name}.jsonl"
    kept = {}
    if path.exists():
        lines = [json.loads(line) for line in path.read_text().splitlines() if line]
        if lines[0].get("options") != options:
            raise ValueError(
                f"{name!r} was played with options {lines[0]['options']}: pick a fresh name"
            )
        kept = {line["seed"]: line for line in lines[1:]}
    else:
        path.write_text(json.dumps({"options": options}) + "\n")
    rows = []
    for seed in seeds:
        if seed not in kept:
            kept[seed] = play(seed, options)
            with path.open("a") as out:
                out.write(json.dumps(kept[seed]) + "\n")
            print(f"  played {seed}: {kept[seed]['final']} ({kept[seed]['cpu']} CPU s)", flush=True)
        rows.append(kept[seed])
    return rows


def fit_gain(rows: list[dict]) -> float:
    """Least squares of ``final - value`` on ``turns_left``, through 0 (exact on the last
    turn)."""
    pairs = [
        (TURNS - turn, row["final"] - value)
        for row in rows
        for turn, value in enumerate(row["values"], start=1)
    ]
    return sum(r * e for r, e in pairs) / sum(r * r for r, _ in pairs)


def errors(rows: list[dict], predict) -> dict[int, list[float]]:
    """Predicted minus actual final score, by turn."""
    by_turn = {turn: [] for turn in range(1, TURNS + 1)}
    for row in rows:
        for turn, value in enumerate(row["values"], start=1):
            by_turn[turn].append(predict(turn, value) - row["final"])
    return by_turn


def interval(gaps: list[float]) -> str:
    """The mean of ``gaps`` with its 95% interval (normal: the samples are hundreds)."""
    mean = statistics.fmean(gaps)
    half = 1.96 * statistics.stdev(gaps) / len(gaps) ** 0.5
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}] (SD {statistics.stdev(gaps):.1f})"


def from_reference(name: str, holdout: int) -> None:
    """The fit and the turn-1 check on the difficulty reference's games (the docstring)."""
    from research.par_reference import ledger_rows  # the reference's ledgers, read only

    rows = sorted((row for row in ledger_rows(name) if row["k"] == 0), key=lambda r: r["seed"])
    if len(rows) < holdout + 2:
        raise ValueError(f"{len(rows)} deals in {name!r}: need more than --holdout {holdout} + 1")
    fit, held = rows[:-holdout], rows[-holdout:]
    gain = fit_gain(fit)
    # the gain that makes the turn-1 hint unbiased on the fit deals: where a player meets it
    at_start = statistics.fmean(row["final"] - row["hint1"] for row in fit) / (TURNS - 1)
    print(
        f"fit on {len(fit)} deals' par games (game 0): least squares over every turn, "
        f"final = value + {gain:.3f} x turns_left; at turn 1 (par's score - the hint's "
        f"value) / {TURNS - 1}: {at_start:.3f} (in use: {EXPECTED_GAIN_PER_TURN})"
    )
    print(
        f"held out: {len(held)} deals ({held[0]['seed']} ... by number), mean par game "
        f"{statistics.fmean(r['final'] for r in held):.1f}"
    )
    arms = (("in use", EXPECTED_GAIN_PER_TURN), ("least squares", gain), ("turn 1", at_start))
    for label, per_turn in arms:
        gaps = [row["final"] - calibrated_by(row["hint1"], 1, per_turn) for row in held]
        print(
            f"  par's score - the turn-1 hint's expected_score, gain {per_turn:.3f} ({label}):"
            f" {interval(gaps)}"
        )
    # two-fold: each half judged by the turn-1 gain fitted on the other (every deal held out once)
    halves = (rows[0::2], rows[1::2])
    crossed = []
    for judged, fitted in (halves, halves[::-1]):
        per_turn = statistics.fmean(row["final"] - row["hint1"] for row in fitted) / (TURNS - 1)
        crossed += [row["final"] - calibrated_by(row["hint1"], 1, per_turn) for row in judged]
    print(
        f"  two-fold over all {len(rows)} deals (turn-1 gain fitted on the other half): "
        f"{interval(crossed)}"
    )
    overall = statistics.fmean(row["final"] - row["hint1"] for row in rows) / (TURNS - 1)
    print(f"  the turn-1 gain on all {len(rows)} deals: {overall:.3f}")
    by_turn = {turn: [] for turn in range(1, TURNS + 1)}
    for row in held:
        for turn, value in enumerate(row["values"], start=1):
            by_turn[turn].append(row["final"] - calibrated_by(value, turn, at_start))
    print(
        "  par's score - its own move's expected score (turn-1 gain), turns 1, 6, 11, 16, 21: "
        + " / ".join(f"{statistics.fmean(by_turn[t]):+.1f}" for t in (1, 6, 11, 16, 21))
    )


def calibrated_by(value: float, turn: int, gain: float) -> float:
    """``expected.calibrated`` with another gain."""
    return value + gain * (TURNS - turn)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m research.expected_score_fit", description=__doc__.splitlines()[0]
    )
    parser.add_argument("name", nargs="?", help="the games' name: seeds calibrate-NAME-NNNN")
    parser.add_argument("--games", type=int, default=12, help="games to fit on")
    parser.add_argument("--holdout", type=int, default=8, help="games to judge on")
    parser.add_argument("--options", default="{}", metavar="JSON", help="par's options")
    parser.add_argument("--reference", metavar="REF", help="fit on the difficulty reference's")
    args = parser.parse_args(argv)
    if args.reference:
        try:
            return from_reference(args.reference, args.holdout)
        except ValueError as problem:
            parser.error(str(problem))
    if not args.name:
        parser.error("give NAME, or --reference REF")
    if args.games < 2 or args.holdout < 1:
        parser.error("--games at least 2 and --holdout at least 1")
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("give a JSON object")
        search_options(options)
    except ValueError as problem:
        parser.error(f"--options: {problem}")
    warm()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    try:
        fit = games(
            args.name, [f"calibrate-{args.name}-{k:04d}" for k in range(1, args.games + 1)], options
        )
        held = games(
            args.name,
            [f"calibrate-{args.name}-holdout-{k:04d}" for k in range(1, args.holdout + 1)],
            options,
        )
    except ValueError as problem:
        parser.error(str(problem))
    gain = fit_gain(fit)
    # mean of final - value, by turn
    offsets = {turn: -statistics.mean(e) for turn, e in errors(fit, lambda t, v: v).items()}
    residual = [e for es in errors(fit, lambda t, v: v + gain * (TURNS - t)).values() for e in es]
    print(
        f"fit on {len(fit)} games (mean final {statistics.mean(r['final'] for r in fit):.1f}, "
        f"{statistics.mean(r['cpu'] for r in fit):.1f} CPU s a game): "
        f"final = value + {gain:.3f} x turns_left; residual RMSE "
        f"{statistics.pstdev(residual, 0.0):.2f} (in use: EXPECTED_GAIN_PER_TURN = "
        f"{EXPECTED_GAIN_PER_TURN})"
    )
    print(
        "per-turn mean offsets (final - value), turns 1..22: "
        + " ".join(f"{offsets[t]:.1f}" for t in range(1, TURNS + 1))
    )
    arms = {
        "value (before)": lambda t, v: v,
        f"value + {gain:.3f} x turns left (after)": lambda t, v: v + gain * (TURNS - t),
        "value + per-turn offset": lambda t, v: v + offsets[t],
    }
    print(
        f"held out: {len(held)} games, mean final {statistics.mean(r['final'] for r in held):.1f}"
    )
    print("| predictor | mean predicted - actual: turns 1, 6, 11, 16, 21 | all turns | RMSE |")
    print("|---|---|---:|---:|")
    for label, predict in arms.items():
        by_turn = errors(held, predict)
        every = [e for es in by_turn.values() for e in es]
        marks = " / ".join(f"{statistics.mean(by_turn[t]):+.1f}" for t in (1, 6, 11, 16, 21))
        rmse = statistics.fmean(e * e for e in every) ** 0.5
        print(f"| {label} | {marks} | {statistics.mean(every):+.2f} | {rmse:.2f} |")
    every = fit + held
    print(f"leave one game out, all {len(every)} games (the gain fitted on the others):")
    print("| predictor | mean predicted - actual: turns 1, 6, 11, 16, 21 | all turns | RMSE |")
    print("|---|---|---:|---:|")
    others = [fit_gain(every[:k] + every[k + 1 :]) for k in range(len(every))]
    for label, gains in (
        ("value (before)", [0.0] * len(every)),
        ("value + gain x turns left (after)", others),
    ):
        by_turn = {turn: [] for turn in range(1, TURNS + 1)}
        for row, g in zip(every, gains, strict=True):
            for turn, es in errors([row], lambda t, v, g=g: v + g * (TURNS - t)).items():
                by_turn[turn] += es
        flat = [e for es in by_turn.values() for e in es]
        marks = " / ".join(f"{statistics.mean(by_turn[t]):+.1f}" for t in (1, 6, 11, 16, 21))
        rmse = statistics.fmean(e * e for e in flat) ** 0.5
        print(f"| {label} | {marks} | {statistics.mean(flat):+.2f} | {rmse:.2f} |")
    print(f"the gain on all {len(every)} games: {fit_gain(every):.3f} a turn left")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
