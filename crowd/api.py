"""The day after's API: a closed day's story, and one game beside it (docs/api.md)."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core import limits
from core.api.common import THROTTLED_ERRORS, caller
from core.api.schema import serializer_for
from core.errors import NotFound
from puzzles.api.common import day_of
from puzzles.selectors import replays

from . import selectors, services
from .shapes import CrowdOut, CrowdYouOut

CROWD = serializer_for(CrowdOut)


@extend_schema(responses={200: CROWD, 202: CROWD, **THROTTLED_ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def crowd(request, date: str):
    """A closed day's story (404 ``day_open`` before its close); 202 ``pending`` while a
    worker tells it the first time (429 past the limit on asking for a story not told)."""
    challenge = selectors.closed_challenge(day_of(date))
    story = selectors.story_of(challenge)
    if story is None:
        _ask_story(request, challenge)
        return Response({"date": challenge.date, "status": "pending"}, status=202)
    return Response(story)


@extend_schema(responses={200: serializer_for(CrowdYouOut), 202: CROWD, **THROTTLED_ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def game_crowd(request, game_id: int):
    """A finished daily game beside its closed day's crowd: the same goals, the same first
    move, each turn's most common space (404 ``day_open`` before the close; 202 while the
    day's story is being told)."""
    game = replays.replayable_game(game_id, caller(request))
    if game is None or game.challenge is None:
        raise NotFound(f"no finished daily game {game_id} you may replay")
    challenge = selectors.closed_challenge(game.challenge.date)
    story = selectors.story_of(challenge)
    if story is None:
        _ask_story(request, challenge)
        return Response({"date": challenge.date, "status": "pending"}, status=202)
    return Response(selectors.beside_the_crowd(game, story))


def _ask_story(request, challenge) -> None:
    """A story not told yet: counted against the asker's address, then its telling asked
    for (sent once, whoever asks)."""
    limits.enforce("stories", address=limits.client_address(request))
    services.do_ask_story(challenge)
