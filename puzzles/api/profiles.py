"""Players' profiles (docs/api.md, "Players, streaks and groups")."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from ..selectors.players import PROFILE_SECTIONS, profile, public_player
from ..services.errors import NotFound
from ..shapes import ProfileOut
from .common import ERRORS
from .schema import serializer_for


class ProfileSerializer(serializer_for(ProfileOut)):
    def get_fields(self):
        """The profile's fields, then each section another app adds (``PROFILE_SECTIONS``)."""
        fields = super().get_fields()
        for name, section in PROFILE_SECTIONS.items():
            fields[name] = serializer_for(section.shape)(help_text=section.help)
        return fields


ProfileSerializer.__name__ = "ProfileOut"  # the schema's component, as the shape is named
PROFILE = {200: ProfileSerializer, **ERRORS}


@extend_schema(responses=PROFILE)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def me(request):
    """The caller's profile (guests have one too)."""
    return Response(profile(request.user))


@extend_schema(responses=PROFILE)
@api_view(["GET"])
def player_detail(request, username: str):
    """A registered player's public profile (guests have no public profile)."""
    player = public_player(username)
    if player is None:
        raise NotFound(f"username: no player {username!r}")
    return Response(profile(player))
