"""The drill's page: the position drawn by drill.js from the API's answer, in the page."""

from django.shortcuts import render

from core.pages import player_or_none

from . import selectors


def drill(request):
    found = selectors.drill_of(player_or_none(request))
    return render(request, "drill/drill.html", {"drill": found, "nav": "drill"})
