"""``GET /api/weekly/`` and ``GET /api/weekly/{week}/``: the week's special (docs/scenarios.md)."""

import datetime

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from puzzles.api.common import ERRORS
from puzzles.api.schema import serializer_for
from puzzles.game_state import today
from puzzles.services.errors import BadInput

from . import selectors, services
from .shapes import WeeklyOut
from .weeks import parse_week

WEEKLY = serializer_for(WeeklyOut)


@extend_schema(operation_id="weekly_current", responses={200: WEEKLY, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def this_week(request):
    """This week's special (Monday 00:00 UTC to the next Monday)."""
    current = today()
    monday = current - datetime.timedelta(days=current.weekday())
    return Response(selectors.special_json(services.do_ensure_special(monday)))


@extend_schema(responses={200: WEEKLY, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def week(request, week: str):
    """A week's special: 400 for a malformed week, 404 for a week without one."""
    try:
        monday = parse_week(week)
    except ValueError as error:
        raise BadInput(str(error)) from None
    return Response(selectors.special_json(services.do_ensure_special(monday)))
