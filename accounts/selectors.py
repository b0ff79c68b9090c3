"""Everything the site holds about a player, as one JSON document (``GET /api/me/export/``):
the account, and what each app holds (the daily's games, groups, versus tables, the rating:
``player_data``). And the username a verified email logs in as (``login_name``)."""

from puzzles.models import Player, username_key

from . import player_data


def export(player) -> dict:
    """The account, then each app's sections (``player_data.export_player``: the daily's
    profile and games first)."""
    account = {
        "username": player.username,
        "email": player.email,
        "email_verified": player.email_verified,
        "is_guest": player.is_guest,
        "joined": player.date_joined,
        "last_login": player.last_login,
    }
    return {"account": account, **player_data.export_player(player)}


def login_name(identifier: str) -> str:
    """The username that ``identifier`` logs in as: itself, or the username of the player
    whose verified email it is. No name is both: a new username holds no ``@``, and an email
    that is another's (older) username is never verified (``services.emails``); such an
    older username logs in as itself."""
    if (
        "@" not in identifier
        or Player.objects.filter(username_key=username_key(identifier)).exists()
    ):
        return identifier
    found = Player.objects.filter(email__iexact=identifier, email_verified=True, is_active=True)
    return found.values_list("username", flat=True).first() or identifier


def reset_recipients(email: str):
    """The players a password reset for ``email`` goes to: the one whose verified email it is,
    if they have a password (an unverified email may be anybody's)."""
    found = Player.objects.filter(email__iexact=email, email_verified=True, is_active=True)
    return [player for player in found if player.has_usable_password()]
