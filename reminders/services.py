"""Writes of the reminders: a player's settings, the unsubscribe link, and the beat task's
sending (docs/operations.md, "Reminders")."""

import datetime
import functools
import logging
import zoneinfo

from celery import current_app
from django.conf import settings
from django.core import mail, signing
from django.db import connection, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.errors import BadInput
from puzzles.game_state import today
from puzzles.models import Player

from . import push as web_push
from . import selectors
from .models import PushSubscription, Reminder

UNSUBSCRIBE_SALT = "reminders.unsubscribe"
BATCH = 200  # reminders claimed and sent over one SMTP connection at a time
SEND_PUSH = "reminders.tasks.send_push"  # one push, its own time limit (tasks.py)
log = logging.getLogger(__name__)


def check_time_zone(name) -> str:
    if not isinstance(name, str) or not name:
        raise BadInput(_("time_zone: required, an IANA name such as Europe/Madrid"))
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise BadInput(_("time_zone: no time zone %(name)s") % {"name": repr(name)}) from None
    return name


def do_set_reminders(
    player, *, email: bool, push: bool, hour: int, time_zone: str, language: str
) -> Reminder:
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
    """Keep a browser's push subscription (``POST /api/me/push-subscriptions/``) once its
    keys and endpoint pass (``push.check_endpoint``: its host resolved, every address
    public). An endpoint already known is now this player's (one browser, another account
    logged in), subscribed now. A player keeps ``MAX_SUBSCRIPTIONS``: a new browser replaces
    the one subscribed longest ago (most likely a device given up), rather than refusing the
    one in hand. The keys are checked first: no lookup for a request that fails anyway."""
    if player.is_guest:
        raise BadInput(_("reminders: a guest signs up first"))
    try:
        web_push.check_keys(p256dh, auth)
        web_push.check_endpoint(endpoint)
    except web_push.Refused as problem:
        raise BadInput(str(problem)) from None
    with transaction.atomic():
        # the player's row locked: two browsers subscribing at once still leave five at most
        Player.objects.select_for_update().filter(pk=player.pk).first()
        found, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={
                "player": player,
                "p256dh": p256dh,
                "auth": auth,
                "created_at": timezone.now(),
            },
        )
        theirs = PushSubscription.objects.filter(player=player)
        kept = theirs.order_by("-created_at", "-pk").values_list("pk", flat=True)
        theirs.exclude(pk__in=list(kept[: web_push.MAX_SUBSCRIPTIONS])).delete()
    return found


def do_remove_push_subscription(player, *, endpoint: str) -> None:
    """Forget a browser's subscription (the player turned push off there); unknown: nothing."""
    PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()


def unsubscribe_token(player) -> str:
    return signing.dumps(player.pk, salt=UNSUBSCRIBE_SALT)


def reminder_of_token(token: str) -> Reminder:
    """The reminder an unsubscribe link names, or ``BadInput`` for a link this site did not
    sign (no expiry: an old email's link still works)."""
    try:
        player_id = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise BadInput(_("link: not a link this site sent")) from None
    reminder = Reminder.objects.select_related("player").filter(player_id=player_id).first()
    if reminder is None:
        raise BadInput(_("link: no reminder to stop"))
    return reminder


def do_unsubscribe(token: str):
    """The email's unsubscribe (a POST: its page's button, or a mail client's RFC 8058
    one-click): the email reminder off. Returns the player."""
    reminder = reminder_of_token(token)
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
    context = {
        "username": player.username,
        "play": f"{base}/",
        "unsubscribe": unsubscribe,
        "day": day,
    }
    with translation.override(_language(player)):
        subject = render_to_string("reminders/email/reminder_subject.txt", context)
        body = render_to_string("reminders/email/reminder.txt", context)
    return mail.EmailMessage(
        " ".join(subject.split()),
        body,
        None,
        [player.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },  # RFC 8058
    )


def _push_payload(player) -> dict:
    with translation.override(_language(player)):
        return {
            "title": _("Today's Calico Daily quilt is waiting"),
            "body": _("It closes at 00:00 UTC."),
            "url": settings.CALICO_SITE_URL.rstrip("/") + "/",
        }


def do_send_push(subscription_id: int, *, payload: dict | None = None) -> None:
    """Push the reminder (or ``payload``, another app's notice: ``do_push_to``) to one
    subscription (the task ``send_push``, on the background queue), its endpoint checked
    again now (``push.send``). One gone (404, 410), or that can
    never pass the checks (kept before they existed), is forgotten; one whose host resolves
    to a private address today is skipped and kept."""
    found = PushSubscription.objects.select_related("player").filter(pk=subscription_id).first()
    if found is None:  # forgotten since the reminder was claimed
        return
    try:
        if web_push.send(found, payload or _push_payload(found.player)):
            return
    except web_push.Refused as problem:
        log.warning("push subscription %s refused: %s", found.pk, problem)
        if not problem.lasting:
            return
    found.delete()


def do_push_to(player, *, payload: dict) -> int:
    """Push ``payload`` (``{title, body, url}``, in the player's words) to each of the
    player's subscriptions, as a reminder's: for an app's notice (duels: "your friend
    finished"). How many were queued; 0 when push is off."""
    if not web_push.offered():
        return 0
    return _queue_pushes(player.pk, payload=payload)


def _queue_pushes(player_id: int, *, payload: dict | None = None) -> int:
    """One ``send_push`` task per subscription of the player, after commit: each has its own
    time limit, and none waits for or stops another. Sent by name (the tasks import the
    services, never the reverse); without ``payload``, the day's reminder."""
    ids = list(PushSubscription.objects.filter(player_id=player_id).values_list("pk", flat=True))
    kwargs = {} if payload is None else {"payload": payload}
    for subscription_id in ids:
        transaction.on_commit(
            functools.partial(current_app.send_task, SEND_PUSH, (subscription_id,), kwargs=kwargs)
        )
    return len(ids)


def do_send_due_reminders(now: datetime.datetime | None = None) -> int:
    """Send every reminder due at ``now`` (the beat task, every few minutes), in batches of
    ``BATCH``, the emails over one SMTP connection each, the pushes queued, one task per
    subscription: claimed first (``last_sent_on``), so at most one a day reaches a player
    even if a send fails or two tasks overlap. A reminder or batch that fails is logged and
    the run goes on to the rest. Returns how many emails went and pushes were queued."""
    now = now or timezone.now()
    day = today()
    ids = selectors.due_ids(now, day)
    sent = 0
    for start in range(0, len(ids), BATCH):
        claimed = _claim(ids[start : start + BATCH], now)
        messages = []
        for reminder in claimed:
            try:
                if reminder.email and reminder.player.email_verified and reminder.player.email:
                    messages.append(_message(reminder, day))
                if reminder.push and web_push.offered():
                    sent += _queue_pushes(reminder.player_id)
            except Exception:  # this player's reminder is lost, not the others'
                log.exception("reminder %s not sent", reminder.pk)
        if messages:
            try:
                with mail.get_connection() as connection_:
                    sent += connection_.send_messages(messages) or 0
            except Exception:  # the SMTP server failed this batch: the next one may pass
                log.exception("reminder emails of a batch of %s not sent", len(messages))
    return sent
