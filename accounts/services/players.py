"""Players: a guest, made by a page's first write (``puzzles.services.visitors``), is claimed
later with a username and password, or folded into an account it logs into; API clients
register and use tokens."""

import unicodedata

from confusable_homoglyphs import confusables
from django.contrib.auth import password_validation
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

# The sign-up page shows these in the visitor's language; the API's stay English
# (core.languages.ApiInEnglishMiddleware).
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from core.errors import BadInput
from puzzles.models import FORMER_PREFIX, GUEST_PREFIX, Player, username_key

from .. import player_data


def normal_username(username: str) -> str:
    """A username as stored and looked up: NFKC (fullwidth ``ａlice`` is ``alice``), trimmed."""
    return unicodedata.normalize("NFKC", username).strip()


def _looks_like_latin(username: str) -> bool:
    """Whether the name passes for another by mixing scripts with a look-alike (Cyrillic
    ``а`` in ``аlice``: confusable_homoglyphs' ``is_dangerous``, as django-registration uses
    it). A name in one script is no look-alike (``Борис``, ``рое``): only a mix is."""
    return confusables.is_dangerous(username)


def _check_username(username) -> str:
    if not isinstance(username, str) or not username.strip():
        raise BadInput(_("username: required"))
    username = normal_username(username)
    if not username:
        raise BadInput(_("username: required"))
    if len(username) > 150:
        raise BadInput(_("username: at most 150 characters"))
    if "@" in username:  # log-in takes a username or a verified email: never one for the other
        raise BadInput(_("username: may not hold an @ (your email logs in by itself)"))
    for prefix in (GUEST_PREFIX, FORMER_PREFIX):  # the names the site gives, nobody else
        if username.lower().startswith(prefix):
            raise BadInput(_("username: may not start with %(prefix)s") % {"prefix": repr(prefix)})
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError as error:
        raise BadInput(_("username: %(problem)s") % {"problem": " ".join(error.messages)}) from None
    if _looks_like_latin(username):
        raise BadInput(
            _("username: %(name)s mixes look-alike letters of other scripts")
            % {"name": repr(username)}
        )
    return username


def _check_password(password, user: Player) -> str:
    if not isinstance(password, str) or not password:
        raise BadInput(_("password: required"))
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        raise BadInput(_("password: %(problem)s") % {"problem": " ".join(error.messages)}) from None
    return password


def do_register(username, *, password, guest: Player | None = None) -> Player:
    """Claim ``guest`` (it keeps its games) or create a new player."""
    username = _check_username(username)
    if guest is not None and not guest.is_guest:
        raise BadInput(_("username: this player already has a username"))
    user = guest or Player()
    user.username = username
    password = _check_password(password, user)
    user.set_password(password)
    user.is_guest = False
    try:
        with transaction.atomic():
            # A friendly answer for a name taken in another case; two registrations at once
            # both pass this, and the unique username_key refuses the second (migration
            # 0021_username_key).
            taken = Player.objects.filter(username_key=username_key(username))
            if taken.exclude(pk=user.pk).exists():
                raise IntegrityError
            user.save()
    except IntegrityError:
        raise BadInput(_("username: %(name)s is taken") % {"name": repr(username)}) from None
    return user


def do_change_username(player: Player, *, username) -> Player:
    """A new username for a registered player, under the sign-up's rules (no look-alikes, no
    site prefix, one name whatever its case); their games, groups and streak stay theirs."""
    if player.is_guest:
        raise BadInput(_("username: a guest signs up to choose one"))
    username = _check_username(username)
    try:
        with transaction.atomic():
            taken = Player.objects.filter(username_key=username_key(username))
            if taken.exclude(pk=player.pk).exists():
                raise IntegrityError
            player.username = username
            player.save(update_fields=["username"])
    except IntegrityError:
        raise BadInput(_("username: %(name)s is taken") % {"name": repr(username)}) from None
    return player


def do_fold_guest(guest: Player, *, into: Player) -> None:
    """Move everything of ``guest`` to the account ``into`` it just logged into, then delete
    the guest: each app moves its rows (``player_data.fold_guest``: the daily's games, and
    so the streak, counted from them; versus tables, groups, the rating, ...).

    Locks the two player rows (in id order, so that two folds at once cannot deadlock): two
    log-ins from the same guest session at once fold it once, the second finding it gone.
    A game the guest starts during the fold (the same browser, at the same instant) is not
    guarded against: it would go with the guest."""
    if not guest.is_guest or guest.pk == into.pk:
        return
    with transaction.atomic():
        list(Player.objects.select_for_update().filter(pk__in=(guest.pk, into.pk)).order_by("pk"))
        player_data.fold_guest(guest, into)
        guest.delete()  # what is left: memberships of groups the account was in, its token


def do_ensure_token(user: Player) -> str:
    """The player's API token, made on first asking."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def do_rotate_token(user: Player) -> str:
    """A new API token for the player; the old one stops working at once."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user).key
