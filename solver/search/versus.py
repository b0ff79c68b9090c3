"""Solver opponents at a multiplayer table.

``LEVELS`` (what the site plays) are the solo players shown a seat's view. A seat's
``TableView`` becomes a solo ``Observation`` (``solo_view``): the seat's own quilt, hand,
market and turn, with every patch in the other quilts given as "discarded" (out of the seat's
reach, like solo's discards), so that ``unseen()`` is exactly the multiset the seat can work
out (the bag and the other hands). Nothing else crosses: the players never see the bag or
another hand. The solo players model the coming markets with solo's conveyor (two fresh
patches a turn).

``TABLE_LEVELS`` are the table player (``table.TablePlayer``, issue 26): candidates played out
to the end of the table in the compiled core (the open market, the seats in order, each
modelled by the quick policy on its own goals), valued by finishing first. They are judged
against ``LEVELS`` by bench/versus_table.py and become the site's levels only once that
judgement says they are stronger at a wait players accept (docs/versus.md); the hint
(``table_hint``) already knows the table's market.
"""

import math
from collections.abc import Iterable

from solver.game import TURNS, Move, Observation, Setup, TableView

from . import make_player
from .base import Player
from .baselines import best_placement
from .beam import Node, play_to_end
from .fastcore import pack
from .players import FairPlayer
from .table import TablePlayer
from .valuation import _after, sampled_bag

# Level -> (strategy, options). Hard is the fair player made lighter (fewer samples and
# candidates) so that its move is quicker than par's (bench/versus_levels.py times each level).
LEVELS = {
    "easy": ("greedy", {}),
    "medium": ("beam", {}),
    "hard": ("fair", {"samples": 96, "candidates": 24}),
}
# The table player at budgets of play-out turns (bench/versus_table.py judges and times them).
# Strategy "table" is made here, not by ``make_player``: it plays from a ``TableView``.
TABLE_LEVELS = {
    "easy": ("table", {"candidates": 2, "budget": 400}),
    "medium": ("table", {"candidates": 4, "budget": 3000}),
    "hard": ("table", {"candidates": 4, "budget": 10000, "samples": 32}),
}
GOAL_CHOICE = ("beam", {})  # every level places its goals with the solver's goal choice


def site_levels(table: Iterable[str] = ()) -> dict:
    """The levels a site plays: ``LEVELS``, with the levels named in ``table`` played by the
    table player (``TABLE_LEVELS``; setting ``CALICO_VERSUS_TABLE_LEVELS``)."""
    table = set(table)
    unknown = table - set(TABLE_LEVELS)
    if unknown:
        raise ValueError(f"unknown table levels {sorted(unknown)}: {', '.join(LEVELS)} are")
    return {level: (TABLE_LEVELS if level in table else LEVELS)[level] for level in LEVELS}


def solo_view(view: TableView) -> Observation:
    """The seat's view as a solo observation (see the module docstring)."""
    others = [p for seat, q in enumerate(view.quilts) if seat != view.seat for _, p in q.placements]
    return Observation(view.setup, view.quilt.copy(), view.hand, view.market, others, view.turn)


def make_opponent(level: str, seed: str, levels: dict = LEVELS) -> Player:
    """The solver player of a level; ``seed`` makes its sampling reproducible."""
    if level not in levels:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(levels)}")
    strategy, options = levels[level]
    if strategy == "table":
        return TablePlayer(seed=seed, **options)
    return make_player(strategy, seed=seed, **options)


def choose_goals(setup: Setup, seed: str) -> dict:
    """{"r,c": goal id}: three of the seat's four options, placed by the solver's goal choice."""
    strategy, options = GOAL_CHOICE
    return make_player(strategy, seed=seed, **options).choose_goals(setup)


def choose_move(player: Player, view: TableView) -> Move:
    if getattr(player, "sees_table", False):  # the table player reads the table itself
        return player.choose_table_move(view)
    return player.choose_move(solo_view(view))


# The versus hint (``table_hint``): the best visible candidates, valued by sequential halving
# (``valuation.halve_moves``'s rounds) on futures where the first round is the table's.
# ``budget`` counts play-out turns, not play-outs, so that a hint costs about the same on
# every turn (a play-out from turn 1 plays 21 turns, from turn 18 four); set so that a hint
# is quick (bench/versus_hint.py times it through the stack).
HINT_STRENGTH = {"candidates": 12, "budget": 8000}


