"""A bank of fair-game positions whose top moves are valued on shared futures: a cheap screen
of a player's decisions (regret per decision) before a full protocol run.

    nice -n 10 python -m research.position_bank NAME [--positions 200] [--futures 256] [--moves 8]
    nice -n 10 python -m research.position_bank NAME --score '{"samples": 32, "candidates": 16}'

**Building** (``var/position_bank/NAME.jsonl``, not tracked; a rerun adds only the positions it
lacks): fair games at ``--play`` options on seeds ``bank-NAME-0001`` ... give ``--per-game``
positions each, at turns drawn from the seed (turns 1-20: on the last two the values are
exact and every player agrees). A position is stored as its deal's seed, goals and the moves
up to it (rebuilt and checked by the rules engine), with the visible ranking's best
``--moves`` moves, each valued by the quick game in the same ``--futures`` sampled futures
(``valuation.future_values``, seed ``bank/ID``; every future's final score is kept, integers).

**Scoring** (``--score OPTIONS``, the fair player; seed ``bank-player/ID``, never the bank's
futures): the player's move at each position; a move outside the bank's is valued on the very
same futures. A decision's **regret** is the best bank move's mean minus the chosen move's
mean, both over every future; it is never negative. The best mean of a few noisy means is
biased upwards, by the same amount for every player scored on the bank, so regrets compare
between players, not with zero. Prints mean regret with its 95% t interval, the share of
decisions that chose the bank's best move, and CPU s a decision (``--markdown``: a table row).
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from research.protocol_stats import paired_interval
from solver.game import TURNS, Move, Observation, SoloGame, deal
from solver.game.rng import SeededStream
from solver.search import make_player
from solver.search.players import search_options
from solver.search.valuation import future_values

ROOT = Path(__file__).resolve().parent.parent
BANK = ROOT / "var" / "position_bank"
LAST_TURN = TURNS - 2  # after it the values are exact: no decision worth screening


def bank_turns(seed: str, count: int) -> list[int]:
    """The turns of ``seed``'s game that go into the bank: ``count`` distinct turns of
    1..LAST_TURN, drawn from the seed (the same every run), in order."""
    turns = SeededStream(f"{seed}/bank-turns").shuffle(list(range(1, LAST_TURN + 1)))
    return sorted(turns[:count])


def rebuilt(position: dict) -> SoloGame:
    """The position's game, replayed by the rules engine from its deal and moves."""
    game = SoloGame.start(deal(position["seed"]), position["goals"])
    for entry in position["played"]:
        game.play(Move.from_json(entry))
    return game


def value_position(observation: Observation, moves: list[Move], futures: int, seed: str):
    """Every move's final score in each of the same ``futures`` sampled futures (moves x
    futures), every move valued in every future."""
    finals, _ = future_values(observation, moves, samples=futures, seed=seed)
    return finals


def build(name: str, positions: int, futures: int, moves: int, per_game: int,
          play: dict) -> list[dict]:  # fmt: skip
    """The bank, built up to ``positions`` (the ones already on disk are kept)."""
    BANK.mkdir(parents=True, exist_ok=True)
    path = BANK / f"{name}.jsonl"
    bank = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    if bank and (bank[0]["futures"], bank[0]["asked"]) != (futures, moves):
        raise ValueError(f"bank {name!r} was built with other --futures/--moves; pick a name")
    have = {row["id"] for row in bank}
    game_number = 0
    while len(bank) < positions:
        game_number += 1
        seed = f"bank-{name}-{game_number:04d}"
        wanted = [t for t in bank_turns(seed, per_game) if f"{seed}/{t}" not in have]
        if not wanted:
            continue
        dealt = deal(seed)
        player = make_player("fair", seed=seed, **play)
        goals = player.choose_goals(dealt.setup)
        game = SoloGame.start(dealt, goals)
        played = []
        while game.turn <= max(wanted) and len(bank) < positions:
            observation = game.observation()
            if game.turn in wanted:
                position_id = f"{seed}/{game.turn}"
                ranked = player.visible_candidates(observation, max(moves, 4))[:moves]
                top = [node.move for node in ranked]
                finals = value_position(observation, top, futures, f"bank/{position_id}")
                row = {
                    "id": position_id,
                    "seed": seed,
                    "goals": goals,
                    "turn": game.turn,
                    "played": list(played),
                    "futures": futures,
                    "asked": moves,
                    "moves": [move.to_json() for move in top],
                    "finals": finals.astype(int).tolist(),
                }
                bank.append(row)
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            move = player.choose_move(observation)
            played.append(move.to_json())
            game.play(move)
    return bank[:positions]


