"""Review: a finished game's analysis and replays (docs/api.md, "Review and analysis")."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, THROTTLED_ERRORS, caller
from core.api.schema import serializer_for
from core.errors import NotFound

from ..selectors import challenges as challenge_reads
from ..selectors import replays
from ..services import analysis
from ..shapes import AnalysisOut, ReplayOut
from .common import day_of

ANALYSIS = serializer_for(AnalysisOut)


@extend_schema(methods=["GET"], responses={200: ANALYSIS, **ERRORS})
@extend_schema(
    methods=["POST"], request=None, responses={200: ANALYSIS, 202: ANALYSIS, **THROTTLED_ERRORS}
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def game_analysis(request, game_id: int):
    """POST asks for the analysis of your finished game (202; asking again returns the same
    one); GET reads it, with its progress in turns."""
    if request.method == "POST":
        address = limits.client_address(request)
        row = analysis.do_request_analysis(game_id, player=request.user, address=address)
        return Response(
            replays.analysis_json(row, language=request.LANGUAGE_CODE),
            status=status.HTTP_202_ACCEPTED,
        )
    row = replays.player_analysis(game_id, request.user)
    if row is None:
        raise NotFound(f"no analysis of game {game_id} of yours: POST to ask for one")
    row = analysis.do_resume_lost_analysis(row)  # its worker died: sent again
    return Response(replays.analysis_json(row, language=request.LANGUAGE_CODE))


@extend_schema(responses={200: serializer_for(ReplayOut), **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def game_replay(request, game_id: int):
    """Every turn of a finished game: yours at any time; anyone's ranked game once its day
    has closed; else 404."""
    game = replays.replayable_game(game_id, caller(request))
    if game is None:
        raise NotFound(f"no finished game {game_id} you may replay")
    return Response(replays.game_replay_json(game))


@extend_schema(responses={200: serializer_for(ReplayOut), **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def solver_game(request, date, kind):
    """The par (fair solver) or best-known (hindsight) game of a closed day; 404 before."""
    day = day_of(date)
    if kind not in replays.SOLVER_PLAYERS:
        raise NotFound(f"kind: {kind!r} must be par or best")
    data = replays.solver_replay_json(challenge_reads.day_challenge(day), kind)
    if data is None:
        raise NotFound(f"no {kind} game of {day} to show (shown once the day closes)")
    return Response(data)
