"""Whether hints can be served right now: a per-player rate limit (hints cost solver time),
and whether any Celery worker is there to compute them."""

import datetime
import time

from celery import current_app
from django.conf import settings
from django.utils import timezone

from ..models import Hint, Player
from ..selectors.health import worker_queues
from .errors import ServiceError

UNAVAILABLE = "hints are unavailable right now: no solver is running. Keep playing; "
UNAVAILABLE_PENDING = UNAVAILABLE + "this hint will be computed when one is back."
UNAVAILABLE_FAILED = UNAVAILABLE + "ask again in a moment."
FAILED = "the solver could not finish this hint; ask again to retry."

# The workers' answer is trusted for a few seconds: pollers do not flood the broker.
PING_SECONDS = 0.5
REMEMBER_SECONDS = 5.0
_last_ping: tuple[float, bool] = (float("-inf"), False)


class TooManyHints(ServiceError):
    status = 429
    code = "too_many_requests"


def check_hint_rate(player: Player) -> None:
    """Refuse a new hint past ``CALICO_HINTS_PER_MINUTE`` in the last minute, over all games."""
    limit = settings.CALICO_HINTS_PER_MINUTE
    since = timezone.now() - datetime.timedelta(minutes=1)
    recent = Hint.objects.filter(game__player=player, created_at__gte=since)
    if recent.count() >= limit:
        raise TooManyHints(f"hints: at most {limit} new hints a minute; try again shortly")


def workers_available() -> bool:
    """Does a Celery worker that consumes the hint queue answer? False when the broker itself
    is down. (Workers of other queues may share the broker: they do not count.)"""
    global _last_ping
    checked_at, alive = _last_ping
    if time.monotonic() - checked_at < REMEMBER_SECONDS:
        return alive
    queues = worker_queues(PING_SECONDS)
    queue = current_app.conf.task_default_queue
    alive = queues is not None and any(queue in names for names in queues.values())
    _last_ping = (time.monotonic(), alive)
    return alive


def message_for(row: Hint) -> str:
    """What the player is told about a hint that is not ready."""
    if row.status == Hint.Status.FAILED:
        return UNAVAILABLE_FAILED if row.error.startswith("unavailable") else FAILED
    if row.status == Hint.Status.PENDING and not workers_available():
        return UNAVAILABLE_PENDING
    return ""
