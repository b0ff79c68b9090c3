"""Can this node serve requests, and what is down? The checks behind ``GET /healthz``: the
database, the Celery broker, the workers that consume the queues, today's challenge and par.

Only the database decides readiness: every node shares the broker, the workers and the day, so
a check that failed on them would take every node out of the load balancer at once (a queue's
worker stopped, Redis down, or the seconds around midnight before a visitor or beat makes the
new day, which any request does). Those are reported in ``down``, never a 503.

Each check answers within about a second and never raises: a part that is down is named.
The checks (the worker ping waits its whole second for replies) run at most once per
``CALICO_HEALTH_SECONDS`` for all the site's processes: ``cached_health`` answers from the
shared cache, and one caller at a time refreshes it (the others answer the report being
replaced, at most a ping older).
"""

import datetime
import logging
import time

from celery import current_app
from django.conf import settings
from django.core.cache import cache
from django.db import connection

from ..game_state import today
from ..models import Challenge, SolverRun

log = logging.getLogger(__name__)

WORKER_PING_SECONDS = 1.0
CACHE_KEY = "health:report:2"  # 2: "ready", not "healthy", since readiness is the database
REFRESH_KEY = "health:refreshing"


def database_ok() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as error:  # any failure means the same thing: the database is down
        return False, f"down: {error.__class__.__name__}"
    return True, "ok"


def worker_queues(timeout: float = WORKER_PING_SECONDS) -> dict[str, list[str]] | None:
    """Each answering worker's node name and the queues it consumes; None when the broker
    itself cannot be reached."""
    app = current_app
    try:
        with app.connection_for_write() as broker:
            broker.ensure_connection(max_retries=0)  # a broker that is down fails at once
            replies = app.control.inspect(timeout=timeout, connection=broker).active_queues()
    except Exception:
        return None
    return {node: sorted(q["name"] for q in queues) for node, queues in (replies or {}).items()}


def required_queues() -> list[str]:
    """The queues some worker must consume for the site to work."""
    return [
        current_app.conf.task_default_queue,
        settings.CALICO_HINT_QUEUE,
        settings.CALICO_VERSUS_QUEUE,
        settings.CALICO_BACKGROUND_QUEUE,
    ]


def health() -> tuple[bool, dict]:
    """``(ready, report)``: ready when the database answers; ``report["down"]`` names every
    part that does not (the database, the broker, a queue without a worker, today's challenge
    not made yet). A par still being computed is reported, not down (it takes minutes)."""
    database_up, database = database_ok()
    queues = worker_queues()
    if queues is None:
        broker, workers = "down", {"status": "unknown: the broker is down", "queues": {}}
    else:
        broker = "ok"
        served = {name for names in queues.values() for name in names}
        required = required_queues()
        missing = [name for name in required if name not in served]
        status = f"down: no worker consumes {', '.join(missing)}" if missing else "ok"
        # How many workers consume each of the site's queues, not who: node names are host
        # names (and other sites' workers on the same broker are none of its business).
        counts = {name: sum(name in names for names in queues.values()) for name in required}
        workers = {"status": status, "queues": counts}
    report = {
        "database": database,
        "broker": broker,
        "workers": workers,
        "today": today_report() if database_up else {"challenge": None, "par": None},
    }
    down = [
        name
        for name, failed in (
            ("database", not database_up),
            ("broker", broker != "ok"),
            ("workers", workers["status"] != "ok"),
            ("today", database_up and report["today"]["challenge"] is None),
        )
        if failed
    ]
    report["down"] = down
    return database_up, report


def today_report() -> dict:
    challenge = Challenge.objects.filter(date=today()).first()
    if challenge is None:
        return {"challenge": None, "par": None}
    par = SolverRun.objects.filter(challenge=challenge, kind=SolverRun.Kind.PAR).first()
    return {
        "challenge": challenge.date.isoformat(),
        "par": {"status": par.status, "score": par.score} if par else {"status": "none"},
    }


def cached_health() -> tuple[bool, dict]:
    """``health()`` (ready, report) as of at most ``CALICO_HEALTH_SECONDS`` ago (plus one
    refresh), with ``checked_at`` and ``age`` (seconds) in the report.
    A cache that fails is bypassed."""
    max_age = settings.CALICO_HEALTH_SECONDS
    now = time.time()
    try:
        entry = cache.get(CACHE_KEY)
        fresh = entry is not None and now - entry["checked_at"] < max_age
        # Another caller is refreshing it: this one answers the report being replaced.
        if fresh or (entry is not None and not cache.add(REFRESH_KEY, 1, timeout=30)):
            return _aged(entry, now)
    except Exception as error:  # the cache is down (Redis): check directly, every time
        log.warning("health: cache unavailable (%s)", error.__class__.__name__)
        return _aged(_check(now), now)
    entry = _check(now)
    try:
        cache.set(CACHE_KEY, entry, timeout=max(60, 10 * max_age))
        cache.delete(REFRESH_KEY)
    except Exception:
        pass
    return _aged(entry, time.time())


def _check(now: float) -> dict:
    ready, report = health()
    return {"checked_at": now, "ready": ready, "report": report}


def _aged(entry: dict, now: float) -> tuple[bool, dict]:
    checked = datetime.datetime.fromtimestamp(entry["checked_at"], tz=datetime.UTC)
    report = {
        **entry["report"],
        "checked_at": checked.isoformat(timespec="seconds"),
        "age": round(max(0.0, now - entry["checked_at"]), 1),
    }
    return entry["ready"], report
