"""Whether hints can be served right now: whether any Celery worker is there to compute them.
(How many a player may ask is an abuse limit: ``puzzles.limits``.)"""

import time

from django.conf import settings
from django.utils.translation import gettext_noop

from ..models import Hint
from ..selectors.health import worker_queues

# English, as stored and as the API's English readers get them; the API says them in the
# request's language (the msgids of puzzles/locale, marked here by gettext_noop).
UNAVAILABLE_PENDING = gettext_noop(
    "hints are unavailable right now: no solver is running. Keep playing; "
    "this hint will be computed when one is back."
)
UNAVAILABLE_FAILED = gettext_noop(
    "hints are unavailable right now: no solver is running. Keep playing; ask again in a moment."
)
FAILED = gettext_noop("the solver could not finish this hint; ask again to retry.")

# The workers' answer is trusted for a few seconds: pollers do not flood the broker.
PING_SECONDS = 0.5
REMEMBER_SECONDS = 5.0
_last_ping: tuple[float, bool] = (float("-inf"), False)


def workers_available() -> bool:
    """Does a Celery worker that consumes the hint queue answer? False when the broker itself
    is down. (Workers of other queues may share the broker: they do not count.)"""
    global _last_ping
    checked_at, alive = _last_ping
    if time.monotonic() - checked_at < REMEMBER_SECONDS:
        return alive
    queues = worker_queues(PING_SECONDS)
    queue = settings.CALICO_HINT_QUEUE
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
