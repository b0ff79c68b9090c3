"""The table player (issue 26): a versus opponent that knows it is at a table.

For the seat to move it takes the fair player's best visible candidates (``visible_candidates``
on the seat's solo view) and plays each out to the end of the *table* in sampled futures, in
the compiled core (``fastcore.TableEvaluator.table_game``): the open market, its taken slot
refilled from the bag; the seats in order; every seat, this one included after its move,
playing the quick game's greedy policy on its own quilt and goals. A future is a shuffle of
what the seat cannot see (the bag and the other hands, ``TableView.unseen``): each other
seat's hand is dealt from its front, the rest is the bag, as information-set search samples
hidden information. Nothing else crosses: a ``TableView`` has no bag and no other hand.

A candidate is worth its mean **utility**: finishing first (by the rulebook's tiebreak:
points, then cat tokens, then button tokens; a first place shared by k seats is worth 1/k)
plus ``MARGIN`` a point of the lead over the best other seat (capped at ``MARGIN_CAP``
points), so that the margin only orders futures the first place leaves equal. Taking the patch
an opponent needs is then worth what it costs that opponent's finish: denial follows from the
utility, no rule of its own.

The candidates share their futures (the same shuffles), and the futures go to the better half
in rounds (sequential halving, as ``valuation.halve_moves``). ``budget`` counts play-out
*turns* (every seat's), not play-outs, so a move costs about the same at any turn and table
size (research/versus_table.py times it).
"""

import math

import numpy as np

from solver.game import TURNS, Move, TableView

from .base import Player
from .fastcore import pack, table_evaluator_for
from .players import FairPlayer
from .valuation import sampled_bag

MARGIN = 0.02  # utility per point of lead over the best other seat
MARGIN_CAP = 20  # points: at most ±0.4, less than a first place
# A seat's last turn has no market step, so the other seats' turns after it do not depend on
# it: the move whose own quilt ends with the best tiebreak key is the best in every future,
# and no halving is needed; its means are measured on this many futures only.
LAST_FUTURES = 8


def utility(keys: np.ndarray, seat: int) -> float:
    """The seat's utility of one finished table: int64[S, 3] tiebreak keys (points, cat
    tokens, button tokens)."""
    mine = tuple(keys[seat])
    others = [tuple(key) for s, key in enumerate(keys) if s != seat]
    best = max(others)
    first = 0.0 if best > mine else 1.0 / (1 + others.count(mine))
    lead = int(keys[seat, 0]) - max(int(key[0]) for key in others)
    return first + MARGIN * max(-MARGIN_CAP, min(MARGIN_CAP, lead))


