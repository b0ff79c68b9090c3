"""Guests that were never used: a page visit makes one, and most never play."""

import datetime

from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from core import limits

from ..models import Player

# What a guest would miss, as lookups from ``Player``: a game of any kind (so a streak) here;
# the apps that hang rows on a player add theirs in their ``AppConfig.ready`` (a group owned or
# joined, a versus table) by ``keep_guests_with``.
KEPT_BY = ["games"]


def keep_guests_with(*relations: str) -> None:
    """A guest with a row through any of ``relations`` (reverse names on ``Player``) is used."""
    KEPT_BY.extend(relation for relation in relations if relation not in KEPT_BY)


def do_prune_guests(days: int | None = None) -> int:
    """Delete guests older than ``days`` (``CALICO_GUEST_DAYS``) that were never used, and
    the expired sessions; returns how many guests went. Used means a row through any of
    ``KEPT_BY``."""
    days = settings.CALICO_GUEST_DAYS if days is None else days
    joined_before = timezone.now() - datetime.timedelta(days=days)
    unused = Player.objects.filter(
        is_guest=True,
        date_joined__lt=joined_before,
        **{relation: None for relation in KEPT_BY},
    )
    deleted = unused.delete()[1].get(Player._meta.label, 0)
    Session.objects.filter(expire_date__lt=timezone.now()).delete()
    limits.do_forget_old_counts()
    return deleted
