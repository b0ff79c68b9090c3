"""Guests that were never used: a page visit makes one, and most never play."""

import datetime

from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from core import limits
from puzzles.models import Player

from .. import player_data


def do_prune_guests(days: int | None = None) -> int:
    """Delete guests older than ``days`` (``CALICO_GUEST_DAYS``) that were never used, and
    the expired sessions; returns how many guests went. Used means a row through any of the
    relations the apps declare (``keeps_guests``: a game of any kind, so a streak; a group
    owned or joined, a versus table, ...)."""
    days = settings.CALICO_GUEST_DAYS if days is None else days
    joined_before = timezone.now() - datetime.timedelta(days=days)
    unused = Player.objects.filter(
        is_guest=True,
        date_joined__lt=joined_before,
        **{relation: None for relation in player_data.guest_keepers()},
    )
    deleted = unused.delete()[1].get(Player._meta.label, 0)
    Session.objects.filter(expire_date__lt=timezone.now()).delete()
    limits.do_forget_old_counts()
    return deleted