class TablePlayer(Player):
    """A versus opponent; ``choose_table_move(view)`` is its move (``versus.choose_move``)."""

    sees_table = True

    def __init__(
        self,
        seed: str = "",
        candidates: int = 4,
        budget: int = 10000,
        samples: int = 0,
        ranked: int = 24,
        points: float = 0.0,
    ):
        self.seed = seed
        self.candidates = candidates
        self.budget = budget
        # the halving ranks by the mean utility plus this much a point of the seat's own mean
        # final points (the versus hint's; the opponents play for the utility alone)
        self.points = points
        # the candidates: with ``samples``, the fair player's best ``candidates`` of its
        # ``ranked`` visible ones valued on that many solo futures; without, the visible best
        self.samples = samples
        self.ranked = ranked

    def choose_table_move(self, view: TableView) -> Move:
        moves, _, _, best = self.valuation(view)
        return moves[best]

    def valuation(self, view: TableView) -> tuple[list[Move], list[float], list[float], int]:
        """(the candidates, each one's mean utility, each one's mean final points of the seat,
        the index of the halving's survivor: the choice), the candidates in the visible
        ranking's order; a candidate dropped by the halving keeps the means of the futures it
        was played in (fewer: a dropped one's mean can be the higher by luck)."""
        if view.turn > TURNS or view.to_move != view.seat:
            raise ValueError("it is not this seat's turn: there is no move to choose")
        moves = self.candidate_moves(view)
        table = _Futures(view, moves, self.seed)
        if len(moves) == 1:
            return moves, *table.means([0], 1), 0
        if view.turn == TURNS:  # the last turn: see ``LAST_FUTURES``
            keys = [_placed(view, move).tiebreak_key() for move in moves]
            best = max(range(len(moves)), key=lambda i: (keys[i], -i))
            return moves, *table.means(range(len(moves)), LAST_FUTURES), best
        rounds = math.ceil(math.log2(len(moves)))
        alive = list(range(len(moves)))
        while True:
            share = max(1, self.budget // (len(alive) * rounds * table.turns))
            table.play(alive, share)
            means, points = table.means(alive, 1)
            worth = {i: u + self.points * p for i, u, p in zip(alive, means, points, strict=True)}
            ranked_alive = sorted(alive, key=lambda i: (-worth[i], i))
            alive = sorted(ranked_alive[: (len(alive) + 1) // 2])
            if len(alive) == 1:
                break
        return moves, *table.means(range(len(moves)), 0), alive[0]

    def candidate_moves(self, view: TableView) -> list[Move]:
        """The moves it values: with ``samples``, the fair player's best ``candidates`` of its
        ``ranked`` visible ones valued on that many solo futures; without, the visible best
        (the table review's candidates too, ``table_review``)."""
        observation = view.solo_observation()
        if self.samples:
            fair = FairPlayer(seed=self.seed, candidates=self.ranked, samples=self.samples)
            valuation = fair.valuation(observation)
            return [valuation.moves[i] for i in valuation.ranking()[: self.candidates]]
        ranked = FairPlayer(seed=self.seed).visible_candidates(observation, self.candidates)
        return [node.move for node in ranked[: self.candidates]]


def _placed(view: TableView, move: Move):
    """The seat's quilt after ``move``."""
    quilt = view.quilt.copy()
    quilt.place(move.cell, view.hand[move.hand_index])
    return quilt


class _Futures:
    """The candidates of one decision, played out on shared sampled futures."""

    def __init__(self, view: TableView, moves: list[Move], seed: str):
        self.view = view
        self.seed = seed
        self.moves = moves
        seats = len(view.quilts)
        self.seat = view.seat
        self.fast = table_evaluator_for(tuple(quilt.layout for quilt in view.quilts))
        self.unseen = sorted(view.unseen().elements())
        self.taken = [len(quilt.placements) for quilt in view.quilts]
        # each other seat's hidden hand: 2 patches, 1 once its game is over (the last one)
        self.hidden = [
            0 if s == view.seat else (1 if self.taken[s] >= TURNS else 2) for s in range(seats)
        ]
        self.taken[view.seat] += 1
        base = np.array([pack(quilt) for quilt in view.quilts], dtype=np.int64)
        self.starts = []
        for move in moves:  # each candidate's table just after it (its refill drawn first)
            states = base.copy()
            states[view.seat] = pack(_placed(view, move))
            keep = view.hand[1 - move.hand_index] if len(view.hand) == 2 else -1
            market = list(view.market)
            taken = -1 if move.market_index is None else market[move.market_index]
            self.starts.append((states, keep, taken, market, move.market_index))
        self.turns = max(1, sum(TURNS - t for t in self.taken))  # play-out turns after it
        self.sums = np.zeros((len(moves), 2))
        self.counts = np.zeros(len(moves))
        # each candidate's final points of the seat, future by future (the review's values)
        self.points: list[list[int]] = [[] for _ in moves]
        self.played = 0

    def play(self, alive: list[int], share: int) -> None:
        """``share`` more futures for each candidate in ``alive`` (the same ones for all)."""
        seats = len(self.view.quilts)
        nxt = (self.seat + 1) % seats
        for k in range(self.played, self.played + share):
            shuffled = sampled_bag(self.unseen, self.seed, self.view.turn, k)
            hands = np.full((seats, 2), -1, dtype=np.int64)
            dealt = 0
            for s, count in enumerate(self.hidden):
                hands[s, :count] = shuffled[dealt : dealt + count]
                dealt += count
            bag = np.array(shuffled[dealt:], dtype=np.int64)
            for i in alive:
                states, keep, taken, market, slot = self.starts[i]
                hands[self.seat] = keep, taken
                market = market[:]
                drawn = 0
                if slot is not None:
                    market[slot] = bag[0]
                    drawn = 1
                keys = self.fast.table_game(states, hands, market, bag, drawn, self.taken, nxt)
                self.sums[i, 0] += utility(keys, self.seat)
                self.sums[i, 1] += keys[self.seat, 0]
                self.points[i].append(int(keys[self.seat, 0]))
                self.counts[i] += 1
        self.played += share

    def means(self, which, at_least: int) -> tuple[list[float], list[float]]:
        """(mean utility, mean points) of the candidates ``which``; played first if a
        candidate has fewer than ``at_least`` futures."""
        which = list(which)
        short = [i for i in which if self.counts[i] < at_least]
        if short:
            self.play(short, at_least)
        n = np.maximum(self.counts[which], 1)
        return list(self.sums[which, 0] / n), list(self.sums[which, 1] / n)
