"""Players' profiles (docs/api.md, "Players, streaks and groups")."""

import copy

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from ..selectors.players import PROFILE_SECTIONS, profile, public_player
from ..services.errors import NotFound
from .views import ERRORS

# Response shapes, for the schema (the selectors build the JSON itself).


class BestOut(serializers.Serializer):
    score = serializers.IntegerField()
    date = serializers.DateField()


class StatsOut(serializers.Serializer):
    ranked_games = serializers.IntegerField()
    current_streak = serializers.IntegerField(
        help_text="consecutive UTC days with a finished ranked game, up to today (or "
        "yesterday while today's game is not finished)"
    )
    longest_streak = serializers.IntegerField()
    average = serializers.FloatField(allow_null=True)
    best = BestOut(allow_null=True, help_text="the best score and the first day it was scored")
    beat_par = serializers.IntegerField(help_text="days scored above that day's par")
    days_with_par = serializers.IntegerField(help_text="days whose par is known")
    average_vs_par = serializers.FloatField(allow_null=True, help_text="mean of score - par")


class ScoreCountOut(serializers.Serializer):
    score = serializers.IntegerField()
    games = serializers.IntegerField()


class HistoryOut(serializers.Serializer):
    date = serializers.DateField()
    score = serializers.IntegerField()
    par = serializers.IntegerField(allow_null=True)


class RecentOut(HistoryOut):
    rank = serializers.IntegerField(help_text="on that day's global leaderboard")
    percentile = serializers.FloatField(allow_null=True)
    game_id = serializers.IntegerField(help_text="the game, for its review page")


class ProfileOut(serializers.Serializer):
    username = serializers.CharField()
    name = serializers.CharField(help_text='the username, or "Guest 3f9a" for a guest')
    is_guest = serializers.BooleanField()
    joined = serializers.DateField()
    today = serializers.DateField(help_text="the current UTC day, that streaks run up to")
    stats = StatsOut()
    histogram = ScoreCountOut(many=True)
    recent = RecentOut(many=True, help_text="the latest days, newest first")
    history = HistoryOut(many=True, help_text="every counted day, oldest first")

    def get_fields(self):
        """The fields above, then each section another app adds (``PROFILE_SECTIONS``)."""
        fields = super().get_fields()
        for name, section in PROFILE_SECTIONS.items():
            fields[name] = copy.deepcopy(section.shape)
        return fields


@extend_schema(responses={200: ProfileOut, **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request):
    """The caller's profile (guests have one too)."""
    return Response(profile(request.user))


@extend_schema(responses={200: ProfileOut, **ERRORS})
@api_view(["GET"])
def player_detail(request, username: str):
    """A registered player's public profile (guests have no public profile)."""
    player = public_player(username)
    if player is None:
        raise NotFound(f"username: no player {username!r}")
    return Response(profile(player))