def table_hint(view: TableView, *, candidates: int | None = None, budget: int | None = None):
    """The hint for the seat to move: ``hints.Hint`` (move, expected score, reasons), from a
    player that knows it is at a table. A candidate is played out in sampled futures (the
    unseen patches shuffled: the bag and the other hands, what the seat can work out) where
    the round after the move is the table's: the taken slot is refilled from the bag, then
    each other seat that still takes (its last turn has no market step) takes the market
    patch its greedy policy wants most on its own quilt (``_tastes``), refilled in turn. The
    rest of the play-out is the compiled quick game with solo's conveyor (two fresh patches
    a turn), which a 2-player table matches (two takes a round) and a larger one understates.
    Never reads the bag or another hand: a ``TableView`` has neither."""
    from .hints import Hint, reasons  # hints imports players; versus stays importable alone

    if view.turn > TURNS or view.to_move != view.seat:
        raise ValueError("it is not this seat's turn: there is no move to hint")
    candidates = candidates or HINT_STRENGTH["candidates"]
    budget = budget or HINT_STRENGTH["budget"]
    observation = solo_view(view)
    player = FairPlayer(seed="versus-hint")
    moves = [node.move for node in player.visible_candidates(observation, max(candidates, 4))]
    moves = moves[:candidates]
    beam = player.playout(observation.layout)
    afters = [_after(beam, observation, move) for move in moves]
    if view.turn == TURNS or len(moves) == 1:  # the last move's points are all there is
        values = [float(after.quilt.points) for after in afters]
        best = max(range(len(moves)), key=lambda i: (values[i], -i))
        if view.turn < TURNS:
            bag = sampled_bag(sorted(view.unseen().elements()), "versus-hint", view.turn, 0)
            values[best] = _table_value(beam, view, afters[best], _tastes(view), bag)
    else:
        values, best = _halve(beam, view, afters, budget)
    return Hint(moves[best], values[best], reasons(observation, moves[best]))


def _halve(beam, view: TableView, afters: list, budget: int) -> tuple[list[float], int]:
    """Sequential halving over the candidates (as ``valuation.halve_moves``), every candidate
    in on the same futures: (each one's mean value, the index of the best)."""
    tastes = _tastes(view)
    unseen = sorted(view.unseen().elements())
    states = [pack(after.quilt) for after in afters]
    samples = 1 if view.turn == TURNS - 1 else None  # the draws after it are never played
    rounds = max(1, math.ceil(math.log2(len(afters))))
    totals = [0.0] * len(afters)
    counts = [0] * len(afters)
    alive = list(range(len(afters)))
    played = 0
    while True:
        share = samples or max(1, budget // (len(alive) * rounds * (TURNS - view.turn)))
        for k in range(played, played + share):
            bag = sampled_bag(unseen, "versus-hint", view.turn, k)
            for i in alive:
                totals[i] += _table_value(beam, view, afters[i], tastes, bag, states[i])
                counts[i] += 1
        played += share
        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
        alive = sorted(alive[: (len(alive) + 1) // 2])
        if len(alive) == 1 or samples:
            break
    values = [total / max(count, 1) for total, count in zip(totals, counts, strict=True)]
    return values, alive[0]


def _table_value(beam, view: TableView, after, tastes, bag, state=None) -> float:
    """The final score after ``after`` in the future ``bag``, its first round the table's."""
    market = list(after.market)
    market[after.move.market_index] = bag[0]
    drawn = 1
    for taste in tastes:  # each other seat takes the patch it wants most, refilled in turn
        slot = max(range(3), key=lambda s: (taste[market[s]], -s))
        market[slot] = bag[drawn]
        drawn += 1
    node = Node(after.quilt, after.hand, tuple(market), drawn, after.turn, after.value,
                key=after.key)  # fmt: skip
    return play_to_end(beam, bag)(node, state).value


def _tastes(view: TableView) -> list[dict]:
    """For each other seat that takes from the market before the seat's next turn, in the
    order they take: {patch: the best immediate gain it offers that seat's quilt} (the
    greedy policy's judgement of a market patch, ``baselines.GreedyPlayer``)."""
    players = len(view.quilts)
    order = [(view.seat + step) % players for step in range(1, players)]
    patches = sorted(set(view.setup.pool()))
    tastes = []
    for seat in order:
        quilt = view.quilts[seat]
        if len(quilt.placements) >= TURNS - 1:  # its next turn is its last: no market step
            continue
        tastes.append({p: best_placement(quilt, [p])[0] for p in patches})
    return tastes
