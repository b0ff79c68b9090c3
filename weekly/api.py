"""``GET /api/weekly/`` and ``GET /api/weekly/{week}/``: the week's special (docs/scenarios.md)."""

import datetime

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.api.common import ERRORS, caller
from core.api.schema import serializer_for
from puzzles.game_state import today

from . import selectors, services
from .shapes import WeeklyBoardOut, WeeklyOut

WEEKLY = serializer_for(WeeklyOut)
BOARD = serializer_for(WeeklyBoardOut)


@extend_schema(operation_id="weekly_current", responses={200: WEEKLY, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def this_week(request):
    """This week's special (Monday 00:00 UTC to the next Monday)."""
    current = today()
    monday = current - datetime.timedelta(days=current.weekday())
    special = services.do_ensure_special(monday)
    return Response(selectors.special_json(special, caller(request)))


@extend_schema(responses={200: WEEKLY, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def week(request, week: str):
    """A week's special: 400 for a malformed week, 404 for a week without one."""
    special = services.special_of_week(week)
    return Response(selectors.special_json(special, caller(request)))


@extend_schema(operation_id="weekly_board", responses={200: BOARD, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def board(request, week: str):
    """The week's board: passed first, then score, then the rulebook's tiebreak, among the
    tries finished before the close (400 for a malformed week, 404 for a week without one)."""
    return Response(selectors.board_json(services.special_of_week(week)))
