"""The rating board (docs/api.md, "Ratings")."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from core.api.common import ERRORS, valid
from core.api.schema import serializer_for
from core.errors import NotFound
from groups import selectors as group_reads
from puzzles.auth import PlayerOrPageVisitor

from . import selectors as rating_reads
from .shapes import RatingBoardOut


class BoardQuery(serializers.Serializer):
    group = serializers.IntegerField(required=False, min_value=1, max_value=2**63 - 1)


@extend_schema(
    parameters=[OpenApiParameter("group", int, description="a group of yours: its members only")],
    responses={200: serializer_for(RatingBoardOut), **ERRORS},
)
@api_view(["GET"])
@permission_classes([PlayerOrPageVisitor])
def rating_board(request):
    """The best ratings across days (players with five days rated or more); ``group``: a
    group's members only (a group of yours)."""
    query = valid(BoardQuery, request.query_params)
    members = None
    if "group" in query:
        group = group_reads.group_for(query["group"], request.user)
        if group is None:
            raise NotFound(f"no group {query['group']} of yours")
        members = group_reads.member_ids(group)
    return Response(rating_reads.rating_board(members))
