"""The scenario pages: the list of cards, and a scenario game on the game page."""

from solver.game import SCENARIOS

from .pages import not_found, shell


def scenario_list(request):
    return shell(request, "scenarios", nav="scenarios")


def scenario_play(request, number: int):
    if number not in SCENARIOS:
        return not_found(request, f"there is no scenario {number} (1 to {len(SCENARIOS)})")
    return shell(request, "game", date="", scenario=number, nav="scenarios")
