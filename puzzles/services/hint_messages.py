"""Whether hints can be served right now: whether any Celery worker is there to compute them.
(How many a player may ask is an abuse limit: ``core.limits``.)"""

import datetime
import threading
import time

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_noop

from core.health import worker_queues
from core.jobs import RESENT, UNAVAILABLE

from ..models import Hint

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
RESENT_PENDING = gettext_noop(
    "the solver working on this hint stopped (its worker restarted); it was asked again."
)

# A hint is usually ready well within this: before it, a pending hint's message is not looked
# up, for the look-up pings the workers (``workers_available``: half a second whenever its
# answer is older than a few seconds), which would cost a quick hint most of its wait
# (bench/hint_latency.py).
QUIET_FOR = datetime.timedelta(seconds=2)
# The workers' answer is trusted for a few seconds: pollers do not flood the broker.
PING_SECONDS = 0.5
REMEMBER_SECONDS = 5.0
_last_ping: tuple[float, bool] = (float("-inf"), True)
# One ping at a time in a process: under load, the threads polling while a ping is out would
# each ping too and each wait for it (a hint poll's p95 was the ping's wait, bench/load_day.py).
_pinging = threading.Lock()


def workers_available() -> bool:
    """Does a Celery worker that consumes the hint queue answer? False when the broker itself
    is down. (Workers of other queues may share the broker: they do not count.) While another
    thread of this process pings, the last answer stands (none yet: no message is shown)."""
    global _last_ping
    checked_at, alive = _last_ping
    if time.monotonic() - checked_at < REMEMBER_SECONDS or not _pinging.acquire(blocking=False):
        return alive
    try:
        queues = worker_queues(PING_SECONDS)
        queue = settings.CALICO_HINT_QUEUE
        alive = queues is not None and any(queue in names for names in queues.values())
        _last_ping = (time.monotonic(), alive)
    finally:
        _pinging.release()
    return alive


def message_for(row: Hint) -> str:
    """What the player is told about a hint (solo or versus) that is not ready: a pending one
    sent less than ``QUIET_FOR`` ago is not looked into yet."""
    if row.status == Hint.Status.FAILED:
        return UNAVAILABLE_FAILED if row.error.startswith(UNAVAILABLE) else FAILED
    if row.status == Hint.Status.PENDING and row.error == RESENT:
        return RESENT_PENDING
    if row.status != Hint.Status.PENDING or timezone.now() - row.sent_at < QUIET_FOR:
        return ""
    return "" if workers_available() else UNAVAILABLE_PENDING
