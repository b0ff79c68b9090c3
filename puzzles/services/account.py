"""Leaving: a player deletes their account. Their personal data goes at once; their ranked
scores stay on the past boards as "a former player", so that nobody's rank changes
(docs/operations.md, "Your data")."""

import datetime
import secrets

from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from core.errors import BadInput

from ..models import FORMER_PREFIX, Analysis, Game, Hint, Player
from ..signals import account_deleting

RECENT_LOG_IN = datetime.timedelta(minutes=10)  # what stands in for the password


def do_delete_account(player: Player, *, password, session_key: str | None = None) -> None:
    """Delete ``player``'s account: their password (or a log-in of the last ten minutes,
    for a guest or a player who just logged in) confirms it. Their practice and scenario
    games, hints, analyses, tokens and sessions go; the apps delete or hand on theirs
    (``account_deleting``: groups pass to a member); their ranked games stay, under a name
    that is nobody's."""
    recent = player.last_login and timezone.now() - player.last_login <= RECENT_LOG_IN
    confirmed = isinstance(password, str) and password and player.check_password(password)
    if not (confirmed or recent or player.is_guest):
        raise BadInput("password: required, and the account's (or log in again first)")
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        account_deleting.send(Player, player=player)
        Hint.objects.filter(game__player=player).delete()
        Analysis.objects.filter(game__player=player).delete()
        Game.objects.filter(player=player, ranked=False).delete()
        Token.objects.filter(user=player).delete()
        player.username = f"{FORMER_PREFIX}{secrets.token_hex(8)}"
        player.email = player.first_name = player.last_name = ""
        player.email_verified = False
        player.is_active = player.is_staff = player.is_superuser = False
        player.is_guest = False
        player.set_unusable_password()
        player.save()
    if session_key:
        Session.objects.filter(session_key=session_key).delete()
