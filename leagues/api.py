"""``GET /api/leagues/current/`` and ``GET /api/leagues/{week}/``: the caller's league of a
week (docs/api.md, "Weekly leagues")."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from core.api.common import ERRORS
from core.api.schema import serializer_for
from core.errors import BadInput, NotFound
from core.weeks import parse_week, week_start
from puzzles.auth import PlayerOrPageVisitor
from puzzles.game_state import today

from . import selectors
from .shapes import LeagueOut

LEAGUE = serializer_for(LeagueOut)


@extend_schema(operation_id="league_current", responses={200: LEAGUE, **ERRORS})
@api_view(["GET"])
@permission_classes([PlayerOrPageVisitor])
def current(request):
    """The caller's league this week: standings live as games finish (today's points
    provisional until the close); 404 when the caller was not placed this week."""
    league = selectors.league_of(request.user, week_start(today()))
    if league is None:
        raise NotFound("not in a league this week: a ranked daily joins the next Monday's")
    return Response(selectors.league_json(league, request.user))


@extend_schema(operation_id="league_week", responses={200: LEAGUE, **ERRORS})
@api_view(["GET"])
@permission_classes([PlayerOrPageVisitor])
def week(request, week: str):
    """The caller's league of ``week`` (e.g. 2026-W49): 400 for a malformed week, 404 for a
    week the caller played in no league."""
    try:
        monday = parse_week(week)
    except ValueError as problem:
        raise BadInput(str(problem)) from None
    league = selectors.league_of(request.user, monday)
    if league is None:
        raise NotFound(f"no league of yours in {week}")
    return Response(selectors.league_json(league, request.user))
