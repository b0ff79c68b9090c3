"""Review: a finished game's analysis and replays (docs/api.md, "Review and analysis")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from solver.search.analysis import KEY_MOMENT_LOSS, KEY_MOMENTS, MARKS

from .. import limits
from ..selectors import challenges as challenge_reads
from ..selectors import replays
from ..services import analysis
from ..services.errors import NotFound
from .views import ERRORS, THROTTLED_ERRORS, _date, _player


class ProgressOut(serializers.Serializer):
    done = serializers.IntegerField()
    total = serializers.IntegerField()


class TurnReviewOut(serializers.Serializer):
    turn = serializers.IntegerField()
    played = serializers.JSONField(help_text="{hand_index, cell, market_index}")
    best = serializers.JSONField(help_text="the fair solver's best move of that turn")
    played_value = serializers.FloatField(help_text="expected final score after the move")
    best_value = serializers.FloatField()
    loss = serializers.FloatField(help_text="best_value - played_value")
    accuracy = serializers.FloatField(help_text="100 * exp(-loss / 3)")
    mark = serializers.ChoiceField(
        ["", *(name for name, _ in MARKS)],
        help_text="by the loss: " + ", ".join(f"{name} from {least:g}" for name, least in MARKS),
    )
    reasons = serializers.ListField(
        child=serializers.CharField(), help_text="the better move's (none when yours was best)"
    )
    played_reasons = serializers.ListField(
        child=serializers.CharField(), help_text="what your move earned and built, as a hint says"
    )


class KeyMomentOut(serializers.Serializer):
    turn = serializers.IntegerField()
    loss = serializers.FloatField()


class MarkOut(serializers.Serializer):
    mark = serializers.CharField()
    min_loss = serializers.FloatField(help_text="the least loss that earns the mark")


class AnalysisOut(serializers.Serializer):
    status = serializers.ChoiceField(["pending", "running", "ready", "failed"])
    progress = ProgressOut()
    accuracy = serializers.FloatField(allow_null=True, help_text="mean of the turns' accuracy")
    expected_loss = serializers.FloatField(allow_null=True, help_text="sum of the losses")
    turns = TurnReviewOut(many=True)
    key_moments = KeyMomentOut(
        many=True,
        help_text=f"the turns that lost {KEY_MOMENT_LOSS:g} points or more, largest loss first,"
        f" at most {KEY_MOMENTS}",
    )
    marks = MarkOut(many=True, help_text="the marks' legend, worst first")


class ReplayTurnOut(serializers.Serializer):
    turn = serializers.IntegerField()
    hand = serializers.JSONField(help_text="as it was before the move")
    market = serializers.JSONField(help_text="as it was before the move")
    move = serializers.JSONField(help_text="{hand_index, cell, market_index, patch}")
    quilt_after = serializers.JSONField(help_text="a quilt file (docs/rules.md)")
    score_after = serializers.JSONField(help_text="the score object (docs/rules.md)")


class ReplayOut(serializers.Serializer):
    id = serializers.IntegerField(allow_null=True)
    player = serializers.CharField()
    name = serializers.CharField(help_text='the player as others see them ("Guest 3f9a")')
    date = serializers.DateField(allow_null=True, help_text="none for a scenario game")
    ranked = serializers.BooleanField()
    score = serializers.IntegerField()
    goals = serializers.JSONField(allow_null=True)
    setup = serializers.JSONField()
    turns = ReplayTurnOut(many=True)


@extend_schema(request=None, responses={200: AnalysisOut, 202: AnalysisOut, **THROTTLED_ERRORS})
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
    return Response(replays.analysis_json(row, language=request.LANGUAGE_CODE))


@extend_schema(responses={200: ReplayOut, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def game_replay(request, game_id: int):
    """Every turn of a finished game: yours at any time; anyone's ranked game once its day
    has closed; else 404."""
    game = replays.replayable_game(game_id, _player(request))
    if game is None:
        raise NotFound(f"no finished game {game_id} you may replay")
    return Response(replays.game_replay_json(game))


@extend_schema(responses={200: ReplayOut, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def solver_game(request, date, kind):
    """The par (fair solver) or best-known (hindsight) game of a closed day; 404 before."""
    day = _date(date)
    if kind not in replays.SOLVER_PLAYERS:
        raise NotFound(f"kind: {kind!r} must be par or best")
    data = replays.solver_replay_json(challenge_reads.day_challenge(day), kind)
    if data is None:
        raise NotFound(f"no {kind} game of {day} to show (shown once the day closes)")
    return Response(data)
