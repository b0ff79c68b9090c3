"""The league page: the visitor's league this week, rendered on the server from the API's
selector, with the promotion and relegation lines and the time left."""

from django.shortcuts import render
from django.views.decorators.gzip import gzip_page

from core.pages import player_or_none
from core.weeks import closes_at, week_start
from puzzles.game_state import today

from . import selectors


@gzip_page
def league(request):
    player = player_or_none(request)
    monday = week_start(today())
    found = selectors.league_of(player, monday) if player else None
    context = {
        "league": selectors.league_json(found, player) if found else None,
        "closes": closes_at(monday),
        "nav": "league",
    }
    return render(request, "leagues/league.html", context)
