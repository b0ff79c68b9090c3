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

from core.errors import BadInput
from puzzles.game_state import today

from . import push as web_push
from . import selectors
from .models import PushSubscription, Reminder

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
    """Opt in or out of the daily email and push reminders, at ``hour`` of ``time_zone``. An
    email reminder needs a verified email (an unverified one may be anybody's); push needs the
    site's VAPID keys (it goes to each of the player's subscriptions). The reminders are
    written in ``language`` from now on."""
    if player.is_guest:
        raise BadInput(_("reminders: a guest signs up first"))
    if push and not web_push.offered():
        raise BadInput(_("push: Web Push reminders are not offered on this site"))
    if not 0 <= hour <= 23:
        raise BadInput(_("hour: from 0 to 23"))
    time_zone = check_time_zone(time_zone)
    if email and not (player.email and player.email_verified):
        raise BadInput(_("email: verify an email first, on your account page"))
    with transaction.atomic():
        reminder, _created = Reminder.objects.select_for_update().get_or_create(player=player)
        reminder.email, reminder.push = email, push
        reminder.hour, reminder.time_zone = hour, time_zone
        reminder.save()
        if language and player.language != language:
            player.language = language
            player.save(update_fields=["language"])
    return reminder


def do_add_push_subscription(player, *, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Keep a browser's push subscription (``POST /api/me/push-subscriptions/``); an endpoint
    already known is now this player's (one browser, another account logged in)."""
    if player.is_guest:
        raise BadInput(_("reminders: a guest signs up first"))
    scheme = endpoint.partition(":")[0].lower()
    if scheme not in settings.CALICO_PUSH_SCHEMES:
        raise BadInput(_("endpoint: a push service's https URL"))
    found, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"player": player, "p256dh": p256dh, "auth": auth}
    )
    return found


def do_remove_push_subscription(player, *, endpoint: str) -> None:
    """Forget a browser's subscription (the player turned push off there); unknown: nothing."""
    PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()


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


def _language(player) -> str:
    known = {code for code, _label in settings.LANGUAGES}
    return player.language if player.language in known else settings.LANGUAGE_CODE


def _message(reminder: Reminder, day: datetime.date) -> mail.EmailMessage:
    player = reminder.player
    base = settings.CALICO_SITE_URL.rstrip("/")
    unsubscribe = base + reverse("reminders:unsubscribe", args=[unsubscribe_token(player)])
    context = {"username": player.username, "play": f"{base}/", "unsubscribe": unsubscribe,
               "day": day}  # fmt: skip
    with translation.override(_language(player)):
        subject = render_to_string("reminders/email/reminder_subject.txt", context)
        body = render_to_string("reminders/email/reminder.txt", context)
    return mail.EmailMessage(
        " ".join(subject.split()), body, None, [player.email],
        headers={"List-Unsubscribe": f"<{unsubscribe}>"},
    )  # fmt: skip


def _push(reminder: Reminder) -> int:
    """Push the reminder to each of the player's subscriptions; those gone are forgotten."""
    with translation.override(_language(reminder.player)):
        payload = {
            "title": _("Today's Calico Daily quilt is waiting"),
            "body": _("It closes at 00:00 UTC."),
            "url": settings.CALICO_SITE_URL.rstrip("/") + "/",
        }
    pushed = 0
    for subscription in PushSubscription.objects.filter(player_id=reminder.player_id):
        if web_push.send(subscription, payload):
            pushed += 1
        else:
            subscription.delete()
    return pushed


def do_send_due_reminders(now: datetime.datetime | None = None) -> int:
    """Send every reminder due at ``now`` (the beat task, every few minutes), in batches of
    ``BATCH``, the emails over one SMTP connection each, the pushes to each subscription:
    claimed first (``last_sent_on``), so at most one a day reaches a player even if a send
    fails or two tasks overlap. Returns how many emails and pushes went."""
    now = now or timezone.now()
    day = today()
    ids = selectors.due_ids(now, day)
    sent = 0
    for start in range(0, len(ids), BATCH):
        claimed = _claim(ids[start : start + BATCH], now)
        emails = [r for r in claimed if r.email and r.player.email_verified and r.player.email]
        if emails:
            with mail.get_connection() as connection_:
                sent += connection_.send_messages([_message(r, day) for r in emails]) or 0
        if web_push.offered():
            sent += sum(_push(r) for r in claimed if r.push)
    return sent
