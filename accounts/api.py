"""The accounts' API, at its same paths under ``/api/`` (``accounts.urls.api``): register, log
in (a session or a token), rotate the token, the caller's own profile and email, deleting the
account, and the export of everything the site holds of the caller."""

from django.contrib.auth import update_session_auth_hash
from django.http import JsonResponse
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from core import limits
from core.api.common import ERRORS, THROTTLED_ERRORS, caller, valid
from core.api.schema import serializer_for
from puzzles.api.profiles import ProfileSerializer, with_profile_sections
from puzzles.selectors.players import profile
from puzzles.shapes import ExportOut, OwnProfileOut, RegisteredOut, TokenOut

from . import player_data
from .auth import log_in, set_email
from .selectors import export
from .services import account, players


class CredentialsIn(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(trim_whitespace=False)


@extend_schema(
    request=CredentialsIn, responses={201: serializer_for(RegisteredOut), **THROTTLED_ERRORS}
)
@api_view(["POST"])
@permission_classes([AllowAny])
def register(request):
    """Register a player; from a guest session, claim that guest (it keeps its games)."""
    limits.enforce("password", **limits.address_keys(limits.client_address(request)))  # a hash
    data = valid(CredentialsIn, request.data)
    guest = caller(request)
    user = players.do_register(data["username"], password=data["password"], guest=guest)
    token = players.do_ensure_token(user)
    if isinstance(request.successful_authenticator, SessionAuthentication):
        update_session_auth_hash(request, user)  # the claimed guest stays logged in
        token = players.do_ensure_token(user)
    answer = RegisteredOut(username=user.username, token=token)
    return Response(answer, status=status.HTTP_201_CREATED)


@extend_schema(request=CredentialsIn, responses={200: serializer_for(TokenOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([AllowAny])
def login_session(request):
    """Browser sign-in: start a session for a registered player (answers with the account's
    API token too, which logging out leaves to the player's other clients); a guest playing
    in the session moves into it.
    CSRF-checked even for an anonymous caller: else a foreign page could log a visitor into
    its own account (login CSRF)."""
    SessionAuthentication().enforce_csrf(request)
    serializer = AuthTokenSerializer(data=request.data, context={"request": request})
    serializer.is_valid(raise_exception=True)
    user = serializer.validated_data["user"]
    log_in(request, user)  # a guest playing in this session is folded into the account
    return Response(TokenOut(token=players.do_ensure_token(user)))


@extend_schema(request=CredentialsIn, responses={200: serializer_for(TokenOut), **THROTTLED_ERRORS})
@api_view(["POST"])
@permission_classes([AllowAny])
def token(request):
    serializer = AuthTokenSerializer(data=request.data, context={"request": request})
    serializer.is_valid(raise_exception=True)
    return Response(TokenOut(token=players.do_ensure_token(serializer.validated_data["user"])))


@extend_schema(request=None, responses={200: serializer_for(TokenOut), **ERRORS})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def rotate_token(request):
    """Replace the caller's API token with a new one."""
    return Response(TokenOut(token=players.do_rotate_token(request.user)))


ME = {200: with_profile_sections(OwnProfileOut), **ERRORS}

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
        """The export's fields, then each app's sections (``export_player``), as JSON."""
        fields = super().get_fields()
        fields["profile"] = ProfileSerializer()
        for name in player_data.export_names():
            fields.setdefault(name, serializers.JSONField(help_text=f"the player's {name}"))
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
