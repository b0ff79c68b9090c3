"""Reads of the reminders: a player's settings, and who is due a reminder now."""

import datetime
import functools
import zoneinfo

from django.conf import settings
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from puzzles.models import Game

from . import push
from .models import PushSubscription, Reminder
from .shapes import PushSubscriptionExportOut, RemindersOut

DEFAULT = Reminder()  # a player who never chose: off, 18:00 UTC


def reminders_of(player) -> RemindersOut:
    found = Reminder.objects.filter(player=player).first() or DEFAULT
    return {
        "email": found.email,
        "push": found.push,
        "hour": found.hour,
        "time_zone": found.time_zone,
    }


def push_subscriptions_of(player) -> list[PushSubscriptionExportOut]:
    """The export's part: where each subscription pushes and since when, not its keys (the
    browser's, useless to the player and a way to push to them)."""
    found = PushSubscription.objects.filter(player=player).order_by("created_at", "pk")
    return [
        {"endpoint_host": push.endpoint_host(row.endpoint), "created_at": row.created_at}
        for row in found
    ]


@functools.cache
def time_zones() -> list[str]:
    return sorted(zoneinfo.available_timezones())


# The zones most players live in, offered first by a city's name (the form's "Common" group;
# the browser's own zone goes above them, reminders.js); every other zone follows by its name.
COMMON_ZONES = (
    ("UTC", _("UTC (no summer time)")),
    ("Europe/London", _("London, Dublin, Lisbon")),
    ("Europe/Madrid", _("Madrid, Paris, Berlin, Rome")),
    ("Europe/Athens", _("Athens, Helsinki, Kyiv")),
    ("Europe/Moscow", _("Moscow, Istanbul")),
    ("Asia/Kolkata", _("India")),
    ("Asia/Shanghai", _("Beijing, Singapore, Perth")),
    ("Asia/Tokyo", _("Tokyo, Seoul")),
    ("Australia/Sydney", _("Sydney, Melbourne")),
    ("Pacific/Auckland", _("Auckland")),
    ("America/Sao_Paulo", _("São Paulo, Buenos Aires")),
    ("America/New_York", _("New York, Toronto, Miami")),
    ("America/Chicago", _("Chicago, Houston")),
    ("America/Mexico_City", _("Mexico City")),
    ("America/Bogota", _("Bogotá, Lima")),
    ("America/Denver", _("Denver, Phoenix")),
    ("America/Los_Angeles", _("Los Angeles, Vancouver")),
)


def account_section(player) -> dict:
    """What the account page's reminder form shows (``_account_section.html``)."""
    return {
        "reminders": reminders_of(player),
        "chosen": Reminder.objects.filter(player=player).exists(),
        "email_ready": bool(player.email and player.email_verified),
        "push_key": settings.VAPID_PUBLIC_KEY if push.offered() else "",
        "hours": range(24),
        "common_zones": [(zone, f"{name} ({zone})") for zone, name in COMMON_ZONES],
        "time_zones": time_zones(),
    }


def due_by_time_zone(now: datetime.datetime) -> dict[str, tuple[int, datetime.date]]:
    """Each time zone that has email reminders on, with its local hour and date at ``now``."""
    wanted = Reminder.objects.filter(Q(email=True) | Q(push=True))
    zones = wanted.values_list("time_zone", flat=True).distinct()
    due = {}
    for name in zones:
        local = now.astimezone(zoneinfo.ZoneInfo(name))
        due[name] = (local.hour, local.date())
    return due


def due_ids(now: datetime.datetime, day: datetime.date) -> list[int]:
    """The reminders due at ``now``: at this local hour, none sent yet on this local date, of
    an active account whose player has not played ``day``'s (the UTC day's) daily to its
    end, with somewhere to go: email on and a verified email, or push on and a subscription."""
    played = Game.objects.counted().filter(challenge__date=day).values("player_id")
    ids: list[int] = []
    for name, (hour, local_date) in due_by_time_zone(now).items():
        reachable = Q(email=True, player__email_verified=True) | Q(
            push=True, player__push_subscriptions__isnull=False
        )
        found = (
            Reminder.objects.filter(reachable, time_zone=name, hour=hour)
            .exclude(last_sent_on=local_date)
            .filter(player__is_active=True)
            .exclude(player_id__in=played)
        )
        ids += found.values_list("pk", flat=True).distinct()
    return sorted(ids)  # in the order they were made, whatever the database's plan
