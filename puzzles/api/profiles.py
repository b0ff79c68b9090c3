"""Players' profiles (docs/api.md, "Players, streaks and groups")."""

from django.http import JsonResponse
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, THROTTLED_ERRORS, valid
from core.api.schema import serializer_for
from core.errors import NotFound

from ..auth import set_email
from ..selectors.account import export
from ..selectors.players import EXPORT_SECTIONS, PROFILE_SECTIONS, profile, public_player
from ..services import account
from ..shapes import ExportOut, OwnProfileOut, ProfileOut


def _with_sections(shape):
    class Serializer(serializer_for(shape)):
        def get_fields(self):
            """The profile's fields, then each section another app adds (``PROFILE_SECTIONS``)."""
            fields = super().get_fields()
            for name, section in PROFILE_SECTIONS.items():
                fields[name] = serializer_for(section.shape)(help_text=section.help)
            return fields

    Serializer.__name__ = shape.__name__  # the schema's component, as the shape is named
    return Serializer


ProfileSerializer = _with_sections(ProfileOut)
PROFILE = {200: ProfileSerializer, **ERRORS}
ME = {200: _with_sections(OwnProfileOut), **ERRORS}


PASSWORD_HELP = (
    "the account's password (a session or token alone is not enough): 403 password_required "
    "without it, 400 when wrong; a guest has none"
)


class DeleteIn(serializers.Serializer):
    password = serializers.CharField(
        required=False, allow_blank=True, default="", trim_whitespace=False, help_text=PASSWORD_HELP
    )


class MeIn(serializers.Serializer):
    email = serializers.CharField(
        allow_blank=True, trim_whitespace=True, help_text='the new email ("" removes it)'
    )
    password = serializers.CharField(
        required=False, allow_blank=True, default="", trim_whitespace=False, help_text=PASSWORD_HELP
    )


def _me(player) -> OwnProfileOut:
    return {**profile(player), "email": player.email, "email_verified": player.email_verified}


@extend_schema(methods=["GET"], responses=ME)
# PUT and DELETE check the password under its limits (PUT's email counts emails sent too): 429
@extend_schema(methods=["PUT"], request=MeIn, responses={**ME, **THROTTLED_ERRORS})
@extend_schema(methods=["DELETE"], request=DeleteIn, responses={204: None, **THROTTLED_ERRORS})
@api_view(["GET", "PUT", "DELETE"])
@permission_classes([IsAuthenticated])
def me(request):
    """The caller's profile (guests have one too) and email. PUT ``{email, password}`` sets
    the email, unverified, and emails it a link to verify it (in the caller's language);
    ``""`` removes it; a verified address replaced is told, with a link to undo. DELETE
    ``{password}`` deletes the account: personal data gone, ranked scores kept as "a former
    player" (docs/operations.md, "Your data"). Both need the account's password (403
    ``password_required`` without it, 400 wrong, 429 past the wrong-password limits)."""
    if request.method == "DELETE":
        data = valid(DeleteIn, request.data)
        account.do_delete_account(
            request.user,
            password=data["password"],
            address=limits.client_address(request),
            session_key=request.session.session_key,
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PUT":
        data = valid(MeIn, request.data)
        set_email(request, request.user, data["email"], password=data["password"])
    return Response(_me(request.user))


class ExportSerializer(serializer_for(ExportOut)):
    def get_fields(self):
        """The export's fields, then each app's section (``EXPORT_SECTIONS``), as JSON."""
        fields = super().get_fields()
        fields["profile"] = ProfileSerializer()
        for name in EXPORT_SECTIONS:
            fields[name] = serializers.JSONField(help_text=f"the player's {name}")
        return fields


ExportSerializer.__name__ = "ExportOut"


@extend_schema(responses={200: ExportSerializer, **ERRORS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def my_data(request):
    """Everything the site holds about the caller, as one JSON file to keep."""
    answer = JsonResponse(export(request.user), json_dumps_params={"indent": 1})
    day = timezone.now().date().isoformat()
    answer["Content-Disposition"] = f'attachment; filename="calico-daily-{day}.json"'
    answer["Cache-Control"] = "no-store"
    return answer


@extend_schema(responses=PROFILE)
@api_view(["GET"])
def player_detail(request, username: str):
    """A registered player's public profile (guests have no public profile)."""
    player = public_player(username)
    if player is None:
        raise NotFound(f"username: no player {username!r}")
    return Response(profile(player))
