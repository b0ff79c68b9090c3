"""The scenario pages: the list of cards, and a scenario game on the game page."""

from django.utils.translation import gettext as _

from solver.game import SCENARIOS

from .pages import not_found, shell


def scenario_list(request):
    return shell(request, "scenarios", nav="scenarios")


def scenario_play(request, number: int):
    if number not in SCENARIOS:
        return not_found(
            request,
            _("there is no scenario %(number)s (1 to %(count)s)")
            % {"number": number, "count": len(SCENARIOS)},
        )
    return shell(request, "game", date="", scenario=number, nav="scenarios")
