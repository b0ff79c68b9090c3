"""Solver opponents at a multiplayer table.

``LEVELS`` (what the site plays) are the solo players shown a seat's view. A seat's
``TableView`` becomes a solo ``Observation`` (``TableView.solo_observation``): the seat's own
quilt, hand, market and turn, with every patch in the other quilts given as "discarded" (out of
the seat's reach, like solo's discards), so that ``unseen()`` is exactly the multiset the seat
can work out (the bag and the other hands). Nothing else crosses: the players never see the bag
or another hand. The solo players model the coming markets with solo's conveyor (two fresh
patches a turn).

``TABLE_LEVELS`` are the table player (``table.TablePlayer``, issue 26): candidates played out
to the end of the table in the compiled core (the open market, the seats in order, each
modelled by the quick policy on its own goals), valued by finishing first. They are judged
against ``LEVELS`` by research/versus_table.py and become the site's levels only once that
judgement says they are stronger at a wait players accept (docs/versus.md; setting
``CALICO_VERSUS_TABLE_LEVELS`` plays some levels with them, ``site_levels``); the hint
(``table_hint``) is the table player's move.
"""

from collections.abc import Iterable

from solver.game import TURNS, Move, Setup, TableView

from . import make_player
from .base import Player
from .table import TablePlayer

# Level -> (strategy, options). Hard is the fair player made lighter (fewer samples and
# candidates) so that its move is quicker than par's (research/versus_levels.py times each level).
LEVELS = {
    "easy": ("greedy", {}),
    "medium": ("beam", {}),
    "hard": ("fair", {"samples": 96, "candidates": 24}),
}
# The table player at budgets of play-out turns (research/versus_table.py judges and times them).
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
    return player.choose_move(view.solo_observation())


# The versus hint (``table_hint``): the table player's move for the seat (``TablePlayer``:
# the fair player's best candidates played out to the end of the table, the open market and
# every seat), at a strength whose move stays quick (bench/versus_hint.py times it through
# the stack), and with ``points``: a little utility a point of the seat's own final score, so
# that where first place is settled either way the hint still plays for points.
HINT_STRENGTH = {"candidates": 4, "budget": 6000, "samples": 16, "points": 0.01}


def table_hint(view: TableView, **strength):
    """The hint for the seat to move: ``hints.Hint`` (move, expected score, reasons), the table
    player's move (``table.TablePlayer`` at ``HINT_STRENGTH``, or ``strength``'s options),
    its expected score the seat's mean final points in the table player's futures (the
    quick policy playing every seat after it; exact on the last turn), its reasons the solo
    hints' (``hints.reasons``). Never reads the bag or another hand: a ``TableView`` has
    neither."""
    from .hints import Hint, reasons  # hints imports players; versus stays importable alone

    if view.turn > TURNS or view.to_move != view.seat:
        raise ValueError("it is not this seat's turn: there is no move to hint")
    player = hint_player(**strength)
    moves, _, points, best = player.valuation(view)
    return Hint(moves[best], points[best], reasons(view.solo_observation(), moves[best]))


def hint_player(**strength) -> TablePlayer:
    """The table player that gives the versus hints (``table_hint``)."""
    return TablePlayer(seed="versus-hint", **{**HINT_STRENGTH, **strength})
