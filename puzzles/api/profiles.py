"""Players' profiles (docs/api.md, "Players, streaks and groups"). The caller's own (``/api/me/``)
is the accounts app's, with its email."""

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view
from rest_framework.response import Response

from core.api.common import ERRORS
from core.api.schema import serializer_for
from core.errors import NotFound

from ..selectors.players import profile, profile_sections, public_player
from ..shapes import ProfileOut


def with_profile_sections(shape):
    """The serializer of ``shape`` (a profile) for the schema, with the apps' sections."""

    class Serializer(serializer_for(shape)):
        def get_fields(self):
            """The profile's fields, then each section another app adds (``profile_sections``)."""
            fields = super().get_fields()
            for name, section in profile_sections().items():
                fields[name] = serializer_for(section.shape)(help_text=section.help)
            return fields

    Serializer.__name__ = shape.__name__  # the schema's component, as the shape is named
    return Serializer


ProfileSerializer = with_profile_sections(ProfileOut)
PROFILE = {200: ProfileSerializer, **ERRORS}


@extend_schema(responses=PROFILE)
@api_view(["GET"])
def player_detail(request, username: str):
    """A registered player's public profile (guests have no public profile)."""
    player = public_player(username)
    if player is None:
        raise NotFound(f"username: no player {username!r}")
    return Response(profile(player))
