"""Choosing the goals: 3 of the 4 options, and which goal space each one takes.

Every arrangement (4 x 3! = 24) plays a quick game (a narrow beam) on the first deal (or
the first few); the best few play the other deals too (the same deals for every arrangement,
so that the comparison is fair), and the best total wins. With ``FairPlayer``'s
``goal_deals`` the finalists are valued again by how the fair player itself would start them
(``by_first_turn``).
"""

from collections.abc import Callable
from itertools import permutations

from solver.game import GOAL_CELLS, Deal, Observation, Quilt, Setup, SoloGame, cell_name

from .beam import Beam, SearchOptions, play_to_end

QUICK = SearchOptions(width=1, breadth=1)
FINALISTS = 6  # arrangements that play every deal


def arrangements(setup: Setup) -> list[dict]:
    """Every {"r,c": goal id} a standard setup allows, in a fixed order."""
    names = [cell_name(cell) for cell in GOAL_CELLS]
    return [dict(zip(names, goals, strict=True)) for goals in permutations(setup.goal_options, 3)]


def quick_game(beam: Beam, deal: Deal) -> float:
    """The final value of ``beam``'s game of ``deal`` (compiled when ``beam`` is QUICK)."""
    root = beam.root(Quilt(beam.evaluator.layout), deal.hand, deal.market, 1)
    return play_to_end(beam, list(deal.bag))(root).value


def choose_arrangement(
    setup: Setup, deals: list[Deal], evaluator_for, keep: int = 0, first: int = 1
):
    """The best arrangement on ``deals`` (or the best ``keep`` of them, best first): every
    arrangement plays the ``first`` deals, the best few the rest too; None when the setup
    fixes its goals."""
    if setup.goals is not None or setup.family:
        return None
    scored = [(0.0, goals) for goals in arrangements(setup)]
    rounds = ((deals[:first], len(scored)), (deals[first:], max(FINALISTS, keep)))
    for round_deals, survivors in rounds:
        scored = [
            (
                total
                + sum(
                    quick_game(Beam(evaluator_for(setup.layout(goals)), QUICK), deal)
                    for deal in round_deals
                ),
                goals,
            )
            for total, goals in scored[:survivors]
        ]
        scored.sort(key=lambda item: item[0], reverse=True)  # stable: ties keep the order
    return [goals for _, goals in scored[:keep]] if keep else scored[0][1]


def by_first_turn(
    finalists: list[dict], deals: list[Deal], value: Callable[[Observation], float]
) -> dict:
    """The finalist whose turn-1 positions on ``deals`` (the same deals for each) are worth
    the most on average by ``value`` (the fair player's turn-1 valuation: the expected final
    score of its best move), the earlier finalist on a tie. A quick game starts an
    arrangement with its greedy move; this asks what the player that will play it expects."""
    best, best_total = None, None
    for goals in finalists:
        total = sum(value(SoloGame.start(deal, goals).observation()) for deal in deals)
        if best_total is None or total > best_total:
            best, best_total = goals, total
    return best
