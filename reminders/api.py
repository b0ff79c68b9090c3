"""``GET/PUT /api/me/reminders/`` (docs/api.md, "Players, streaks and groups")."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api.common import ERRORS, valid
from core.api.schema import serializer_for

from . import selectors, services
from .shapes import PushSubscriptionOut, RemindersOut

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
    """The caller's daily reminder: an email and/or a push at ``hour`` of ``time_zone`` when
    today's daily is not yet played (a verified email needed to turn the email on, the site's
    VAPID keys the push). Off until chosen."""
    if request.method == "PUT":
        data = valid(RemindersIn, request.data)
        services.do_set_reminders(request.user, **data, language=request.LANGUAGE_CODE)
    return Response(selectors.reminders_of(request.user))


class KeysIn(serializers.Serializer):
    p256dh = serializers.CharField(max_length=200)
    auth = serializers.CharField(max_length=100)


class SubscriptionIn(serializers.Serializer):
    """A browser's ``PushSubscription.toJSON()`` (``expirationTime`` is ignored)."""

    endpoint = serializers.URLField(max_length=1000)
    keys = KeysIn()


class ForgetIn(serializers.Serializer):
    endpoint = serializers.CharField(max_length=1000)


@extend_schema(
    methods=["POST"],
    request=SubscriptionIn,
    responses={201: serializer_for(PushSubscriptionOut), **ERRORS},
)
@extend_schema(methods=["DELETE"], request=ForgetIn, responses={204: None, **ERRORS})
@api_view(["POST", "DELETE"])
@permission_classes([IsAuthenticated])
def push_subscriptions(request):
    """POST keeps this browser's push subscription (where the push reminders go); DELETE
    ``{endpoint}`` forgets it (nothing to forget is no error)."""
    if request.method == "DELETE":
        services.do_remove_push_subscription(
            request.user, endpoint=valid(ForgetIn, request.data)["endpoint"]
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
    data = valid(SubscriptionIn, request.data)
    found = services.do_add_push_subscription(
        request.user, endpoint=data["endpoint"], **data["keys"]
    )
    answer = {"endpoint": found.endpoint, "created_at": found.created_at}
    return Response(answer, status=status.HTTP_201_CREATED)
