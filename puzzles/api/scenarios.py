"""The solo scenarios (docs/api.md, "Solo scenarios"): the list with the caller's record, and
starting a scenario game. Moves, hints and replay are those of any game."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from core.api.common import ERRORS, caller, valid
from core.api.schema import serializer_for

from ..auth import PlayerOrPageVisitor, acting_player
from ..selectors.games import game_json
from ..selectors.scenarios import scenario_list
from ..services.scenarios import do_start_scenario_game
from ..shapes import GameOut, ScenarioOut


class ScenarioGameIn(serializers.Serializer):
    goals = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text='{"r,c": goal id}: the three goals on the three goal spaces; left out, in '
        "the scenario's listed order on 2,3, 3,4 and 4,2",
    )


@extend_schema(responses={200: serializer_for(ScenarioOut)(many=True)})
@api_view(["GET"])
def scenarios(request):
    return Response(scenario_list(caller(request)))


@extend_schema(
    request=ScenarioGameIn,
    responses={201: serializer_for(GameOut), **ERRORS},
)
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def scenario_game_create(request, number: int):
    """Start a practice game of a scenario on a fresh seed."""
    data = valid(ScenarioGameIn, request.data)
    goals = data.get("goals")
    with acting_player(request) as player:  # a page's first write makes its guest
        game = do_start_scenario_game(player, number=number, goals=goals)
    return Response(game_json(game), status=status.HTTP_201_CREATED)
