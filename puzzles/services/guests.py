"""Guests that were never used: a page visit makes one, and most never play."""

import datetime

from django.conf import settings
from django.contrib.sessions.models import Session
from django.utils import timezone

from ..models import Player


def do_prune_guests(days: int | None = None) -> int:
    """Delete guests older than ``days`` (``CALICO_GUEST_DAYS``) that have no game, and the
    expired sessions; returns how many guests went."""
    days = settings.CALICO_GUEST_DAYS if days is None else days
    joined_before = timezone.now() - datetime.timedelta(days=days)
    unused = Player.objects.filter(is_guest=True, date_joined__lt=joined_before, games=None)
    deleted = unused.delete()[1].get(Player._meta.label, 0)
    Session.objects.filter(expire_date__lt=timezone.now()).delete()
    return deleted
