"""'Try again from here' (docs/design.md, Phase 3): a practice game from a turn of a game whose
deal is public to the caller (``services.practice``)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from core.api.common import THROTTLED_ERRORS, valid
from core.api.schema import serializer_for
from solver.game import TURNS

from ..auth import PlayerOrPageVisitor, acting_player
from ..selectors.games import game_json
from ..services.practice import do_start_practice
from ..shapes import GameOut


class PracticeIn(serializers.Serializer):
    turn = serializers.IntegerField(help_text=f"the turn to play again (1-{TURNS})")


@extend_schema(request=PracticeIn, responses={201: serializer_for(GameOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def practice_create(request, game_id: int):
    """A practice game from the position before ``turn``: same deal, goals and moves before
    it, so the same remaining bag. 409 ``deal_not_public`` for an open day's ranked game."""
    turn = valid(PracticeIn, request.data)["turn"]
    # A visitor replaying someone's closed day may try it: a page's first write makes its guest.
    with acting_player(request) as player:
        game = do_start_practice(game_id, player=player, turn=turn)
    return Response(game_json(game), status=status.HTTP_201_CREATED)
