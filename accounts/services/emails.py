"""A player's optional email: set it (a link to verify it is sent; the verified address it
replaces is told, with a link to undo), verify it by that link, undo a change. A verified email
logs in in place of the username and receives password resets (docs/operations.md, "Accounts
and email")."""

import datetime
import secrets

from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

# The pages show these in the visitor's language; the API's stay English
# (core.languages.ApiInEnglishMiddleware).
from django.utils.translation import gettext as _

from core import limits
from core.errors import BadInput
from core.jobs import do_send_task
from puzzles.models import Player, username_key

from .. import mail
from ..selectors import reset_recipients
from .account import confirm_password

VERIFY_SALT = "puzzles.emails.verify"
VERIFY_MAX_AGE = datetime.timedelta(days=3)
UNDO_SALT = "puzzles.emails.undo"
UNDO_MAX_AGE = datetime.timedelta(days=7)


def check_email(email, *, player: Player | None = None) -> str:
    """``email`` trimmed, or a 400 naming the problem (not an address; another player's
    username than ``player``'s); "" (no email) is allowed."""
    if not isinstance(email, str):
        raise BadInput(_("email: a string"))
    email = email.strip()
    if not email:
        return ""
    if len(email) > 254:
        raise BadInput(_("email: at most 254 characters"))
    try:
        EmailValidator()(email)
    except ValidationError:
        raise BadInput(
            _("email: %(email)s is not an email address") % {"email": repr(email)}
        ) from None
    _another_players_username(email, player)
    return email


def _another_players_username(email: str, player: Player | None) -> None:
    """Refuse an email that is another player's username (one made before usernames lost
    their ``@``): log-in takes either, and a name must mean one account."""
    named = Player.objects.filter(username_key=username_key(email))
    if player is not None:
        named = named.exclude(pk=player.pk)
    if named.exists():
        raise BadInput(_("email: another player's username; it cannot be an email here"))


def verification_token(player: Player) -> str:
    """The link's token: the player and the email it verifies, signed, dated."""
    return signing.dumps({"player": player.pk, "email": player.email}, salt=VERIFY_SALT)


def undo_token(player: Player, *, old: str, new: str) -> str:
    """The undo link's token: the player, the verified address replaced and its replacement."""
    return signing.dumps({"player": player.pk, "old": old, "new": new}, salt=UNDO_SALT)


def do_set_email(
    player: Player, *, email, password, language: str, address: str, at_sign_up: bool = False
) -> None:
    """Set (or with "" remove) ``player``'s email, unverified, and email it a link to verify
    it, in ``language``, once the row is written. The account's password confirms it
    (``confirm_password``: a stolen session or token alone cannot move the account's
    recovery to another address). A verified address replaced or removed is told, with a
    link that undoes the change (``do_undo_email_change``). Setting the same email again sends
    a new link. The emails sent are limited per client address and per recipient (durable
    counts), so the site cannot be used to flood a mailbox. ``at_sign_up``: the sign-up that
    just set the password, for an account with no email yet, stands in for the check."""
    if player.is_guest:
        raise BadInput(_("email: a guest has no account to recover: sign up first"))
    email = check_email(email, player=player)
    if not (at_sign_up and not player.email):
        confirm_password(player, password, address=address)
    if email:
        limits.enforce("emails", address=address, recipient=email.casefold())
    old = player.email if player.email_verified else ""
    with transaction.atomic():
        player.email, player.email_verified, player.language = email, False, language
        player.save(update_fields=["email", "email_verified", "language"])
        if email:
            verify = mail.site_link(
                reverse("accounts:verify-email", args=[verification_token(player)])
            )
            context = {"username": player.username, "link": verify}
            transaction.on_commit(
                lambda: mail.send(to=email, name="verify", context=context, language=language)
            )
        if old and old.casefold() != email.casefold():
            undo = undo_token(player, old=old, new=email)
            told = {
                "username": player.username,
                "email": email,
                "link": mail.site_link(reverse("accounts:undo-email", args=[undo])),
            }
            transaction.on_commit(
                lambda: mail.send(to=old, name="email_changed", context=told, language=language)
            )


