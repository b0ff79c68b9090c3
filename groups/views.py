"""Pages of groups, rendered on the server from the API's selectors: your groups, a group's
board, members and standings. Writes (create, join, leave, a new invite code) stay with the API,
called by the pages' scripts."""

import datetime

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page

from core.pages import BadQuery, bad_request, choice, not_found, page_number, pager, visitor
from puzzles.game_state import today
from puzzles.selectors import challenges as challenge_reads
from puzzles.selectors.leaderboards import leaderboard as leaderboard_of

from . import selectors as group_reads


@gzip_page
def groups(request):
    user = visitor(request)
    mine = group_reads.groups_of(user) if user.is_authenticated else []
    context = {"groups": [group_reads.group_summary(g) for g in mine], "nav": "groups"}
    return render(request, "groups/groups.html", context)


def _board_day(request) -> datetime.date:
    value = request.GET.get("date")
    if not value:
        return today()
    try:
        return challenge_reads.parse_date(value)
    except ValueError:
        raise BadQuery(
            _("date: %(value)s is not a date like 2026-11-29") % {"value": repr(value)}
        ) from None


@gzip_page
def group(request, group_id):
    """The members' board of a day (``?date=``, today by default), members and the invite,
    the standings of the last ``?days=`` 7 or 30."""
    user = visitor(request)
    found = group_reads.group_for(group_id, user)
    if found is None:
        return not_found(request, _("That group does not exist or you are not one of its members"))
    try:
        day = _board_day(request)
        days = choice(request, "days", group_reads.STANDING_DAYS, group_reads.STANDING_DAYS[0])
        number = page_number(request)
    except BadQuery as problem:
        return bad_request(request, problem)
    info = group_reads.group_json(found)
    board = None
    challenge = challenge_reads.day_challenge(day)
    if challenge is not None:
        members = group_reads.member_ids(found)
        board = leaderboard_of(challenge, number, False, user, members)
        if number > board["pages"]:  # past the last page: the last page
            board = leaderboard_of(challenge, board["pages"], False, user, members)
    join = reverse("groups:join", args=[found.invite_code])
    context = {
        "group": info,
        "owner": info["owner"] == user.username,
        "day": day,
        "date": day.isoformat(),
        "days": days,
        "board": board,
        "par": board["par"]["score"] if board and board["par"]["status"] == "ready" else None,
        "pager": board and pager(board["page"], board["pages"], f"date={day}&days={days}&"),
        "standings": group_reads.standings(found, days),
        "standing_days": group_reads.STANDING_DAYS,
        "invite_link": request.build_absolute_uri(join),
        "nav": "groups",
    }
    return render(request, "groups/group.html", context)


@gzip_page
def group_join(request, invite_code):
    """The invite link: shows the group and a Join button (joining is a POST to the API)."""
    user = visitor(request)
    found = group_reads.group_by_code(invite_code)
    if found is None:
        return not_found(request, _("That invite link is not (or no longer) valid"))
    context = {
        "group": found,
        "member": user.is_authenticated and found.memberships.filter(player=user).exists(),
        "member_count": found.memberships.count(),
        "nav": "groups",
    }
    return render(request, "groups/group_join.html", context)
