"""API token care: a player can rotate theirs (the old one stops working at once)."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core.api.common import ERRORS
from core.api.schema import serializer_for

from ..services import players
from ..shapes import TokenOut


@extend_schema(request=None, responses={200: serializer_for(TokenOut), **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def rotate_token(request):
    """Replace the caller's API token with a new one."""
    return Response(TokenOut(token=players.do_rotate_token(request.user)))