def _signed_claim(token: str, *, salt: str, max_age: datetime.timedelta, expired: str) -> dict:
    """The claim of a link this site signed with ``salt``, younger than ``max_age``;
    400 ``expired`` for an old one, 400 for one it did not sign."""
    try:
        return signing.loads(token, salt=salt, max_age=max_age)
    except signing.SignatureExpired:
        raise BadInput(expired) from None
    except signing.BadSignature:
        raise BadInput(_("link: not a link this site sent")) from None


def do_undo_email_change(token: str) -> Player:
    """Undo an email change from the link sent to the verified address it replaced: that
    address is the account's again, verified; and since whoever made the change knew the
    password, the password is replaced by a random one (every session ends with it and every
    API token is revoked: ``signals``), so the owner sets a new one by a reset to that
    address. Refused: a link this site did not sign, one older than seven days, and an
    address another player has verified since."""
    claim = _signed_claim(token, salt=UNDO_SALT, max_age=UNDO_MAX_AGE, expired=_("link: expired"))
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=claim["player"]).first()
        if player is None or not player.is_active:
            raise BadInput(_("link: the account is gone"))
        player.email, player.email_verified = claim["old"], True
        player.set_password(secrets.token_urlsafe(32))
        try:
            with transaction.atomic():
                player.save(update_fields=["email", "email_verified", "password"])
        except IntegrityError:
            raise BadInput(_("email: another account has verified this address")) from None
    return player


def do_verify_email(token: str) -> Player:
    """Mark the email of a verification link verified (again is harmless). Refused: a link
    this site did not sign, one older than three days, one for an email the player has
    changed since, and an email another player has verified first."""
    expired = _("link: expired; set your email again for a new one")
    claim = _signed_claim(token, salt=VERIFY_SALT, max_age=VERIFY_MAX_AGE, expired=expired)
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=claim["player"]).first()
        if player is None or not player.is_active or player.email != claim["email"]:
            raise BadInput(_("link: the account's email has changed since it was sent"))
        if player.email_verified:
            return player
        _another_players_username(player.email, player)
        player.email_verified = True
        try:
            with transaction.atomic():
                player.save(update_fields=["email_verified"])
        except IntegrityError:
            raise BadInput(_("email: another account has verified this address")) from None
    return player


RESET_TASK = "accounts.tasks.send_password_reset"
RESET_SECONDS = 60  # the task's soft limit: an SMTP server that hangs fails the send first


def do_ask_password_reset(*, email: str, language: str, address: str, owner=None) -> None:
    """A password reset asked for ``email`` (already checked to be an email): counted, then
    handed to a worker after commit (``do_send_password_reset``), whoever's address it is.
    The request does the same work whether or not the email is a player's (it never even
    looks), so its answer and its time say nothing of who has an account.

    Counted before anything is sent (durable counts): per client address (``emails-address``)
    and per (recipient, address) pair (``emails-recipient-address``); the recipient's count
    from every address (``emails-recipient``) refuses only a pair that has already asked, so
    a stranger's requests never lock the owner out: a new address always gets one through.
    ``owner``: the logged-in player whose verified email it is, who may always ask."""
    recipient = email.casefold()
    if owner is not None and owner.email_verified and owner.email.casefold() == recipient:
        limits.enforce("emails", address=address)
    else:
        pair = f"{recipient}|{address}"
        if limits.counted("emails", "recipient_address", pair):
            refusal = limits.spent("emails", recipient=recipient)
            if refusal is not None:
                raise refusal
        limits.enforce("emails", address=address, recipient_address=pair)
        limits.record("emails", recipient=recipient)
    transaction.on_commit(
        lambda: do_send_task(RESET_TASK, args=(email, language), seconds=RESET_SECONDS)
    )


def do_send_password_reset(email: str, *, language: str) -> int:
    """In a worker: email a reset link (Django's token: once, ``PASSWORD_RESET_TIMEOUT``) to
    the player whose verified email ``email`` is (``reset_recipients``), in ``language``;
    nobody's address gets nothing. How many were sent (0 or 1)."""
    sent = 0
    for player in reset_recipients(email):
        path = reverse(
            "accounts:password-reset-confirm",
            kwargs={
                "uidb64": urlsafe_base64_encode(force_bytes(player.pk)),
                "token": default_token_generator.make_token(player),
            },
        )
        context = {"username": player.username, "link": mail.site_link(path)}
        mail.send(to=player.email, name="password_reset", context=context, language=language)
        sent += 1
    return sent
