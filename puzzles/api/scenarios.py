"""The solo scenarios (docs/api.md, "Solo scenarios"): the list with the caller's record, and
starting a scenario game. Moves, hints and replay are those of any game."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from ..auth import PlayerOrPageVisitor, acting_player
from ..selectors.games import game_json
from ..selectors.scenarios import scenario_list
from ..services.scenarios import do_start_scenario_game
from .serializers import CatOut, CheckOut, ErrorOut, GameOut
from .views import ERRORS, _player, _valid


class ScenarioGameIn(serializers.Serializer):
    goals = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text='{"r,c": goal id}: the three goals on the three goal spaces; left out, in '
        "the scenario's listed order on 2,3, 3,4 and 4,2",
    )


class PassRateOut(serializers.Serializer):
    status = serializers.ChoiceField(["none", "pending", "ready", "failed"])
    deals = serializers.IntegerField()
    passes = serializers.IntegerField()
    percent = serializers.IntegerField(allow_null=True, help_text="100 * passes / deals")


class ScenarioBestOut(serializers.Serializer):
    score = serializers.IntegerField()
    game = serializers.IntegerField()


class ScenarioOut(serializers.Serializer):
    number = serializers.IntegerField()
    setup = serializers.CharField(help_text="for python -m solver deal SEED --setup ...")
    goals = serializers.ListField(child=serializers.CharField())
    cats = CatOut(many=True)
    min_score = serializers.IntegerField()
    conditions = serializers.ListField(child=serializers.CharField())
    checks = CheckOut(many=True)
    solver = PassRateOut(help_text="the fair solver's passes over a few fresh deals")
    passed = serializers.BooleanField(help_text="whether the caller has passed it")
    tries = serializers.IntegerField(help_text="the caller's finished games of it")
    best = ScenarioBestOut(allow_null=True, help_text="the caller's best finished game")
    playing = serializers.IntegerField(allow_null=True, help_text="the caller's unfinished game")


@extend_schema(responses={200: ScenarioOut(many=True)})
@api_view(["GET"])
def scenarios(request):
    return Response(scenario_list(_player(request)))


@extend_schema(request=ScenarioGameIn, responses={201: GameOut, **ERRORS, 404: ErrorOut})
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def scenario_game_create(request, number: int):
    """Start a practice game of a scenario on a fresh seed."""
    data = _valid(ScenarioGameIn, request.data)
    goals = data.get("goals")
    with acting_player(request) as player:  # a page's first write makes its guest
        game = do_start_scenario_game(player, number=number, goals=goals)
    return Response(game_json(game), status=status.HTTP_201_CREATED)
