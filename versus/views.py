"""The versus page, a shell around the JSON API (as the daily's game page, puzzles.web.views)."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from solver.search.versus import LEVELS

# The versus levels and the solver's players as the page names them (LEVELS' keys and
# strategies are the engine's; gettext_noop so makemessages finds each).
LEVEL_NAMES = {
    "easy": gettext_noop("easy"),
    "medium": gettext_noop("medium"),
    "hard": gettext_noop("hard"),
}
PLAYER_NAMES = {
    "greedy": gettext_noop("the solver's greedy player"),
    "beam": gettext_noop("the solver's beam player"),
    "fair": gettext_noop("the solver's fair player"),
}


def table(request):
    """The versus page: a shell whose script (versus.js) sits down and plays through the API."""
    levels = [
        (level, _(LEVEL_NAMES.get(level, level)), _(PLAYER_NAMES.get(strategy, strategy)))
        for level, (strategy, _unused) in LEVELS.items()
    ]
    return render(request, "versus/versus.html", {"levels": levels, "nav": "versus"})
