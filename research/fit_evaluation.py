"""Fit the learned evaluation tables (option ``learned``) on play-out outcomes.

    nice -n 10 python -m research.fit_evaluation NUMBER [--games 20000] [--policy N] \\
        [--ridge 1.0] [--prefix fit]

Plays ``--games`` quick games (the compiled greedy game, as par's play-outs are) on the deals
``fit-NUMBER-00001`` ... with a goal arrangement drawn per deal, each with the deal's own bag,
with today's evaluation (or learned set ``--policy``: one step of approximate policy
iteration); replays each game's moves through the rules engine and records, after every
placement, the quilt's features (``evaluation.FEATURES``: the evaluation's goal, colour,
pattern and rainbow sums, two supply-aware sums, a constant), its stage (``stage_of``) and what
the game went on to earn (final score − points so far). Per stage, a ridge regression (the
constant not penalised, the weights pulled towards today's) of that on the features gives
the tables; they are written as set
NUMBER of ``solver/search/learned_evaluation.json`` with the command's figures (the other
sets are kept). The fit's own error is printed beside that of today's evaluation (weights
1, 1, 1, 1, 0, 0 and its best constant): it is not the judgement; par's SPRT
(research/protocol.py) is.
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

from solver.game import TURNS, Move, SoloGame, deal
from solver.search.evaluation import (
    DEFAULT_WEIGHTS,
    FEATURES,
    LEARNED_FILE,
    STAGES,
    learned_tables,
    stage_of,
)
from solver.search.fastcore import evaluator_for, pack
from solver.search.goal_choice import QUICK, arrangements

TODAY = np.array([1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0])  # today's sum of parts, as weights


def parse(argv) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m research.fit_evaluation", description=__doc__.split("\n")[0]
    )
    parser.add_argument("number", type=int, help="the set's number (the option learned=N)")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--policy", type=int, default=0, help="learned set that plays (0: today's)")
    parser.add_argument(
        "--ridge",
        type=float,
        default=0.01,
        help="penalty on the weights' distance from today's, per position",
    )
    parser.add_argument("--prefix", default="fit", help="deal seeds: PREFIX-NUMBER-NNNNN")
    parser.add_argument(
        "--target",
        default="outcome",
        choices=("outcome", "ranking"),
        help="outcome: points to come along each game; ranking: sibling moves' play-outs",
    )
    parser.add_argument("--siblings", type=int, default=8, help="moves a position (ranking)")
    parser.add_argument(
        "--among",
        default="top",
        choices=("top", "random"),
        help="ranking siblings: the best placements by today's evaluation (with the market "
        "slot the game took), or legal moves at random",
    )
    parser.add_argument(
        "--free",
        nargs="+",
        choices=FEATURES,
        help="fit these features only; the others keep today's weights",
    )
    parser.add_argument("--out", type=Path, default=LEARNED_FILE, help="the sets' JSON file")
    parser.add_argument(
        "--shrink",
        nargs=2,
        metavar=("SET", "F"),
        help="play nothing: write today's weights + F x (set SET's - today's) as NUMBER",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.number <= 1000 or args.games < 10 or args.ridge < 0:
        parser.error("number from 1 to 1000, --games at least 10, --ridge at least 0")
    if not 0 <= args.policy <= 1000:
        parser.error("--policy from 0 to 1000")
    return args


def play(seed: str, rng: random.Random, learned) -> tuple[list, int]:
    """One quick game on ``seed``'s deal: (stage, features, points still to come) after each
    placement but the last, and the final score."""
    dealt = deal(seed)
    goals = rng.choice(arrangements(dealt.setup))
    game = SoloGame.start(dealt, goals)
    fast = evaluator_for(game.quilt.layout, DEFAULT_WEIGHTS, learned)
    moves = np.full((TURNS, 3), -1, dtype=np.int64)
    fast.quick_game(
        pack(game.quilt), dealt.hand, dealt.market, dealt.bag, 0, 1, QUICK.second_patch, moves
    )
    rows = []
    for hand_index, cell, slot in moves:
        game.play(Move(int(hand_index), int(cell), None if slot < 0 else int(slot)))
        quilt = game.quilt
        if game.finished:
            break
        state = pack(quilt)
        rows.append((stage_of(quilt.empty_mask.bit_count()), fast.features(state), quilt.points))
    final = game.quilt.score()["total"]
    return [(stage, features, float(final - points)) for stage, features, points in rows], final


def siblings(seed: str, rng: random.Random, learned, count: int, among: str):
    """The ranking target: at every turn of one quick game (as ``play``), ``count`` legal moves
    (``among``: the best placements by the playing evaluation, each with the market slot the
    game took, or moves drawn at random), each played out by the quick game with the deal's
    bag (the same draws for every sibling: common random numbers); rows of (stage, the
    child's features less the siblings' mean, its final score less theirs), so that only what
    tells siblings apart is fitted (a layout's hard goals, the draws' luck cancel)."""
    dealt = deal(seed)
    goals = rng.choice(arrangements(dealt.setup))
    game = SoloGame.start(dealt, goals)
    fast = evaluator_for(game.quilt.layout, DEFAULT_WEIGHTS, learned)
    moves = np.full((TURNS, 3), -1, dtype=np.int64)
    fast.quick_game(
        pack(game.quilt), dealt.hand, dealt.market, dealt.bag, 0, 1, QUICK.second_patch, moves
    )
    rows, out = [], np.empty((TURNS, 3), dtype=np.int64)
    for hand_index, cell, slot in moves:
        if game.turn >= TURNS - 1:
            break
        if among == "random":
            legal = game.legal_moves()
            picked = rng.sample(legal, min(count, len(legal)))
        else:
            state = pack(game.quilt)
            market = None if slot < 0 else int(slot)
            ranked = sorted(
                (-value, h, c)
                for h in range(2)
                for c, value in enumerate(fast.placement_values(state, game.hand[h]))
                if value > -np.inf and (h == 0 or game.hand[1] != game.hand[0])
            )
            picked = [Move(h, c, market) for _, h, c in ranked[:count]]
        features, finals = [], []
        for move in picked:
            child = game.copy()
            child.play(move)
            state = pack(child.quilt)
            features.append(fast.features(state))
            finals.append(
                fast.quick_game(
                    state,
                    child.hand,
                    child.market,
                    np.array(child.remaining_bag),
                    0,
                    child.turn,
                    QUICK.second_patch,
                    out,
                )
            )
        stage = stage_of(game.quilt.empty_mask.bit_count() - 1)
        x, y = np.array(features), np.array(finals)
        for features_k, final_k in zip(x - x.mean(axis=0), y - y.mean(), strict=True):
            rows.append((stage, features_k, float(final_k)))
        game.play(Move(int(hand_index), int(cell), None if slot < 0 else int(slot)))
    for hand_index, cell, slot in moves[game.turn - 1 :]:  # the last turns, for the score
        game.play(Move(int(hand_index), int(cell), None if slot < 0 else int(slot)))
    return rows, game.quilt.score()["total"]


def ridge(x: np.ndarray, y: np.ndarray, penalty: float, free=None) -> np.ndarray:
    """Least squares with ``penalty`` (per position) on every weight's distance from today's
    (``TODAY``) but the constant's (the last): features that barely vary within a stage (the
    rainbow early, supply early) stay near today's weight instead of taking up noise."""
    scale = np.eye(x.shape[1]) * penalty * len(y)
    scale[-1, -1] = 1e-9  # all but unpenalised; the ranking target has no constant at all
    if free is not None:  # the others held at today's weights
        for k, name in enumerate(FEATURES):
            if name not in free:
                scale[k, k] = 1e12
    return TODAY + np.linalg.solve(x.T @ x + scale, x.T @ (y - x @ TODAY))


