"""Duels under ``/api/`` (docs/design.md, Phase 5, "Challenge links and duels")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from core.api.common import ERRORS, THROTTLED_ERRORS, caller, origin, valid
from core.api.schema import serializer_for
from core.errors import NotFound
from puzzles.auth import PlayerOrPageVisitor, acting_player
from puzzles.selectors.games import game_json

from . import selectors as duel_reads
from . import services as duels
from .shapes import DuelAcceptOut, DuelMadeOut, DuelOut

DUEL = serializer_for(DuelOut)


class DuelIn(serializers.Serializer):
    game = serializers.IntegerField(
        required=False, min_value=1, help_text="a finished game of yours: its deal"
    )
    date = serializers.DateField(required=False, help_text="today's date: today's daily, ranked")

    def validate(self, data):
        if ("game" in data) == ("date" in data):
            raise serializers.ValidationError("send game or date (one of them)")
        return data


class AcceptIn(serializers.Serializer):
    goals = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text='{"r,c": goal id}: a daily\'s game started now (else on the game page)',
    )


@extend_schema(request=DuelIn, responses={201: serializer_for(DuelMadeOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def duel_create(request):
    """Challenge a friend: a link to a duel on the deal of your finished ``game``, or on
    today's daily (``date``)."""
    data = valid(DuelIn, request.data)
    with acting_player(request) as player:  # a page's first write makes its guest
        duel = duels.do_create_duel(player, game_id=data.get("game"), date=data.get("date"))
    return Response(_made(duel, player), status=status.HTTP_201_CREATED)


def _made(duel, player) -> DuelMadeOut:
    answer = duel_reads.duel_json(duel, player)
    challenger = answer["players"][0]
    return DuelMadeOut(
        code=duel.code,
        url=answer["url"],
        deal=answer["deal"],
        challenger={"player": challenger["player"], "score": challenger["score"]},
    )


@extend_schema(request=AcceptIn, responses={200: serializer_for(DuelAcceptOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def duel_accept(request, code: str):
    """Take the duel's second seat (a guest too) and your game of its deal: made now for a
    scenario or a weekly special, or a daily with ``goals``; else start it on the game page
    (``play``), where it joins the duel by itself."""
    data = valid(AcceptIn, request.data)
    with acting_player(request) as player:
        duel, game = duels.do_accept_duel(code, player=player, goals=data.get("goals"))
    answer = DuelAcceptOut(
        duel=duel_reads.duel_json(duel, player),
        game=game_json(game, origin=origin(request)) if game is not None else None,
    )
    return Response(answer)


@extend_schema(responses={200: DUEL, **ERRORS})
@api_view(["GET"])
@permission_classes([AllowAny])
def duel_detail(request, code: str):
    """The duel as the caller may see it: before both games are finished, only finished
    scores; once done, both quilts, expectations and the verdict (its turns once both
    analyses are ready: they are asked for here)."""
    duel = duel_reads.duel_by_code(code)
    if duel is None:
        raise NotFound(f"code: there is no duel {code}")
    duels.do_ensure_analyses(duel)
    return Response(duel_reads.duel_json(duel, caller(request)))


@extend_schema(request=None, responses={201: serializer_for(DuelMadeOut), **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def duel_rematch(request, code: str):
    """A rematch of your duel once it is done: a new duel with you both seated, on the latest
    closed day neither of you has played (each plays it on the game page, ``play``)."""
    duel = duels.do_rematch(code, player=request.user)
    return Response(_made(duel, request.user), status=status.HTTP_201_CREATED)


@extend_schema(operation_id="me_duels", responses={200: DUEL(many=True), **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def my_duels(request):
    """Your duels, the newest first: waiting, playing and done."""
    return Response(
        [duel_reads.duel_json(d, request.user) for d in duel_reads.duels_of(request.user)]
    )
