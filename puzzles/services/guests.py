"""Guests that were never used: a page visit makes one, and most never play."""

import datetime

from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from ..models import Player


def do_prune_guests(days: int | None = None) -> int:
    """Delete guests older than ``days`` (``CALICO_GUEST_DAYS``) that were never used, and
    the expired sessions; returns how many guests went. Used means anything a guest would
    miss: a game of any kind (so a streak), a versus table, a group (owned or joined)."""
    days = settings.CALICO_GUEST_DAYS if days is None else days
    joined_before = timezone.now() - datetime.timedelta(days=days)
    unused = Player.objects.filter(
        is_guest=True,
        date_joined__lt=joined_before,
        games=None,
        versus_games=None,
        memberships=None,
        owned_groups=None,  # an owner is a member too: said twice, so that neither is relied on
    )
    deleted = unused.delete()[1].get(Player._meta.label, 0)
    Session.objects.filter(expire_date__lt=timezone.now()).delete()
    return deleted
