"""The versus page, a shell around the JSON API (as the daily's game page, puzzles.web.views)."""

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.pages import player_or_none
from solver.search.versus import site_levels

from .selectors import tables_in_progress

# The versus levels and the solver's players as the page names them, in a player's words
# (how each plays, not the engine's names for its strategies: LEVELS' keys and strategies are
# the engine's; gettext_noop so makemessages finds each).
LEVEL_NAMES = {
    "easy": gettext_noop("easy"),
    "medium": gettext_noop("medium"),
    "hard": gettext_noop("hard"),
}
PLAYER_NAMES = {
    "greedy": gettext_noop("takes the most points each turn"),
    "beam": gettext_noop("looks a few turns ahead"),
    "fair": gettext_noop("plans the whole game"),
    # TABLE_LEVELS (docs/versus.md)
    "table": gettext_noop("plans the whole game and watches yours"),
}


def level_names() -> dict[str, dict[str, str]]:
    """Each level's name and the player who plays it, in the request's language: the site's
    levels (setting ``CALICO_VERSUS_TABLE_LEVELS``, read as the worker reads it), so a level
    the table player plays is named as such."""
    levels = site_levels(settings.CALICO_VERSUS_TABLE_LEVELS)
    return {
        level: {"name": _(LEVEL_NAMES.get(level, level)), "player": _(PLAYER_NAMES.get(s, s))}
        for level, (s, _options) in levels.items()
    }


def table(request):
    """The versus page: a shell whose script (versus.js) sits down and plays through the API;
    the levels' names go to it too (its opponents' cards name their level and player), and
    your tables in progress are listed in its lobby (``?table=<id>`` resumes one)."""
    names = level_names()
    levels = [(level, named["name"], named["player"]) for level, named in names.items()]
    resume = [
        {**table, "level_name": names.get(table["level"], {}).get("name", table["level"])}
        for table in tables_in_progress(player_or_none(request))
    ]
    context = {"levels": levels, "level_names": names, "nav": "versus", "resume": resume}
    return render(request, "versus/versus.html", context)
