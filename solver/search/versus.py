"""Solver opponents at a multiplayer table: the solo players, shown a seat's view.

A seat's ``TableView`` becomes a solo ``Observation``: the seat's own quilt, hand, market and
turn, with every patch in the other quilts given as "discarded" (out of the seat's reach, like
solo's discards), so that ``unseen()`` is exactly the multiset the seat can work out (the bag
and the other hands). Nothing else crosses: the players never see the bag or another hand.

The searching players model the coming markets with solo's conveyor (two fresh patches a
turn). At a table the other players also take from the market between one's turns, which no
player can foresee; the conveyor's fresh draws stand in for that churn.
"""

from solver.game import Move, Observation, Setup, TableView

from . import make_player
from .base import Player

# Level -> (strategy, options). Hard is the fair player made lighter (fewer samples and
# candidates) so that its move is quicker than par's (bench/versus_levels.py times each level).
LEVELS = {
    "easy": ("greedy", {}),
    "medium": ("beam", {}),
    "hard": ("fair", {"samples": 96, "candidates": 24}),
}
GOAL_CHOICE = ("beam", {})  # every level places its goals with the solver's goal choice


def solo_view(view: TableView) -> Observation:
    """The seat's view as a solo observation (see the module docstring)."""
    others = [p for seat, q in enumerate(view.quilts) if seat != view.seat for _, p in q.placements]
    return Observation(view.setup, view.quilt.copy(), view.hand, view.market, others, view.turn)


def make_opponent(level: str, seed: str) -> Player:
    """The solver player of a level; ``seed`` makes its sampling reproducible."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    strategy, options = LEVELS[level]
    return make_player(strategy, seed=seed, **options)


def choose_goals(setup: Setup, seed: str) -> dict:
    """{"r,c": goal id}: three of the seat's four options, placed by the solver's goal choice."""
    strategy, options = GOAL_CHOICE
    return make_player(strategy, seed=seed, **options).choose_goals(setup)


def choose_move(player: Player, view: TableView) -> Move:
    return player.choose_move(solo_view(view))
