"""The weekly special's page: this week's scenario with its rules, its commitment, the play
button and its board; the past weeks with their seeds and the solver's pass chance."""

from django.shortcuts import render
from django.views.decorators.gzip import gzip_page

from core.pages import player_or_none
from core.weeks import closes_at, week_start
from puzzles.game_state import today

from . import selectors, services


@gzip_page
def this_week(request):
    player = player_or_none(request)
    special = services.do_ensure_special(week_start(today()))
    context = {
        "special": selectors.special_json(special, player),
        "board": selectors.board_json(special),
        "past": [selectors.special_json(past) for past in selectors.past_specials()],
        "closes": closes_at(special.monday),
        "nav": "weekly",
    }
    return render(request, "weekly/weekly.html", context)


def play(request):
    """This week's special on the game page (a scenario game on the week's deal)."""
    special = services.do_ensure_special(week_start(today()))
    return render(
        request,
        "puzzles/game.html",
        {
            "date": "",
            "scenario": special.scenario,
            "weekly": special.week,
            "nav": "weekly",
        },
    )
