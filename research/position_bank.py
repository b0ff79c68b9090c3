"""A bank of fair-game positions whose top moves are valued on shared futures: a cheap screen
of a player's decisions (regret per decision) before a full protocol run.

    nice -n 10 python -m research.position_bank NAME [--positions 200] [--futures 256] [--moves 8]
        [--play '{"samples": 32, "candidates": 16}']
        [--judge '{"samples": 8, "candidates": 8}' --judge-futures 64]
    nice -n 10 python -m research.position_bank NAME --score '{"samples": 32, "candidates": 16}'
        [--score '{"samples": 8, "candidates": 8}']

**Building** (``var/position_bank/NAME.jsonl``, not tracked; a rerun adds only the positions it
lacks): fair games at ``--play`` options on seeds ``bank-NAME-0001`` ... give ``--per-game``
positions each, at turns drawn from the seed (turns 1-20: on the last two the values are
exact and every player agrees). A position is stored as its deal's seed, goals and the moves
up to it (rebuilt and checked by the rules engine), with the visible ranking's best
``--moves`` moves, each valued by the quick game in the same ``--futures`` sampled futures
(``valuation.future_values``, seed ``bank/ID``; every future's final score is kept, integers).

**The stronger judge** (``--judge OPTIONS``, a small fair player's options): a position's
moves are then the playing player's own best ``--moves`` (its valuation's ranking; the first
is the move it plays) and the quick game's move (``valuation.quick_move``) when not among
them (its index: ``quick``). Each is valued by the quick game as above (``finals``) and again
by playing the rest of the game with the judge's fair player choosing every later move, in
each of the quick judge's first ``--judge-futures`` futures (``valuation.continued_values``:
the player is handed only the observations of that future game, never its sampled bag;
``judged``, with ``judge_cpu``, the CPU s it took). The build then prints the judge's cost
(CPU s a judged move a future) and how the two judges agree (``agreement``).

**Scoring** (``--score OPTIONS``, the fair player; seed ``bank-player/ID``, never the bank's
futures): the player's move at each position; a move outside the bank's is valued on the very
same futures (by each judge). A decision's **regret** is the best bank move's mean minus the
chosen move's mean, both over every future; it is never negative. The best mean of a few noisy
means is biased upwards, by the same amount for every player scored on the bank, so regrets
compare between players, not with zero. Prints, under the quick judge and the stronger one
(``judged``), the mean regret with its 95% t interval, the share of decisions
that chose the bank's best move and each position's regret, and CPU s a decision: one JSON
line (``--markdown``: a table row before it). ``--score`` twice: both players, then the
second's regret less the first's, paired by position, with its interval (``versus``).
"""

import argparse
import json
import os
import sys
import time
from functools import partial
from pathlib import Path

import numpy as np

