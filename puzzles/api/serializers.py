"""Request bodies and query strings, validated here. (The answers' shapes are
``puzzles.shapes``.)"""

from rest_framework import serializers

from solver.game import TURNS


class GameIn(serializers.Serializer):
    date = serializers.DateField(required=False, help_text="default: today (UTC)")
    goals = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text='{"r,c": goal id} for the three goal spaces, when the setup asks',
    )
    weekly = serializers.CharField(
        required=False, help_text="an ISO week (2026-W49): a game of that week's special instead"
    )

    def validate(self, data):
        if "weekly" in data and data.get("date") is not None:
            raise serializers.ValidationError("send date or weekly, not both")
        return data


class LeaderboardQuery(serializers.Serializer):
    """The leaderboard's query string (a filter serializer: ``page=²`` is a 400, not a 500)."""

    page = serializers.IntegerField(min_value=1, default=1)
    hints = serializers.ChoiceField(["include", "exclude"], default="include")


class MoveIn(serializers.Serializer):
    turn = serializers.IntegerField(help_text=f"the turn this move is for (1-{TURNS})")
    hand_index = serializers.IntegerField()
    cell = serializers.CharField(help_text='"row,col"')
    market_index = serializers.IntegerField(allow_null=True, required=False)
