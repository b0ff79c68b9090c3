"""The review of a seat's moves at a table (issue 26): each move valued on the table's futures.

The solo review (``analysis.analyse``) values a move on solo's conveyor market (two fresh
patches a turn). At a table the market is open and refilled from the bag, and the other seats
take from it in turn, so this review values on the table player's futures instead
(``table._Futures``): what the seat cannot see (the bag and the other hands,
``TableView.unseen``) shuffled, the other hands dealt from its front, the seats in order,
every seat (this one too, after the move) playing the quick policy to the end of the table.

For each turn the table player's candidates (``TablePlayer.candidate_moves``: the fair
player's best visible moves on the seat's solo view) and the played move (once, if it is among
them) are played out on the **same** futures (common random numbers), and valued in points of
the seat's own final score: the solo review's unit, judged by its rules
(``analysis.judged_turn``: cross-fitted halves, ``loss = best - played >= 0``, the marks and
the accuracy), so the answer has the solo review's shape. The seat's last turn has no market
step and nothing after it changes its quilt: one future values it exactly.

Deterministic for a given seed; never reads the bag or another hand (a ``TableView`` has
neither). research/versus_review.py measures its cost (docs/benchmarks.md).
"""

from collections.abc import Callable, Sequence

import numpy as np

from solver.game import TURNS, Move, SoloGame, TableView

from .analysis import Analysis, _same_move, judged_turn
from .players import search_options
from .table import TablePlayer, _Futures

# Futures a candidate at each turn, and candidates besides the played move: about the solo
# review's CPU for a 4-player game (research/versus_review.py).
TABLE_REVIEW_DEFAULTS = {"samples": 64, "candidates": 4}
SEED = "versus-review"
MARKET = "table"  # how the review valued (the answer's ``market``; solo's is "conveyor")


class TableAnalysis(Analysis):
    """An ``Analysis`` that says it was valued on the table's market."""

    def to_json(self) -> dict:
        return {**super().to_json(), "market": MARKET}


def review_table(
    turns: Sequence[tuple[TableView, Move]],
    *,
    seed: str = SEED,
    progress: Callable[[int, int], None] | None = None,
    **options,
) -> TableAnalysis:
    """Review each (the seat's view, the move it played) pair of a table.

    ``options``: ``samples`` (futures a candidate each turn) and ``candidates`` (the table
    player's, besides the played move), defaults ``TABLE_REVIEW_DEFAULTS``; the solo review's
    other options (its play-out search) mean nothing here and are dropped. ``progress(done,
    total)`` is called after each turn. Raises ``RulesError`` naming an illegal played move."""
    given = search_options(options)
    samples = given.get("samples", TABLE_REVIEW_DEFAULTS["samples"])
    candidates = given.get("candidates", TABLE_REVIEW_DEFAULTS["candidates"])
    player = TablePlayer(seed=seed, candidates=candidates)
    reviews = []
    for view, played in turns:
        reviews.append(review_table_turn(player, view, played, samples))
        if progress is not None:
            progress(len(reviews), len(turns))
    return TableAnalysis(reviews)


def review_table_turn(player: TablePlayer, view: TableView, played: Move, samples: int):
    """The played move against the table player's candidates, on one set of table futures."""
    observation = view.solo_observation()
    SoloGame.from_observation(observation, ()).check(played)
    moves = player.candidate_moves(view)
    moves = [move for move in moves if not _same_move(observation, move, played)] + [played]
    futures = _Futures(view, moves, player.seed)
    futures.play(range(len(moves)), 1 if view.turn == TURNS else samples)
    return judged_turn(observation, moves, np.array(futures.points, dtype=float))


__all__ = ["MARKET", "TABLE_REVIEW_DEFAULTS", "TableAnalysis", "review_table", "review_table_turn"]
