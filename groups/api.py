"""Groups of friends (docs/api.md, "Players, streaks and groups")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, valid
from core.api.schema import serializer_for
from core.errors import NotFound
from puzzles.api import serializers as s
from puzzles.api.common import board_challenge, board_query
from puzzles.auth import PlayerOrPageVisitor, acting_player
from puzzles.selectors.leaderboards import leaderboard as leaderboard_of
from puzzles.shapes import LeaderboardOut

from . import selectors as group_reads
from . import services as groups
from .shapes import GroupOut, GroupSummaryOut, StandingsOut

GROUP = serializer_for(GroupOut)


class GroupIn(serializers.Serializer):
    name = serializers.CharField(max_length=groups.NAME_MAX)


class JoinIn(serializers.Serializer):
    invite_code = serializers.CharField()


class StandingsQuery(serializers.Serializer):
    """The standings' query string (a filter serializer: ``days=9`` is a 400 naming ``days``)."""

    days = serializers.ChoiceField(
        group_reads.STANDING_DAYS,
        default=group_reads.STANDING_DAYS[0],
        error_messages={
            "invalid_choice": f"{{input!r}} must be one of {group_reads.STANDING_DAYS}"
        },
    )


@extend_schema(
    methods=["GET"],
    operation_id="groups_list",
    responses={200: serializer_for(GroupSummaryOut)(many=True)},
)
@extend_schema(methods=["POST"], request=GroupIn, responses={201: GROUP, **ERRORS})
@api_view(["GET", "POST"])
@permission_classes([PlayerOrPageVisitor])
def group_list(request):
    """The caller's groups; POST creates one, with the caller as its owner."""
    if request.method == "GET":
        return Response([group_reads.group_summary(g) for g in group_reads.groups_of(request.user)])
    data = valid(GroupIn, request.data)
    address = limits.client_address(request)
    with acting_player(request) as player:  # a page's first write makes its guest
        group = groups.do_create_group(player, name=data["name"], address=address)
    return Response(group_reads.group_json(group), status=status.HTTP_201_CREATED)


@extend_schema(request=JoinIn, responses={200: GROUP, **ERRORS})
@api_view(["POST"])
@permission_classes([PlayerOrPageVisitor])
def group_join(request):
    """Join a group by its invite code; joining twice changes nothing."""
    data = valid(JoinIn, request.data)
    code = data["invite_code"]
    with acting_player(request) as player:  # a page's first write makes its guest
        group = groups.do_join_group(player, invite_code=code)
    return Response(group_reads.group_json(group))


def _my_group(request, group_id: int):
    group = group_reads.group_for(group_id, request.user)
    if group is None:
        raise NotFound(f"no group {group_id} of yours")
    return group


@extend_schema(responses={200: GROUP, **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def group_detail(request, group_id: int):
    return Response(group_reads.group_json(_my_group(request, group_id)))


@extend_schema(request=None, responses={204: None, **ERRORS})
@api_view(["DELETE"])
@permission_classes([IsAuthenticated])
def group_member(request, group_id: int, username: str):
    """The owner removes anyone (which draws a new invite code, so that the removed player
    cannot rejoin with the old one); a member removes themselves (leaves)."""
    groups.do_remove_member(group_id, actor=request.user, username=username)
    return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(request=None, responses={200: GROUP, **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def group_invite_code(request, group_id: int):
    """The owner draws a new invite code: the old code and its join link stop working.
    (Removing a member does this too.)"""
    group = groups.do_rotate_invite_code(group_id, actor=request.user)
    return Response(group_reads.group_json(group))


@extend_schema(
    parameters=[s.LeaderboardQuery],  # what board_query parses
    responses={200: serializer_for(LeaderboardOut), **ERRORS},
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def group_leaderboard(request, group_id: int, date: str):
    """The day's board of the members: the global board's shape and tiebreak, ranks among them."""
    group = _my_group(request, group_id)
    challenge = board_challenge(date)
    page, exclude_hints = board_query(request)
    members = group_reads.member_ids(group)
    board = leaderboard_of(challenge, page, exclude_hints, request.user, members)
    return Response(board)


@extend_schema(parameters=[StandingsQuery], responses={200: serializer_for(StandingsOut), **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def group_standings(request, group_id: int):
    """The members over the last 7 or 30 days: games played, average score, days won."""
    group = _my_group(request, group_id)
    query = valid(StandingsQuery, request.query_params)
    return Response(group_reads.standings(group, query["days"]))
