"""The scenario pages: the list of cards, and a scenario game on the game page."""

from django.shortcuts import render

from solver.game import SCENARIOS

from .visitors import visitor


def scenario_list(request):
    visitor(request)
    return render(request, "puzzles/scenarios.html", {"nav": "scenarios"})


def scenario_play(request, number: int):
    if number not in SCENARIOS:
        what = f"there is no scenario {number} (1 to {len(SCENARIOS)})"
        return render(request, "puzzles/not_found.html", {"what": what}, status=404)
    visitor(request)
    context = {"date": "", "scenario": number, "nav": "scenarios"}
    return render(request, "puzzles/game.html", context)
