"""Page views: the interactive pages' shells around the JSON API (the read-only pages are in
days.py, players.py and scenarios.py; the sign-up and log-in forms are the accounts app's).

A page view writes nothing; the visitor becomes a guest with the page's first write
(``puzzles.auth.acting_player``). The pages' scripts fetch every number from the API, so no
view here computes or repeats a score.
"""

import datetime

from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _

from core.pages import not_found

from ..game_state import today
from ..selectors import challenges as challenge_reads
from ..selectors.games import player_game
from .pages import bad_date, shell


def _date_or_none(value: str) -> str | None:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        return None


def daily(request):
    """Today's game; the home page, so its tags describe the site to a link's preview."""
    og = {
        "url": request.build_absolute_uri("/"),
        "image": request.build_absolute_uri(static("puzzles/icons/icon-512.png")),
    }
    return shell(request, "game", date="", nav="daily", og=og)


def practice(request, date):
    """A past day played again (its page reads the API); a day that had no daily is the
    site's 404 page, with its way back to today (the page used to say the API's error)."""
    day = _date_or_none(date)
    if day is None:
        return bad_date(request, date)
    if (
        day != today().isoformat()
        and challenge_reads.day_challenge(datetime.date.fromisoformat(day)) is None
    ):
        return not_found(request, _("There was no daily quilt on %(day)s") % {"day": day})
    return shell(request, "game", date=day, practice=True, nav="archive")


def review(request, game_id: int):
    """A finished game, turn by turn, with its analysis (the page reads the replay API, which
    decides who may see it). ``own``: the visitor's own finished game (its page offers a duel
    on its deal)."""
    game = player_game(game_id, request.user)
    own = game is not None and game.status == game.Status.FINISHED
    today_s = own and game.challenge is not None and game.challenge.date == today()
    return shell(request, "review", game_id=game_id, nav="review", own=own, today_s=today_s)


def solver_review(request, date, kind):
    """The same viewer for the par or best-known game of a closed day."""
    day = _date_or_none(date)
    if day is None:
        return bad_date(request, date)
    if kind not in ("par", "best"):
        return not_found(request, _("no solver game %(kind)s: par or best") % {"kind": repr(kind)})
    return shell(request, "review", date=day, kind=kind, nav="review")


def privacy(request):
    return render(request, "puzzles/privacy.html", {"nav": "privacy"})