def regret(means: list[float], chosen: float) -> float:
    """The best of ``means`` (the bank's moves and the chosen one) minus the chosen value."""
    return max(max(means), chosen) - chosen


def score(bank: list[dict], options: dict) -> dict:
    """The fair player with ``options`` at every position of ``bank``: its regret per
    decision (interval), the share that chose the bank's best move, CPU s a decision."""
    regrets, best_chosen, cpu = [], 0, 0.0
    for position in bank:
        observation = rebuilt(position).observation()
        finals = np.asarray(position["finals"], dtype=float)
        means = finals.mean(axis=1).tolist()
        moves = [Move.from_json(m) for m in position["moves"]]
        started = time.process_time()
        player = make_player("fair", seed=f"bank-player/{position['id']}", **options)
        chosen = player.choose_move(observation)
        cpu += time.process_time() - started
        if chosen in moves:
            value = means[moves.index(chosen)]
        else:  # the same futures: the bank's seed and position
            value = float(value_position(observation, [chosen], position["futures"],
                                         f"bank/{position['id']}")[0].mean())  # fmt: skip
        best_chosen += chosen == moves[int(np.argmax(means))]
        regrets.append(regret(means, value))
    interval = paired_interval(regrets) if len(regrets) >= 2 else None
    return {
        "options": options,
        "positions": len(bank),
        "regret": interval.to_json() if interval else None,
        "best_chosen": best_chosen / len(bank),
        "cpu": cpu / len(bank),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m research.position_bank",
                                     description=__doc__.split("\n")[0])  # fmt: skip
    parser.add_argument("name", help="the bank's name: its games are bank-NAME-NNNN")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--futures", type=int, default=256)
    parser.add_argument("--moves", type=int, default=8, help="the visible ranking's best N")
    parser.add_argument("--per-game", type=int, default=5, help="positions from each game")
    parser.add_argument("--play", default='{"samples": 32, "candidates": 16}', metavar="JSON",
                        help="the fair player's options for the bank's games")  # fmt: skip
    parser.add_argument("--score", metavar="JSON", help="score this fair player on the bank")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not args.name.replace("-", "").replace("_", "").isalnum():
        parser.error("the name may hold letters, digits, - and _ only")
    if min(args.positions, args.futures, args.per_game) < 1 or args.moves < 2:
        parser.error("--positions, --futures, --per-game at least 1, --moves at least 2")
    if args.per_game > LAST_TURN:
        parser.error(f"--per-game at most {LAST_TURN}")
    try:
        play = json.loads(args.play)
        options = json.loads(args.score) if args.score else None
        for given in (play, options or {}):
            if not isinstance(given, dict):
                raise ValueError("give a JSON object")
            search_options(given)
    except ValueError as problem:
        parser.error(f"options: {problem}")
    started = time.process_time()
    try:
        bank = build(args.name, args.positions, args.futures, args.moves, args.per_game, play)
    except ValueError as problem:
        print(f"research/position_bank.py: {problem}", file=sys.stderr)
        return 2
    built = time.process_time() - started
    load = os.getloadavg()[0]
    if options is None:
        print(json.dumps({"name": args.name, "positions": len(bank), "futures": args.futures,
                          "cpu": round(built, 1), "load": round(load, 1)}))  # fmt: skip
        return 0
    result = score(bank, options)
    if args.markdown:
        r = result["regret"]
        print("| bank | player | positions | regret a decision [95% t] | best chosen | CPU s |")
        print("|---|---|---:|---|---:|---:|")
        print(f"| {args.name} ({args.futures} futures) | `{json.dumps(options)}` "
              f"| {result['positions']} | {r['mean']:.3f} [{r['low']:.3f}, {r['high']:.3f}] "
              f"| {result['best_chosen']:.0%} | {result['cpu']:.3f} |")  # fmt: skip
    else:
        print(json.dumps({"name": args.name, "load": round(load, 1), **result}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
