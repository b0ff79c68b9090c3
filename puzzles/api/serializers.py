"""Request bodies (validated here) and response shapes (for the OpenAPI schema)."""

from rest_framework import serializers


class CredentialsIn(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(trim_whitespace=False)


class RegisteredOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


class TokenOut(serializers.Serializer):
    token = serializers.CharField()


class GameIn(serializers.Serializer):
    date = serializers.DateField(required=False, help_text="default: today (UTC)")
    goals = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text='{"r,c": goal id} for the three goal spaces, when the setup asks',
    )


class MoveIn(serializers.Serializer):
    turn = serializers.IntegerField(help_text="the turn this move is for (1-22)")
    hand_index = serializers.IntegerField()
    cell = serializers.CharField(help_text='"row,col"')
    market_index = serializers.IntegerField(allow_null=True, required=False)


class RunOut(serializers.Serializer):
    status = serializers.ChoiceField(["none", "pending", "ready", "failed"])
    score = serializers.IntegerField(allow_null=True)


class HintOut(serializers.Serializer):
    id = serializers.IntegerField()
    turn = serializers.IntegerField()
    status = serializers.ChoiceField(["pending", "ready", "failed"])
    move = serializers.JSONField(allow_null=True)
    expected_score = serializers.FloatField(allow_null=True)
    reasons = serializers.ListField(child=serializers.CharField())


class ErrorOut(serializers.Serializer):
    error = serializers.CharField()
    detail = serializers.CharField()
