"""Versus: the player against one to three solver opponents (docs/api.md, "Versus").
Thin views over ``versus.services`` and ``versus.selectors``."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, THROTTLED_ERRORS, valid
from core.api.schema import serializer_for
from core.errors import Conflict, NotFound
from puzzles.api.common import hint_json
from puzzles.api.serializers import MoveIn
from puzzles.auth import PlayerOrPageVisitor, acting_player

from . import services as versus
from .selectors import (
    hint_is_stale,
    versus_analysis_json,
    versus_analysis_of,
    versus_hint_of,
    versus_json,
    versus_list,
    versus_of,
    versus_record,
    versus_replay_json,
)
from .shapes import VersusAnalysisOut, VersusHintOut, VersusListOut, VersusOut, VersusReplayOut

ANALYSIS = serializer_for(VersusAnalysisOut)
HINT = serializer_for(VersusHintOut)
TABLE = serializer_for(VersusOut)


class VersusIn(serializers.Serializer):
    opponents = serializers.IntegerField(help_text="1 to 3 solver opponents")
    level = serializers.CharField(
        help_text="easy (greedy), medium (beam) or hard (the table player); the setting "
        "CALICO_VERSUS_TABLE_LEVELS says which levels the table player plays (docs/versus.md)",
    )


class VersusGoalsIn(serializers.Serializer):
    goals = serializers.DictField(
        child=serializers.CharField(), help_text='{"r,c": goal id}: three of your four options'
    )


@extend_schema(methods=["POST"], request=VersusIn, responses={201: TABLE, **ERRORS})
@extend_schema(
    methods=["GET"],
    responses={200: serializer_for(VersusListOut), **ERRORS},
    operation_id="versus_list",
)
@api_view(["GET", "POST"])
@permission_classes([PlayerOrPageVisitor])
def versus_games(request):
    """GET: your record per level and latest tables. POST: sit down at a new table."""
    if request.method == "GET":
        listed = VersusListOut(record=versus_record(request.user), games=versus_list(request.user))
        return Response(listed)
    data = valid(VersusIn, request.data)
    address = limits.client_address(request)
    with acting_player(request) as player:  # a page's first write makes its guest
        game = versus.do_start_versus(player, **data, address=address)
    return Response(versus_json(game), status=status.HTTP_201_CREATED)


@extend_schema(responses={200: TABLE, **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def versus_detail(request, game_id: int):
    game = versus_of(game_id, request.user)
    if game is None:
        raise NotFound(f"no versus game {game_id} of yours")
    return Response(versus_json(game))


@extend_schema(request=VersusGoalsIn, responses={200: TABLE, **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def versus_goals(request, game_id: int):
    data = valid(VersusGoalsIn, request.data)
    game = versus.do_choose_versus_goals(game_id, player=request.user, goals=dict(data["goals"]))
    return Response(versus_json(game))


@extend_schema(request=MoveIn, responses={200: TABLE, **THROTTLED_ERRORS})  # versus-moves-*
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def versus_move(request, game_id: int):
    """Your move for ``turn``; a stale, repeated or out-of-turn move is 409 and changes
    nothing. The opponents' turns follow on a worker: poll the game to see them."""
    data = valid(MoveIn, request.data)
    address = limits.client_address(request)
    game, _ = versus.do_play_versus_move(
        game_id, player=request.user, data=dict(data), address=address
    )
    return Response(versus_json(game))


@extend_schema(request=None, responses={202: TABLE, **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def versus_resume(request, game_id: int):
    """Send the opponents' turns again if they stalled (failed, or no move for longer than a
    run may take); otherwise nothing changes. 409 when the opponents are not to move."""
    game = versus.do_resume_opponents(game_id, player=request.user)
    return Response(versus_json(game), status=status.HTTP_202_ACCEPTED)


class VersusHintIn(serializers.Serializer):
    turn = serializers.IntegerField(
        required=False, help_text="the turn the hint is for (left out: your current turn)"
    )


STALE = "the game has moved on: this hint was for your turn {turn}"


def _hint_json(row, game, language: str) -> VersusHintOut:
    """A solo hint's answer (``common.hint_json``) plus ``stale``, which the message then
    says (in English: a new sentence)."""
    answer = hint_json(row, language)
    stale = hint_is_stale(row, game)
    if stale:
        answer["message"] = STALE.format(turn=row.turn)
    return {**answer, "stale": stale}


@extend_schema(request=VersusHintIn, responses={202: HINT, **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def versus_hint_request(request, game_id: int):
    """Ask for a hint on your current turn (the same one if asked again); answered at once,
    computed by a worker on the hint queue: poll it. 409 when it is not your turn."""
    data = valid(VersusHintIn, request.data)
    address = limits.client_address(request)
    row = versus.do_request_versus_hint(game_id, player=request.user, data=data, address=address)
    return Response(
        _hint_json(row, row.game, request.LANGUAGE_CODE), status=status.HTTP_202_ACCEPTED
    )


@extend_schema(responses={200: HINT, **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def versus_hint_detail(request, game_id: int, hint_id: int):
    game = versus_of(game_id, request.user)
    row = None if game is None else versus_hint_of(game, hint_id)
    if row is None:
        raise NotFound(f"no hint {hint_id} for versus game {game_id} of yours")
    row = versus.do_resume_lost_versus_hint(row)  # its worker died: sent again
    return Response(_hint_json(row, game, request.LANGUAGE_CODE))


@extend_schema(responses={200: serializer_for(VersusReplayOut), **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def versus_replay(request, game_id: int):
    """A finished table move by move (every seat's). 409 while it is being played: the
    opponents' quilts are public, but the replay is the end screen's."""
    game = versus_of(game_id, request.user)
    if game is None:
        raise NotFound(f"no versus game {game_id} of yours")
    replay = versus_replay_json(game)
    if replay is None:
        raise Conflict("the table is still being played: its replay follows the end")
    return Response(replay)


@extend_schema(methods=["GET"], responses={200: ANALYSIS, **ERRORS})
@extend_schema(
    methods=["POST"], request=None, responses={200: ANALYSIS, 202: ANALYSIS, **THROTTLED_ERRORS}
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def versus_analysis(request, game_id: int):
    """POST asks for the review of your moves in a finished table (202; asking again
    returns the same one), in a solo game's analysis's shape, valued on the table's futures;
    GET reads it, with its progress."""
    if request.method == "POST":
        address = limits.client_address(request)
        row = versus.do_request_versus_analysis(game_id, player=request.user, address=address)
        return Response(
            versus_analysis_json(row, language=request.LANGUAGE_CODE),
            status=status.HTTP_202_ACCEPTED,
        )
    row = versus_analysis_of(game_id, request.user)
    if row is None:
        raise NotFound(f"no analysis of versus game {game_id} of yours: POST to ask")
    row = versus.do_resume_lost_versus_analysis(row)  # its worker died: sent again
    return Response(versus_analysis_json(row, language=request.LANGUAGE_CODE))