from research.protocol_stats import paired_interval
from solver.game import TURNS, Move, Observation, SoloGame, deal
from solver.game.rng import SeededStream
from solver.search import make_player
from solver.search.players import search_options
from solver.search.valuation import continued_values, future_values, quick_move

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
    futures), every move valued in every future, by the quick game."""
    finals, _ = future_values(observation, moves, samples=futures, seed=seed)
    return finals


def judge_position(
    observation: Observation, moves: list[Move], futures: int, seed: str, judge: dict
) -> np.ndarray:
    """The stronger judge: every move's final score when the fair player with ``judge``'s
    options plays the rest of the game, in each of the first ``futures`` of the quick judge's
    futures (``valuation.continued_values``, the same ``seed``)."""

    def continuation(player_seed: str):
        return make_player("fair", seed=player_seed, **judge)

    return continued_values(
        observation, moves, samples=futures, seed=seed, continuation=continuation
    )


def build(
    name: str,
    positions: int,
    futures: int,
    moves: int,
    per_game: int,
    play: dict,
    judge: dict | None = None,
    judge_futures: int = 32,
) -> list[dict]:
    """The bank, built up to ``positions`` (the ones already on disk are kept). With a
    ``judge`` (the continuation player's fair options), a position's moves are the playing
    player's top ``moves`` by its own valuation plus the quick game's move, each valued by
    the quick game (``finals``) and by the judge in ``judge_futures`` futures (``judged``);
    without, the visible ranking's top ``moves`` by the quick game alone."""
    BANK.mkdir(parents=True, exist_ok=True)
    path = BANK / f"{name}.jsonl"
    bank = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    made = (futures, moves, judge, judge_futures if judge else None)
    if bank and _made(bank[0]) != made:
        raise ValueError(
            f"bank {name!r} was built with other --futures/--moves/--judge; pick a name"
        )
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
            move = None
            if game.turn in wanted:
                position_id = f"{seed}/{game.turn}"
                row = {
                    "id": position_id,
                    "seed": seed,
                    "goals": goals,
                    "turn": game.turn,
                    "played": list(played),
                    "futures": futures,
                    "asked": moves,
                }
                if judge is None:
                    ranked = player.visible_candidates(observation, max(moves, 4))[:moves]
                    top = [node.move for node in ranked]
                else:  # the player's own top moves, and the quick game's if not among them
                    valuation = player.valuation(observation)
                    top = [valuation.moves[i] for i in valuation.ranking()[:moves]]
                    move = top[0]  # what the player plays (``choose_move``): its best
                    quick = quick_move(observation)
                    top += [quick] if quick not in top else []
                    row.update(judge=judge, judge_futures=judge_futures, quick=top.index(quick))
                finals = value_position(observation, top, futures, f"bank/{position_id}")
                row["moves"] = [m.to_json() for m in top]
                row["finals"] = finals.astype(int).tolist()
                if judge is not None:
                    started = time.process_time()
                    judged = judge_position(
                        observation, top, judge_futures, f"bank/{position_id}", judge
                    )
                    row["judged"] = judged.astype(int).tolist()
                    row["judge_cpu"] = round(time.process_time() - started, 3)
                bank.append(row)
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            move = move or player.choose_move(observation)
            played.append(move.to_json())
            game.play(move)
    return bank[:positions]


def _made(row: dict) -> tuple:
    """What a bank was built with: its quick futures, moves asked, judge and judge futures."""
    return (row["futures"], row["asked"], row.get("judge"), row.get("judge_futures"))


def regret(means: list[float], chosen: float) -> float:
    """The best of ``means`` (the bank's moves and the chosen one) minus the chosen value."""
    return max(max(means), chosen) - chosen


def score(bank: list[dict], options: dict) -> dict:
    """The fair player with ``options`` at every position of ``bank``: its regret per
    decision (interval), the share that chose the bank's best move, CPU s a decision; on a
    judged bank the same under the stronger judge (``judged``), a move outside the bank
    valued by it on the same futures too."""
    quick, judged, cpu = _Tally(), _Tally(), 0.0
    for position in bank:
        observation = rebuilt(position).observation()
        moves = [Move.from_json(m) for m in position["moves"]]
        started = time.process_time()
        player = make_player("fair", seed=f"bank-player/{position['id']}", **options)
        chosen = player.choose_move(observation)
        cpu += time.process_time() - started
        seed = f"bank/{position['id']}"
        alone = partial(value_position, observation, [chosen], position["futures"], seed)
        quick.add(position["finals"], moves, chosen, alone)
        if "judged" in position:
            alone = partial(
                judge_position,
                observation,
                [chosen],
                position["judge_futures"],
                seed,
                position["judge"],
            )
            judged.add(position["judged"], moves, chosen, alone)
    result = {"options": options, "positions": len(bank), **quick.result()}
    if judged.regrets:
        result["judged"] = judged.result()
    return {**result, "cpu": cpu / len(bank)}


class _Tally:
    """One judge's regrets and best-move choices over the positions scored."""

    def __init__(self):
        self.regrets: list[float] = []
        self.best_chosen = 0
        self.outside = 0  # chosen moves outside the bank's, valued on its futures

    def add(self, finals, moves: list[Move], chosen: Move, value_alone) -> None:
        means = np.asarray(finals, dtype=float).mean(axis=1).tolist()
        if chosen in moves:
            value = means[moves.index(chosen)]
        else:  # the same futures: the bank's seed and position
            value = float(value_alone()[0].mean())
            self.outside += 1
        self.best_chosen += chosen == moves[int(np.argmax(means))]
        self.regrets.append(regret(means, value))

    def result(self) -> dict:
        interval = paired_interval(self.regrets) if len(self.regrets) >= 2 else None
        return {
            "regret": interval.to_json() if interval else None,
            "best_chosen": self.best_chosen / len(self.regrets),
            "outside": self.outside,
            "regrets": [round(value, 4) for value in self.regrets],  # position by position
        }


def agreement(bank: list[dict]) -> dict:
    """How the two judges of a judged bank agree, from its values alone: the share of
    positions whose best move they agree on; the correlation of their move means, pooled
    after each position's mean is taken out (a position's level is not a move's merit), and
    the mean over positions of the rank (Spearman) correlation; the regret of the playing
    player's move (``moves[0]``) and of the quick game's move under each judge; the judge's
    standard error of a paired difference of two moves (its noise); the mean spread (best
    less worst mean) of a position's moves under each judge; each judge against itself
    on the two halves of its futures (``_halves``), and the correlation of the judges' means
    corrected for both judges' noise (divided by the square root of their reliabilities)."""
    same, centred_q, centred_j, ranks, errors, spreads = 0, [], [], [], [], []
    tallies = {(who, judge): [] for who in ("played", "quick") for judge in ("quick", "judged")}
    for position in bank:
        q = np.asarray(position["finals"], dtype=float)
        j = np.asarray(position["judged"], dtype=float)
        qm, jm = q.mean(axis=1), j.mean(axis=1)
        same += int(np.argmax(qm)) == int(np.argmax(jm))
        spreads.append((float(np.ptp(qm)), float(np.ptp(jm))))
        centred_q += (qm - qm.mean()).tolist()
        centred_j += (jm - jm.mean()).tolist()
        if np.ptp(qm) > 0 and np.ptp(jm) > 0:
            ranks.append(float(np.corrcoef(_ranks(qm), _ranks(jm))[0, 1]))
        if j.shape[1] >= 2:
            differences = j[1:] - j[0]
            errors += (differences.std(axis=1, ddof=1) / np.sqrt(j.shape[1])).tolist()
        for who, index in (("played", 0), ("quick", position["quick"])):
            tallies[who, "quick"].append(float(qm.max() - qm[index]))
            tallies[who, "judged"].append(float(jm.max() - jm[index]))
    correlation = float(np.corrcoef(centred_q, centred_j)[0, 1])
    quick, judged = _halves(bank, "finals"), _halves(bank, "judged")
    return {
        "positions": len(bank),
        "same_best": same / len(bank),
        "correlation": correlation,
        "quick_halves": quick,
        "judged_halves": judged,
        "correlation_disattenuated": float(correlation / np.sqrt(reliable))
        if (reliable := quick["reliability"] * judged["reliability"]) > 0
        else None,
        "rank_correlation": float(np.mean(ranks)) if ranks else None,
        "spread": dict(zip(("quick", "judged"), np.mean(spreads, axis=0).tolist(), strict=True)),
        "judge_se": float(np.mean(errors)) if errors else None,
    } | {
        f"{who}_regret_{judge}": paired_interval(values).to_json() if len(values) >= 2 else None
        for (who, judge), values in tallies.items()
    }


def _halves(bank: list[dict], key: str) -> dict:
    """One judge against itself: its values on the first and the second half of its futures
    (``key``: ``finals`` or ``judged``); the share of positions whose best move the halves
    agree on, and the correlation of their position-centred means, with the reliability of
    the whole (Spearman-Brown, 2r / (1 + r)): what the two judges' agreement is bounded by."""
    same, first, second = 0, [], []
    for position in bank:
        values = np.asarray(position[key], dtype=float)
        half = values.shape[1] // 2
        a, b = values[:, :half].mean(axis=1), values[:, half : 2 * half].mean(axis=1)
        same += int(np.argmax(a)) == int(np.argmax(b))
        first += (a - a.mean()).tolist()
        second += (b - b.mean()).tolist()
    r = float(np.corrcoef(first, second)[0, 1])
    return {"same_best": same / len(bank), "correlation": r, "reliability": 2 * r / (1 + r)}


def judge_cost(bank: list[dict]) -> dict:
    """The stronger judge's CPU seconds a judged move a future, over the bank and by thirds
    of the game (turns 1-7, 8-14, 15-20: a continuation's cost falls with the turns left)."""

    def per(rows):
        plays = sum(len(row["judged"]) * len(row["judged"][0]) for row in rows)
        return round(sum(row["judge_cpu"] for row in rows) / plays, 4) if plays else None

    return {
        "judge": bank[0]["judge"],
        "all": per(bank),
        "turns 1-7": per([row for row in bank if row["turn"] <= 7]),
        "turns 8-14": per([row for row in bank if 8 <= row["turn"] <= 14]),
        "turns 15-20": per([row for row in bank if row["turn"] >= 15]),
        "cpu": round(sum(row["judge_cpu"] for row in bank), 1),
    }


def _ranks(values: np.ndarray) -> np.ndarray:
    """Average ranks (ties share theirs), for a Spearman correlation."""
    order = values.argsort(kind="stable")
    ranks = np.empty(len(values))
    ranks[order] = np.arange(len(values), dtype=float)
    for value in np.unique(values):
        tied = values == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m research.position_bank", description=__doc__.split("\n")[0]
    )
    parser.add_argument("name", help="the bank's name: its games are bank-NAME-NNNN")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--futures", type=int, default=256)
    parser.add_argument("--moves", type=int, default=8, help="the visible ranking's best N")
    parser.add_argument("--per-game", type=int, default=5, help="positions from each game")
    parser.add_argument(
        "--play",
        default='{"samples": 32, "candidates": 16}',
        metavar="JSON",
        help="the fair player's options for the bank's games",
    )
    parser.add_argument(
        "--judge", metavar="JSON", help="the stronger judge: its player's fair options"
    )
    parser.add_argument(
        "--judge-futures",
        type=int,
        default=32,
        metavar="K",
        help="the judge's futures: the quick judge's first K",
    )
    parser.add_argument(
        "--score",
        metavar="JSON",
        action="append",
        help="score this fair player on the bank (twice: compare two)",
    )
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if not args.name.replace("-", "").replace("_", "").isalnum():
        parser.error("the name may hold letters, digits, - and _ only")
    if min(args.positions, args.futures, args.per_game) < 1 or args.moves < 2:
        parser.error("--positions, --futures, --per-game at least 1, --moves at least 2")
    if args.per_game > LAST_TURN:
        parser.error(f"--per-game at most {LAST_TURN}")
    if args.judge and not 1 <= args.judge_futures <= args.futures:
        parser.error("--judge-futures from 1 to --futures")
    try:
        play = json.loads(args.play)
        scored = [json.loads(given) for given in args.score or []]
        options = scored[0] if scored else None
        judge = json.loads(args.judge) if args.judge else None
        if len(scored) > 2:
            raise ValueError("--score at most twice")
        for given in (play, *scored, judge or {}):
            if not isinstance(given, dict):
                raise ValueError("give a JSON object")
            search_options(given)
    except ValueError as problem:
        parser.error(f"options: {problem}")
    started = time.process_time()
    try:
        bank = build(
            args.name,
            args.positions,
            args.futures,
            args.moves,
            args.per_game,
            play,
            judge,
            args.judge_futures,
        )
    except ValueError as problem:
        print(f"research/position_bank.py: {problem}", file=sys.stderr)
        return 2
    built = time.process_time() - started
    load = os.getloadavg()[0]
    if options is None:
        print(
            json.dumps(
                {
                    "name": args.name,
                    "positions": len(bank),
                    "futures": args.futures,
                    "cpu": round(built, 1),
                    "load": round(load, 1),
                }
            )
        )
        if "judged" in bank[0]:
            print(json.dumps({"name": args.name, "judge_cost": judge_cost(bank)}))
            print(json.dumps({"name": args.name, "agreement": agreement(bank)}))
        return 0
    results = [score(bank, given) for given in scored]
    if args.markdown:
        print(_markdown(args.name, bank[0], results))
    for result in results:
        print(json.dumps({"name": args.name, "load": round(load, 1), **result}))
    if len(results) == 2:
        print(json.dumps({"name": args.name, "versus": versus(*results)}))
    return 0


