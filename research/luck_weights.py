"""Fit the protocol's luck weights on a calibration experiment, never on a judgement's data:
``python -m research.luck_weights NAME [--check OTHER]``.

Reads the pairs of ``var/protocol/NAME.jsonl`` (played with ``--luck-samples``), and fits by
least squares each stage's weight (``protocol.LUCK_STAGES``) in

    score = a + Σ_stage w_stage · (the game's luck in that stage)

over every game of both arms (a weight is a property of the play-out value, not of an arm).
Prints the weights and how many times smaller they make the variance of the paired
differences in this experiment; ``--check OTHER`` also reports it on another experiment's
pairs, out of sample: the figure that counts. The weights are then written into
``protocol.LUCK_WEIGHTS`` by hand, with the date, before any judgement uses them.
"""

import argparse
import json
import sys

import numpy as np

from research.protocol import LEDGER, LUCK_STAGES


def pairs(name: str) -> list[dict]:
    path = LEDGER / f"{name}.jsonl"
    if not path.exists():
        raise ValueError(f"no experiment {name!r} in {LEDGER}")
    rows = [json.loads(line) for line in path.read_text().splitlines()[1:] if line]
    if not rows or "base_lucks" not in rows[0]:
        raise ValueError(f"experiment {name!r} has no pairs with their luck (--luck-samples)")
    return rows


def by_stage(lucks: list[float]) -> np.ndarray:
    return np.array([sum(lucks[first - 1 : last]) for first, last in LUCK_STAGES])


def fit(rows: list[dict]) -> np.ndarray:
    """Each stage's weight, fitted on every game of both arms."""
    scores = np.array([row[arm] for row in rows for arm in ("base", "test")], dtype=float)
    lucks = np.array([by_stage(row[f"{arm}_lucks"]) for row in rows for arm in ("base", "test")])
    design = np.column_stack([np.ones(len(scores)), lucks])
    solution, *_ = np.linalg.lstsq(design, scores, rcond=None)
    return solution[1:]


def variance_ratio(rows: list[dict], weights) -> float:
    """Var(raw differences) / Var(differences corrected with ``weights``)."""
    raw = np.array([row["difference"] for row in rows], dtype=float)
    luck = np.array([by_stage(r["test_lucks"]) - by_stage(r["base_lucks"]) for r in rows])
    return float(raw.var(ddof=1) / (raw - luck @ np.asarray(weights)).var(ddof=1))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m research.luck_weights", description=__doc__.splitlines()[0]
    )
    parser.add_argument("name", help="the calibration experiment")
    parser.add_argument("--check", metavar="OTHER", help="an experiment to check them on")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        rows = pairs(args.name)
        other = pairs(args.check) if args.check else None
    except ValueError as problem:
        print(f"research/luck_weights.py: {problem}", file=sys.stderr)
        return 2
    weights = fit(rows)
    stages = ", ".join(
        f"turns {a}-{b}: {w:.2f}" for (a, b), w in zip(LUCK_STAGES, weights, strict=True)
    )
    print(f"weights ({len(rows)} pairs of {args.name}): {stages}")
    ones = variance_ratio(rows, [1.0] * len(LUCK_STAGES))
    print(
        f"variance of the paired differences, in sample: {variance_ratio(rows, weights):.2f}× "
        f"smaller (all weights 1: {ones:.2f}×)"
    )
    if other is not None:
        print(
            f"out of sample, {len(other)} pairs of {args.check}: "
            f"{variance_ratio(other, weights):.2f}× smaller"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
