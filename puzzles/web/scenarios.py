"""The scenario pages: the list of cards (rendered here from the API's selector, their icons
drawn by icons.js), and a scenario game on the game page."""

import json

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from core.pages import not_found, player_or_none
from solver.game import SCENARIOS

from ..selectors.scenarios import scenario_list as scenario_cards
from ..selectors.setups import goals_json
from .pages import shell


@gzip_page
def scenario_list(request):
    labels = {goal["id"]: goal["label"] for goal in goals_json()}
    cards = []
    for card in scenario_cards(player_or_none(request)):
        cats = [{**cat, "shape_json": json.dumps(cat["shape"])} for cat in card["cats"]]
        cards.append(
            {
                **card,
                "cats": cats,
                "cat_ids": " ".join(cat["cat"] for cat in card["cats"]),
                "goal_labels": [(goal, labels.get(goal, goal)) for goal in card["goals"]],
                "conditions": card["checks"][1:],  # the first is the score, the card's target
            }
        )
    context = {
        "cards": cards,
        "passed": sum(1 for card in cards if card["passed"]),
        "nav": "scenarios",
    }
    return render(request, "puzzles/scenarios.html", context)


def scenario_play(request, number: int):
    if number not in SCENARIOS:
        return not_found(
            request,
            _("there is no scenario %(number)s (1 to %(count)s)")
            % {"number": number, "count": len(SCENARIOS)},
        )
    return shell(request, "game", date="", scenario=number, nav="scenarios")
