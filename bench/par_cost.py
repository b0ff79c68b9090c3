"""What a par game costs, and whether a change plays the same moves:
``python bench/par_cost.py --deals 4 --games 2 [--first 1] [--out FILE] [--check FILE]
[--breakdown]``.

Plays par's games ``k = 0 .. games-1`` of standard deals ``par-cost-FIRST``, ... (the shipped par
options and salts of ``solver.search.par``), one process, one at a time, and prints a JSON
line per game: ``{seed, k, score, cpu, digest}``, ``cpu`` the CPU seconds of the game in this
process (the core compiled or loaded first, outside the figure), ``digest`` a hash of the
game's goals and every move. Then one summary line: the mean CPU seconds a game, a day's par
at the site's ``CALICO_PAR_GAMES`` (40) games, and the load average before and after.

- ``--out FILE`` appends the game lines to FILE;
- ``--check FILE`` compares each game's digest with FILE's line of the same seed and ``k``
  (a pure speed change must play the same games: the summary says how many differ);
- ``--breakdown`` adds where a game's CPU went: the compiled quick games (``Evaluator.
  quick_game`` and ``quick_games``, with how many quick games), the sampled futures'
  shuffles, the goal choice (its quick games included) and the visible candidates; and the
  valuations' quick games by turn (how many, CPU seconds) and by the margin's block of
  futures (0, 16, 32, 64, 128: the first future of the block).

A shared machine stretches CPU seconds (caches, hyper-threads): compare two versions by
runs taken back to back at the same load, and say the load.
"""

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.game import deal  # noqa: E402
from solver.search import fastcore, players, valuation  # noqa: E402
from solver.search.par import GAMES, play_par_game  # noqa: E402


def digest(record) -> str:
    played = json.dumps({"goals": record.goals, "moves": record.moves}, sort_keys=True)
    return hashlib.sha256(played.encode()).hexdigest()[:16]


class Breakdown:
    """CPU seconds spent in a few functions, by wrapping them (process time, so the wrap's
    own cost is counted in; it is small beside a quick game's 0.1-0.3 ms)."""

    def __init__(self):
        self.seconds: dict[str, float] = {}
        self.quick_games = 0

    def wrap(self, owner, name: str, label: str, count=None):
        original = getattr(owner, name)

        def timed(*args, **kwargs):
            started = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds[label] = self.seconds.get(label, 0.0) + time.process_time() - started
                if count is not None:
                    self.quick_games += count(args)

        setattr(owner, name, timed)

    def install(self):
        evaluator = fastcore.Evaluator
        self.wrap(evaluator, "quick_game", "quick_games", count=lambda args: 1)
        if hasattr(evaluator, "quick_games"):
            self.by_turn()
            # (self, states, hands, firsts, lefts, turn, bags, second_patch, alive, ...)
            self.wrap(
                evaluator,
                "quick_games",
                "quick_games",
                count=lambda args: len(args[8]) * len(args[6]),
            )
        self.wrap(valuation, "sampled_bag", "shuffles")
        self.wrap(players.FairPlayer, "choose_goals", "goal_choice")
        self.wrap(players._Searching, "visible_candidates", "visible_candidates")

    def by_turn(self):
        """The valuations' quick games by the turn valued (the position's: one before the
        games' first) and by the first future of their block (0, 16, 32, 64, 128: the
        margin's looks), with their CPU seconds by turn."""
        self.turns: dict[int, list] = {}
        self.blocks: dict[int, int] = {}
        original = fastcore.Evaluator.quick_games

        def counted(evaluator, states, hands, firsts, lefts, turn, bags, *rest):
            started = time.process_time()
            original(evaluator, states, hands, firsts, lefts, turn, bags, *rest)
            games = len(rest[1]) * len(bags)
            row = self.turns.setdefault(turn - 1, [0, 0.0])
            row[0] += games
            row[1] += time.process_time() - started
            self.blocks[rest[-1]] = self.blocks.get(rest[-1], 0) + games

        fastcore.Evaluator.quick_games = counted

    def take(self) -> dict:
        taken = {label: round(s, 3) for label, s in self.seconds.items()}
        taken["quick_game_count"] = self.quick_games
        if hasattr(self, "turns"):
            taken["by_turn"] = {t: [n, round(c, 3)] for t, (n, c) in sorted(self.turns.items())}
            taken["by_block"] = dict(sorted(self.blocks.items()))
            self.turns, self.blocks = {}, {}
        self.seconds, self.quick_games = {}, 0
        return taken


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--first", type=int, default=1, help="the first deal's number")
    parser.add_argument("--games", type=int, default=2, help="games k = 0 .. N-1 of each deal")
    parser.add_argument("--prefix", default="par-cost")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--check", type=Path)
    parser.add_argument("--breakdown", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.games < 1:
        parser.error("--deals and --games must be at least 1")
    expected = {}
    if args.check:
        for line in args.check.read_text().splitlines():
            if line.strip().startswith("{"):
                row = json.loads(line)
                if "digest" in row:
                    expected[row["seed"], row["k"]] = row["digest"]
    fastcore.warm()  # compiled or loaded once, outside every game's figure
    breakdown = Breakdown() if args.breakdown else None
    if breakdown:
        breakdown.install()
    load = os.getloadavg()[0]
    rows, differ, checked = [], 0, 0
    for d in range(args.first, args.first + args.deals):
        seed = f"{args.prefix}-{d}"
        dealt = deal(seed)
        for k in range(args.games):
            started = time.process_time()
            record = play_par_game(dealt, k)
            cpu = time.process_time() - started
            row = {
                "seed": seed,
                "k": k,
                "score": record.score["total"],
                "cpu": round(cpu, 3),
                "digest": digest(record),
            }
            if breakdown:
                row["breakdown"] = breakdown.take()
            if (seed, k) in expected:
                checked += 1
                row["same"] = expected[seed, k] == row["digest"]
                differ += not row["same"]
            rows.append(row)
            print(json.dumps(row), flush=True)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    cpu = statistics.mean(row["cpu"] for row in rows)
    summary = {
        "games": len(rows),
        "cpu_per_game": round(cpu, 3),
        "cpu_per_day": round(cpu * GAMES, 1),
        "mean_score": round(statistics.mean(row["score"] for row in rows), 2),
        "load": [round(load, 2), round(os.getloadavg()[0], 2)],
    }
    if args.check:
        summary |= {"checked": checked, "differ": differ}
    print(json.dumps(summary))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