def shrunk(args) -> int:
    """``--shrink SET F``: a set between today's weights and a fitted one (F=1: that set)."""
    source, factor = int(args.shrink[0]), float(args.shrink[1])
    tables = [
        [round(float(w), 6) for w in TODAY + factor * (np.array(row) - TODAY)]
        for row in learned_tables(source).tables
    ]
    sets = json.loads(args.out.read_text())
    sets[str(args.number)] = {
        "features": list(FEATURES),
        "tables": tables,
        "fitted": {"shrunk_from": source, "factor": factor},
    }
    args.out.write_text(json.dumps(sets, indent=1, sort_keys=True) + "\n")
    print(f"set {args.number}: today's + {factor} x (set {source} - today's)")
    return 0


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    if args.shrink:
        return shrunk(args)
    learned = learned_tables(args.policy) if args.policy else None
    rng = random.Random(f"{args.prefix}-{args.number}")
    started = time.process_time()
    by_stage = [([], []) for _ in range(STAGES)]
    finals = []
    for k in range(1, args.games + 1):
        seed = f"{args.prefix}-{args.number}-{k:05d}"
        if args.target == "ranking":
            rows, final = siblings(seed, rng, learned, args.siblings, args.among)
        else:
            rows, final = play(seed, rng, learned)
        for stage, features, togo in rows:
            by_stage[stage][0].append(features)
            by_stage[stage][1].append(togo)
        finals.append(final)
    cpu = time.process_time() - started
    tables, report = [], []
    for stage, (xs, ys) in enumerate(by_stage):
        x, y = np.array(xs), np.array(ys)
        weights = ridge(x, y, args.ridge, args.free)
        today = x @ TODAY
        constant = float(np.mean(y - today))
        rmse_fit = float(np.sqrt(np.mean((x @ weights - y) ** 2)))
        rmse_today = float(np.sqrt(np.mean((today + constant - y) ** 2)))
        tables.append([round(float(w), 6) for w in weights])
        report.append(
            {
                "stage": stage,
                "positions": len(y),
                "rmse_fit": round(rmse_fit, 3),
                "rmse_today": round(rmse_today, 3),
            }
        )
        named = ", ".join(f"{n} {w:+.3f}" for n, w in zip(FEATURES, weights, strict=True))
        print(
            f"stage {stage}: {len(y)} positions, RMSE fitted {rmse_fit:.3f} / today's "
            f"{rmse_today:.3f}; weights {named}"
        )
    sets = json.loads(args.out.read_text()) if args.out.exists() else {}
    sets[str(args.number)] = {
        "features": list(FEATURES),
        "tables": tables,
        "fitted": {
            "games": args.games,
            "policy": args.policy,
            "ridge": args.ridge,
            "free": args.free,
            "target": args.target,
            "among": args.among,
            "seeds": f"{args.prefix}-{args.number}-00001..{args.games:05d}",
            "quick_game_mean": round(float(np.mean(finals)), 2),
            "cpu_s": round(cpu, 1),
            "stages": report,
        },
    }
    args.out.write_text(json.dumps(sets, indent=1, sort_keys=True) + "\n")
    print(f"{args.games} games in {cpu:.0f} CPU s; set {args.number} written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
