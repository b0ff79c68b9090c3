"""Choosing the goals: 3 of the 4 options, and which goal space each one takes.

Every arrangement (4 x 3! = 24) plays the same few quick games (a narrow beam, the same
deals for every arrangement, so that the comparison is fair); the best average wins.
"""

from itertools import permutations

from solver.game import GOAL_CELLS, TURNS, Deal, Quilt, Setup, cell_name

from .beam import Beam, SearchOptions

QUICK = SearchOptions(width=1, breadth=1)


def arrangements(setup: Setup) -> list[dict]:
    """Every {"r,c": goal id} a standard setup allows, in a fixed order."""
    names = [cell_name(cell) for cell in GOAL_CELLS]
    return [dict(zip(names, goals, strict=True)) for goals in permutations(setup.goal_options, 3)]


def quick_game(beam: Beam, deal: Deal) -> float:
    quilt = Quilt(beam.evaluator.layout)
    root = beam.root(quilt, deal.hand, deal.market, 1)
    return beam.run([root], list(deal.bag), TURNS)[0].value


def choose_arrangement(setup: Setup, deals: list[Deal], evaluator_for, keep: int = 0):
    """The best arrangement on ``deals`` (or the best ``keep`` of them, best first); None
    when the setup fixes its goals."""
    if setup.goals is not None or setup.family:
        return None
    scored = []
    for goals in arrangements(setup):
        beam = Beam(evaluator_for(setup.layout(goals)), QUICK)
        scored.append((sum(quick_game(beam, deal) for deal in deals), goals))
    scored.sort(key=lambda item: item[0], reverse=True)  # stable: ties keep the fixed order
    return [goals for _, goals in scored[:keep]] if keep else scored[0][1]
