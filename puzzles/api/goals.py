"""The design goals' table, from the engine, for the pages' labels and the goal picker."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from core.api.schema import serializer_for

from ..selectors.setups import goals_json
from ..shapes import GoalsOut


@extend_schema(responses={200: serializer_for(GoalsOut)})
@api_view(["GET"])
@permission_classes([AllowAny])
def goal_list(request):
    return Response(GoalsOut(goals=goals_json()))
