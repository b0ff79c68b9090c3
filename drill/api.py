"""``GET /api/drill/``, ``POST /api/drill/answers/`` and ``GET /api/drill/answers/{id}/``: the
drill of your own mistakes (docs/api.md, "Drill")."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, THROTTLED_ERRORS, caller
from core.api.schema import serializer_for
from core.errors import NotFound

from . import selectors, services
from .shapes import DrillAnswerOut, DrillOut

ANSWER = serializer_for(DrillAnswerOut)


@extend_schema(operation_id="drill_next", responses={200: serializer_for(DrillOut), **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def drill(request):
    """The oldest position of your drill and how many are left (none for a new visitor)."""
    return Response(selectors.drill_of(caller(request)))


@extend_schema(
    operation_id="drill_answer", request=None, responses={202: ANSWER, **THROTTLED_ERRORS}
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def answers(request):
    """Answer a position: ``{game, turn, hand_index, cell, market_index}``; 202 with the answer,
    judged by a worker (poll it)."""
    address = limits.client_address(request)
    row = services.do_answer(request.user, data=request.data, address=address)
    return Response(selectors.answer_json(row), status=status.HTTP_202_ACCEPTED)


@extend_schema(operation_id="drill_answer_read", responses={200: ANSWER, **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def answer(request, answer_id: int):
    """An answer of yours, with the judge's values once ready."""
    row = selectors.answer_row(request.user, answer_id)
    if row is None:
        raise NotFound(f"no drill answer {answer_id} of yours")
    return Response(selectors.answer_json(services.do_resume_lost_answer(row)))
