"""The versus review's cost: a whole table's review of seat 0 on the table's market
(``table_review.review_table``), at 2 and 4 players, beside the solo review of the same moves
(``analysis.analyse`` on the seat's solo views, what the versus review was before).

Seat 0 plays the site's medium (the beam search on its solo view), the other seats the easy
(greedy) level; the goals are the workers' goal choice. Each game is reviewed ``--repeats``
times with other review seeds: the noise is the mean absolute difference of a turn's
``loss`` (and the largest) and of the game's accuracy between two reviews. Cost in CPU
seconds of the process (``time.process_time``).

    nice .venv/bin/python -m research.versus_review [--tables 1] [--players 2 4]
        [--samples N] [--candidates N] [--repeats 2] [--solo]

Prints the figures and the load average (the machine is shared: say it with the figures).
"""

import argparse
import itertools
import os
import statistics
import time

from solver.game import MultiplayerGame, deal_table
from solver.search.analysis import analyse
from solver.search.fastcore import warm
from solver.search.table_review import TABLE_REVIEW_DEFAULTS, review_table
from solver.search.versus import choose_goals, choose_move, make_opponent


def seat_zero_turns(seed: str, players: int) -> list:
    """Seat 0's (view, move) pairs of one table."""
    table = deal_table(seed, players)
    goals = [choose_goals(setup, f"{seed}/seat-{s}") for s, setup in enumerate(table.setups)]
    seats = [
        make_opponent("medium" if s == 0 else "easy", f"{seed}/seat-{s}") for s in range(players)
    ]
    game = MultiplayerGame(table, goals)
    turns = []
    while not game.finished:
        view = game.view(game.seat)
        move = choose_move(seats[game.seat], view)
        if game.seat == 0:
            turns.append((view, move))
        game.play(move)
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1, help="tables of each size")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--samples", type=int, default=TABLE_REVIEW_DEFAULTS["samples"])
    parser.add_argument("--candidates", type=int, default=TABLE_REVIEW_DEFAULTS["candidates"])
    parser.add_argument("--repeats", type=int, default=2, help="reviews of each game")
    parser.add_argument("--solo", action="store_true", help="time the solo review too")
    args = parser.parse_args()
    options = {"samples": args.samples, "candidates": args.candidates}
    warm()
    print(f"table review {options}, {args.repeats} reviews a game")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    print("table          review  CPU s        accuracy   loss/turn  |d loss| (max)  |d accuracy|")
    for players, k in itertools.product(args.players, range(args.tables)):
        seed = f"versus-review-{k}"
        turns = seat_zero_turns(seed, players)
        kinds = [("table", review_table, turns)]
        if args.solo:
            kinds.append(("solo", analyse, [(v.solo_observation(), m) for v, m in turns]))
        for kind, review, pairs in kinds:
            reviews, seconds = [], []
            for r in range(args.repeats):
                started = time.process_time()
                reviews.append(review(pairs, seed=f"bench-{r}", **options))
                seconds.append(time.process_time() - started)
            lost, accuracies = [], []
            for a, b in itertools.combinations(reviews, 2):
                lost += [abs(x.loss - y.loss) for x, y in zip(a.turns, b.turns, strict=True)]
                accuracies.append(abs(a.accuracy - b.accuracy))
            per_turn = statistics.mean(r.expected_loss / len(r.turns) for r in reviews)
            noise = f"{statistics.mean(lost):.2f} ({max(lost):.1f})" if lost else "-"
            print(
                f"{players}p {seed:11} {kind:6} {'/'.join(f'{t:.2f}' for t in seconds):12} "
                f"{'/'.join(f'{r.accuracy:.0f}' for r in reviews):10} {per_turn:9.2f}  "
                f"{noise:15} {statistics.mean(accuracies) if accuracies else 0:.1f}"
            )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
