"""The day pages, rendered on the server from the API's selectors: the archive of past days
and a day's leaderboard (its histogram drawn here too), and the leaderboard's part of the end
screen (your rank in words and the histogram, for its script to place). Paging is plain
links."""

import datetime

from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from core.pages import BadQuery, bad_request, choice, not_found, page_number, pager, player_or_none

from .. import words
from ..game_state import today
from ..selectors import challenges as challenge_reads
from ..selectors.leaderboards import leaderboard as leaderboard_of
from ..selectors.players import counted_days
from . import charts
from .pages import bad_date

READY = "ready"


def _score(run: dict | None):
    """A solver run's score once ready, else None."""
    return run["score"] if run and run["status"] == READY else None


@gzip_page
def archive(request):
    """Past days, newest first, each with par, the best known and your own result."""
    try:
        number = page_number(request)
    except BadQuery as problem:
        return bad_request(request, problem)
    paginator = Paginator(challenge_reads.archive(), challenge_reads.ARCHIVE_PAGE_SIZE)
    page = paginator.get_page(number)  # past the last page: the last page
    challenges = list(page)
    mine = counted_days(player_or_none(request), [c.date for c in challenges])
    days = []
    for challenge in challenges:
        data = challenge_reads.challenge_json(challenge)
        days.append(
            {
                "date": challenge.date,
                "board": words.board(data["board"]),
                "cats": [cat["cat"] for cat in data["cats"]],
                "par": data["par"],
                "best": data["best_known"],
                "mine": mine.get(challenge.date),
                "difficulty": data["difficulty"],
            }
        )
    context = {"days": days, "pager": pager(page.number, paginator.num_pages), "nav": "archive"}
    return render(request, "puzzles/archive.html", context)


def _day(value: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


@gzip_page
def leaderboard(request, date=""):
    """A day's ranked quilts, a page at a time, with its histogram, par and your rank."""
    if not date and request.GET.get("date"):  # the page's day form, sent without a script
        asked = _day(request.GET["date"])
        if asked is None:
            return bad_date(request, request.GET["date"])
        return redirect("web:leaderboard", asked.isoformat())
    day = _day(date) if date else today()
    if day is None:
        return bad_date(request, date)
    try:
        number = page_number(request)
        exclude_hints = choice(request, "hints", ("include", "exclude"), "include") == "exclude"
    except BadQuery as problem:
        return bad_request(request, problem)
    # The day's neighbours with a challenge: no "Earlier" before the first day.
    earlier, later = challenge_reads.neighbour_days(day)
    context = {
        "date": day.isoformat(),
        "day": day,
        "earlier": earlier,
        "later": later,
        "exclude_hints": exclude_hints,
        "nav": "leaderboard",
    }
    challenge = challenge_reads.day_challenge(day)
    if challenge is None:
        # Today before its first game has no challenge row yet: an empty open day.
        status = 200 if day == today() else 404
        context.update(missing=day != today(), closed=False, board=None)
        return render(request, "puzzles/leaderboard.html", context, status=status)
    player = player_or_none(request)
    board = leaderboard_of(challenge, number, exclude_hints, player)
    if number > board["pages"]:  # past the last page: the last page
        board = leaderboard_of(challenge, board["pages"], exclude_hints, player)
    closed = challenge_reads.is_closed(challenge)
    par = _score(board["par"])
    best = _score(challenge_reads.best_known_json(challenge)) if closed else None
    context.update(
        board=board,
        closed=closed,
        par=par,
        best=best,
        seed=challenge.seed if closed else None,
        pager=pager(board["page"], board["pages"], "hints=exclude&" if exclude_hints else ""),
        histogram=_histogram(board, board["me"], par),
    )
    return render(request, "puzzles/leaderboard.html", context)


def _histogram(board: dict, me: dict | None, par: int | None) -> dict | None:
    return charts.histogram(board["histogram"], mine=me["score"] if me else None, par=par)


@gzip_page
def standing(request, date):
    """The end screen's part of a day's leaderboard (puzzles/_standing.html), the same words
    and histogram as the leaderboard page's. ``?practice=1``: a practice game's end, which
    shows no rank and no mark of yours."""
    day = _day(date)
    if day is None:
        return bad_date(request, date)
    challenge = challenge_reads.day_challenge(day)
    if challenge is None:
        return not_found(request, _("no daily quilt on %(day)s") % {"day": day.isoformat()})
    board = leaderboard_of(challenge, 1, False, player_or_none(request))
    me = None if request.GET.get("practice") else board["me"]
    par = _score(board["par"])
    context = {
        "date": day.isoformat(),
        "board": board,
        "me": me,
        "closed": challenge_reads.is_closed(challenge),
        "histogram": _histogram(board, me, par),
    }
    return render(request, "puzzles/_standing.html", context)
