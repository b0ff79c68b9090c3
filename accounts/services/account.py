"""Leaving: a player deletes their account. Their personal data goes at once; their ranked
scores stay on the past boards as "a former player", so that nobody's rank changes
(docs/operations.md, "Your data")."""

import secrets

from django.contrib.admin.models import LogEntry
from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from core import limits
from core.errors import BadInput, PasswordRequired
from puzzles.models import FORMER_PREFIX, Player

from .. import player_data


def confirm_password(player: Player, password, *, address: str) -> None:
    """The caller knows ``player``'s password, not only holds a session or an API token
    (either can be stolen): 403 ``password_required`` without one, 400 when wrong. Checked
    under the log-in's wrong-password limits (``limits.password_guarded``: per address, per
    username and address), so it cannot be guessed at leisure either. A guest has no password:
    its session is all it has."""
    if player.is_guest:
        return
    if not isinstance(password, str) or not password:
        raise PasswordRequired(_("password: required, the account's password"))
    checked = limits.password_guarded(
        address, player.username, lambda: player if player.check_password(password) else None
    )
    if checked is None:
        raise BadInput(_("password: not the account's password"))


def do_delete_account(
    player: Player, *, password, address: str, session_key: str | None = None
) -> None:
    """Delete ``player``'s account once their password confirms it (``confirm_password``; a
    recent log-in no longer stands in for it: a stolen token would pass). Their practice and
    scenario games, hints, analyses, tokens and sessions go; every app deletes or hands on
    its rows (``player_data.delete_player``: groups pass to a member); their ranked games
    stay, under a name that is nobody's."""
    confirm_password(player, password, address=address)
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).first()
        player_data.delete_player(player)
        player.username = f"{FORMER_PREFIX}{secrets.token_hex(8)}"
        player.email = player.first_name = player.last_name = ""
        player.email_verified = False
        player.is_active = player.is_staff = player.is_superuser = False
        player.is_guest = False
        player.set_unusable_password()
        player.save()
    if session_key:
        Session.objects.filter(session_key=session_key).delete()


def do_delete_sign_ins(player: Player) -> None:
    """The accounts' own part of a deletion (``AccountsConfig.delete_player``): the API token,
    the admin's log of what the player did there, their permission groups and permissions."""
    Token.objects.filter(user=player).delete()
    LogEntry.objects.filter(user=player).delete()
    player.groups.clear()
    player.user_permissions.clear()


@receiver(post_save, sender=Player, dispatch_uid="accounts.revoke_tokens_on_new_password")
def revoke_tokens_on_new_password(sender, instance: Player, created: bool, **kwargs) -> None:
    """A new password (changed, reset, set in the admin, replaced by an undone email change)
    revokes every API token of the player: a token stolen before it would outlive it. Sessions
    need nothing: Django ends every session whose hash was made from the old password, and
    the password-change page keeps its own (``update_session_auth_hash``). ``_password`` is
    Django's own mark of a ``set_password`` not yet saved (``AbstractBaseUser.save`` clears it
    after this signal); a hash upgraded at log-in clears it first, so that revokes nothing."""
    if not created and instance._password is not None:
        Token.objects.filter(user=instance).delete()
