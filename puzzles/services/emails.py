"""A player's optional email: set it (a link to verify it is sent), verify it by that link.
A verified email logs in in place of the username and receives password resets
(docs/operations.md, "Accounts and email")."""

import datetime
from collections.abc import Callable

from django.core import signing
from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction

# The pages show these in the visitor's language; the API's stay English
# (core.languages.ApiInEnglishMiddleware).
from django.utils.translation import gettext as _

from core import limits
from core.errors import BadInput

from .. import mail
from ..models import Player

VERIFY_SALT = "puzzles.emails.verify"
VERIFY_MAX_AGE = datetime.timedelta(days=3)


def check_email(email) -> str:
    """``email`` trimmed, or a 400 naming the problem; "" (no email) is allowed."""
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
    return email


def verification_token(player: Player) -> str:
    """The link's token: the player and the email it verifies, signed, dated."""
    return signing.dumps({"player": player.pk, "email": player.email}, salt=VERIFY_SALT)


def do_set_email(
    player: Player, *, email, language: str, address: str, verify_url: Callable[[str], str]
) -> None:
    """Set (or with "" remove) ``player``'s email, unverified, and email it a link to verify
    it (``verify_url(token)``), in ``language``, once the row is written. Setting the same
    email again sends a new link. The emails sent are limited per client address and per
    recipient (durable counts), so the site cannot be used to flood a mailbox."""
    if player.is_guest:
        raise BadInput(_("email: a guest has no account to recover: sign up first"))
    email = check_email(email)
    if email:
        limits.enforce("emails", address=address, recipient=email.casefold())
    with transaction.atomic():
        player.email, player.email_verified, player.language = email, False, language
        player.save(update_fields=["email", "email_verified", "language"])
        if email:
            link = verify_url(verification_token(player))
            transaction.on_commit(
                lambda: mail.send(
                    to=email,
                    name="verify",
                    context={"username": player.username, "link": link},
                    language=language,
                )
            )


def do_verify_email(token: str) -> Player:
    """Mark the email of a verification link verified (again is harmless). Refused: a link
    this site did not sign, one older than three days, one for an email the player has
    changed since, and an email another player has verified first."""
    try:
        claim = signing.loads(token, salt=VERIFY_SALT, max_age=VERIFY_MAX_AGE)
    except signing.SignatureExpired:
        raise BadInput(_("link: expired; set your email again for a new one")) from None
    except signing.BadSignature:
        raise BadInput(_("link: not a link this site sent")) from None
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(pk=claim["player"]).first()
        if player is None or not player.is_active or player.email != claim["email"]:
            raise BadInput(_("link: the account's email has changed since it was sent"))
        if player.email_verified:
            return player
        player.email_verified = True
        try:
            with transaction.atomic():
                player.save(update_fields=["email_verified"])
        except IntegrityError:
            raise BadInput(_("email: another account has verified this address")) from None
    return player
