"""The design goals' table, from the engine, for the pages' labels and the goal picker."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from ..selectors.setups import goals_json


class GoalOut(serializers.Serializer):
    id = serializers.CharField()
    notation = serializers.CharField()
    label = serializers.CharField(
        help_text="how the pages name the goal (in the caller's language)"
    )
    symbol = serializers.CharField(help_text="what the board prints on its goal space")
    one = serializers.IntegerField(help_text="points when colours or patterns meet it")
    both = serializers.IntegerField(help_text="points when both do (instead of one)")
    counts = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="what the six neighbours must form, largest first: [2, 2, 1, 1]",
    )
    shape_words = serializers.CharField(
        help_text='the counts in words: "two pairs and two singles" (in the caller\'s language)'
    )
    help = serializers.CharField(
        help_text="what the goal wants and scores, in plain words (in the caller's language)"
    )


class GoalsOut(serializers.Serializer):
    goals = GoalOut(many=True)


@extend_schema(responses={200: GoalsOut})
@api_view(["GET"])
@permission_classes([AllowAny])
def goal_list(request):
    return Response({"goals": goals_json()})
