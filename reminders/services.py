"""Writes of the reminders: a player's settings, the unsubscribe link, and the beat task's
sending (docs/operations.md, "Reminders")."""

import datetime
import zoneinfo

from django.conf import settings
from django.core import mail, signing
from django.db import connection, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from puzzles.game_state import today
from puzzles.services.errors import BadInput

from . import selectors
from .models import Reminder

UNSUBSCRIBE_SALT = "reminders.unsubscribe"
BATCH = 200  # reminders claimed and sent over one SMTP connection at a time


def check_time_zone(name) -> str:
    if not isinstance(name, str) or not name:
        raise BadInput(_("time_zone: required, an IANA name such as Europe/Madrid"))
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise BadInput(_("time_zone: no time zone %(name)s") % {"name": repr(name)}) from None
    return name


def do_set_reminders(player, *, email: bool, push: bool, hour: int, time_zone: str,
                     language: str) -> Reminder:  # fmt: skip
    """Opt in or out of the daily email reminder, at ``hour`` of ``time_zone``. An email
    reminder needs a verified email (an unverified one may be anybody's); push is not offered
    yet. The emails are written in ``language`` from now on."""
    if push:
        raise BadInput(_("push: Web Push reminders are not offered yet"))
    if not 0 <= hour <= 23:
        raise BadInput(_("hour: from 0 to 23"))
    time_zone = check_time_zone(time_zone)
    if email and not (player.email and player.email_verified):
        raise BadInput(_("email: verify an email first, on your account page"))
    with transaction.atomic():
        reminder, _created = Reminder.objects.select_for_update().get_or_create(player=player)
        reminder.email, reminder.hour, reminder.time_zone = email, hour, time_zone
        reminder.save()
        if language and player.language != language:
            player.language = language
            player.save(update_fields=["language"])
    return reminder


def unsubscribe_token(player) -> str:
    return signing.dumps(player.pk, salt=UNSUBSCRIBE_SALT)


def do_unsubscribe(token: str):
    """The email's one-tap unsubscribe: the email reminder off (no expiry: an old email's link
    still works). Returns the player, or refuses a link this site did not sign."""
    try:
        player_id = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise BadInput(_("link: not a link this site sent")) from None
    reminder = Reminder.objects.select_related("player").filter(player_id=player_id).first()
    if reminder is None:
        raise BadInput(_("link: no reminder to stop"))
    Reminder.objects.filter(pk=reminder.pk).update(email=False)
    return reminder.player


def _claim(ids: list[int], now: datetime.datetime) -> list[Reminder]:
    """Mark ``ids`` sent for their local date, each only if no other sender did first (one
    atomic UPDATE each batch): the rows returned are this sender's to send."""
    claimed = []
    with transaction.atomic():
        rows = (
            Reminder.objects.select_for_update(
                skip_locked=connection.features.has_select_for_update_skip_locked
            )
            .filter(pk__in=ids)
            .select_related("player")
        )
        for reminder in rows:
            local_date = now.astimezone(zoneinfo.ZoneInfo(reminder.time_zone)).date()
            if reminder.last_sent_on == local_date:
                continue
            reminder.last_sent_on = local_date
            reminder.save(update_fields=["last_sent_on"])
            claimed.append(reminder)
    return claimed


def _message(reminder: Reminder, day: datetime.date) -> mail.EmailMessage:
    player = reminder.player
    base = settings.CALICO_SITE_URL.rstrip("/")
    unsubscribe = base + reverse("reminders:unsubscribe", args=[unsubscribe_token(player)])
    context = {"username": player.username, "play": f"{base}/", "unsubscribe": unsubscribe,
               "day": day}  # fmt: skip
    known = {code for code, _label in settings.LANGUAGES}
    language = player.language if player.language in known else settings.LANGUAGE_CODE
    with translation.override(language):
        subject = render_to_string("reminders/email/reminder_subject.txt", context)
        body = render_to_string("reminders/email/reminder.txt", context)
    return mail.EmailMessage(
        " ".join(subject.split()), body, None, [player.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>"},
    )  # fmt: skip


def do_send_due_reminders(now: datetime.datetime | None = None) -> int:
    """Send every reminder due at ``now`` (the beat task, every few minutes), in batches of
    ``BATCH`` over one SMTP connection each: claimed first (``last_sent_on``), so at most one
    a day reaches a player even if a send fails or two tasks overlap. Returns how many went."""
    now = now or timezone.now()
    day = today()
    ids = selectors.due_ids(now, day)
    sent = 0
    for start in range(0, len(ids), BATCH):
        claimed = _claim(ids[start : start + BATCH], now)
        if claimed:
            with mail.get_connection() as connection_:
                sent += connection_.send_messages([_message(r, day) for r in claimed]) or 0
    return sent
