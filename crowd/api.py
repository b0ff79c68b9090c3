"""``GET /api/challenges/{date}/crowd/``: how everyone played a closed day (docs/api.md)."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from puzzles.api.common import ERRORS, day_of
from puzzles.api.schema import serializer_for

from . import selectors, services
from .shapes import CrowdOut

CROWD = serializer_for(CrowdOut)


@extend_schema(responses={200: CROWD, 202: CROWD, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def crowd(request, date: str):
    """A closed day's story (404 ``day_open`` before its close); 202 ``pending`` while a
    worker tells it the first time."""
    challenge = selectors.closed_challenge(day_of(date))
    story = selectors.story_of(challenge)
    if story is None:
        services.do_send_story(challenge)
        return Response({"date": challenge.date, "status": "pending"}, status=202)
    return Response(story)
