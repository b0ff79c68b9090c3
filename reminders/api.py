"""``GET/PUT /api/me/reminders/`` (docs/api.md, "Players, streaks and groups")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from puzzles.api.common import ERRORS, valid
from puzzles.api.schema import serializer_for

from . import selectors, services
from .shapes import RemindersOut

REMINDERS = {200: serializer_for(RemindersOut), **ERRORS}


class RemindersIn(serializers.Serializer):
    email = serializers.BooleanField()
    push = serializers.BooleanField(required=False, default=False)
    hour = serializers.IntegerField(min_value=0, max_value=23)
    time_zone = serializers.CharField(max_length=64)


@extend_schema(methods=["GET"], responses=REMINDERS)
@extend_schema(methods=["PUT"], request=RemindersIn, responses=REMINDERS)
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticated])
def reminders(request):
    """The caller's daily reminder: an email at ``hour`` of ``time_zone`` when today's daily
    is not yet played (a verified email needed to turn it on). Off until chosen."""
    if request.method == "PUT":
        data = valid(RemindersIn, request.data)
        services.do_set_reminders(request.user, **data, language=request.LANGUAGE_CODE)
    return Response(selectors.reminders_of(request.user))
