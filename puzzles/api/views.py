"""Thin views: parse, call a service or selector, answer. Errors are ``{error, detail}``."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotAuthenticated
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, THROTTLED_ERRORS, caller, origin, valid
from core.api.schema import serializer_for
from core.errors import NotFound

from ..auth import PlayerOrPageVisitor, acting_player
from ..game_state import today
from ..selectors import challenges as challenge_reads
from ..selectors.games import game_json, player_game
from ..selectors.hints import game_hint
from ..selectors.leaderboards import leaderboard as leaderboard_of
from ..services import challenges, games, hints
from ..shapes import (
    ChallengeOut,
    ChallengePageOut,
    GameOut,
    HintOut,
    LeaderboardOut,
)
from . import serializers as s
from .common import board_challenge, board_query, day_of, hint_json


@extend_schema(responses={200: serializer_for(ChallengeOut)})
@api_view(["GET"])
def daily(request):
    day = today()
    challenge = challenge_reads.day_challenge(day)
    if challenge is None:  # the day's first visit makes it
        challenges.do_ensure_challenge(day)
        challenge = challenge_reads.day_challenge(day)
    return Response(challenge_reads.challenge_json(challenge, caller(request)))


class ArchivePages(PageNumberPagination):
    page_size = challenge_reads.ARCHIVE_PAGE_SIZE


@extend_schema(
    operation_id="challenges_list",
    parameters=[OpenApiParameter("page", int)],
    responses={200: serializer_for(ChallengePageOut), **ERRORS},
)
@api_view(["GET"])
def challenge_list(request):
    """Past challenges, newest first."""
    pager = ArchivePages()
    page = pager.paginate_queryset(challenge_reads.archive(), request)
    player = caller(request)
    return pager.get_paginated_response([challenge_reads.challenge_json(c, player) for c in page])


@extend_schema(responses={200: serializer_for(ChallengeOut), **ERRORS})
@api_view(["GET"])
def challenge_detail(request, date):
    day = day_of(date)
    if day == today():
        challenges.do_ensure_challenge(day)
    challenge = challenge_reads.day_challenge(day)
    if challenge is None:
        raise NotFound(f"date: there is no challenge for {day}")
    return Response(challenge_reads.challenge_json(challenge, caller(request)))


@extend_schema(request=s.GameIn, responses={201: serializer_for(GameOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def game_create(request):
    data = valid(s.GameIn, request.data)
    day = data.get("date") or today()
    with acting_player(request) as player:  # a page's first write makes its guest
        if "weekly" in data:
            game = games.do_start_by(
                "weekly", player=player, value=data["weekly"], goals=data.get("goals")
            )
        else:
            game = games.do_start_game(player, date=day, goals=data.get("goals"))
    return Response(game_json(game), status=status.HTTP_201_CREATED)


def _own_game(request, game_id: int):
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    game = player_game(game_id, request.user)
    if game is None:
        raise NotFound(f"no game {game_id} of yours")
    return game


@extend_schema(responses={200: serializer_for(GameOut), **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def game_detail(request, game_id: int):
    return Response(game_json(_own_game(request, game_id), origin=origin(request)))


@extend_schema(request=s.MoveIn, responses={200: serializer_for(GameOut), **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def game_move(request, game_id: int):
    """Play the move for ``turn``; a stale or repeated turn is 409 and changes nothing."""
    data = valid(s.MoveIn, request.data)
    game, state, award = games.do_play_move(game_id, player=request.user, data=dict(data))
    return Response(game_json(game, state, award, origin=origin(request)))


@extend_schema(request=None, responses={202: serializer_for(HintOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def hint_request(request, game_id: int):
    """Ask for a hint on the current turn; answered at once, computed by a worker."""
    address = limits.client_address(request)
    row = hints.do_request_hint(game_id, player=request.user, address=address)
    return Response(hint_json(row, request.LANGUAGE_CODE), status=status.HTTP_202_ACCEPTED)


@extend_schema(responses={200: serializer_for(HintOut), **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def hint_detail(request, game_id: int, hint_id: int):
    game = _own_game(request, game_id)
    row = game_hint(game, hint_id)
    if row is None:
        raise NotFound(f"no hint {hint_id} for game {game_id}")
    row = hints.do_resume_lost_hint(row)  # its worker died: sent again, and it says so
    return Response(hint_json(row, request.LANGUAGE_CODE))


@extend_schema(
    parameters=[s.LeaderboardQuery],  # what board_query parses
    responses={200: serializer_for(LeaderboardOut), **ERRORS},
)
@api_view(["GET"])
def leaderboard(request, date):
    challenge = board_challenge(date)
    page, exclude_hints = board_query(request)
    return Response(leaderboard_of(challenge, page, exclude_hints, caller(request)))