def versus(first: dict, second: dict) -> dict:
    """The second player's regret less the first's, position by position (the same bank,
    so paired), with its 95% t interval, under each judge the bank has."""
    compared = {"first": first["options"], "second": second["options"]}
    for judge in ("quick", "judged"):
        a, b = (result if judge == "quick" else result.get(judge) for result in (first, second))
        if a and b and len(a["regrets"]) >= 2:
            differences = np.subtract(b["regrets"], a["regrets"])
            compared[judge] = paired_interval(differences).to_json()
    return compared


def _markdown(name: str, first: dict, results: list[dict]) -> str:
    """The scores as table rows: the quick judge's regret, and the stronger judge's when the
    bank has one."""

    def cell(tally: dict) -> str:
        r = tally["regret"]
        return f"{r['mean']:.3f} [{r['low']:.3f}, {r['high']:.3f}] | {tally['best_chosen']:.0%}"

    judged = "judged" in results[0]
    lines = [
        "| bank | player | positions | regret a decision [95% t] | best chosen |"
        + (" judged regret [95% t] | judged best chosen |" if judged else "")
        + " CPU s |"
    ]
    lines.append("|---|---|---:|---|---:|" + ("---|---:|" if judged else "") + "---:|")
    bank = f"{name} ({first['futures']} futures"
    if judged:
        bank += f"; judge `{json.dumps(first['judge'])}` × {first['judge_futures']}"
    for result in results:
        row = f"| {bank}) | `{json.dumps(result['options'])}` | {result['positions']} | "
        row += cell(result)
        if judged:
            row += " | " + cell(result["judged"])
        lines.append(row + f" | {result['cpu']:.3f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
