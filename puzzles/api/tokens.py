"""API token care: a player can rotate theirs (the old one stops working at once)."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from ..services import players
from . import serializers as s
from .views import ERRORS


@extend_schema(request=None, responses={200: s.TokenOut, **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def rotate_token(request):
    """Replace the caller's API token with a new one."""
    return Response({"token": players.do_rotate_token(request.user)})
