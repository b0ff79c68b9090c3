"""Can this node serve requests, and what is down? The checks behind ``GET /healthz``: the
database, the Celery broker, the workers that consume the queues, and what each app declares
(``health_checks`` on its AppConfig: a part of the report by name, the dotted path of its
``check(database_up) -> (part, down)``; the daily's: today's challenge and par).

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
from collections.abc import Callable

from celery import current_app
from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.utils.module_loading import import_string

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
    """The queues some worker must consume for the site to work: the default one and every
    queue the routing table sends a task to."""
    conf = current_app.conf
    routed = (route["queue"] for route in (conf.task_routes or {}).values())
    return list(dict.fromkeys([conf.task_default_queue, *routed]))


def declared_checks() -> dict[str, Callable[[bool], tuple[dict, bool]]]:
    """Each installed app's checks by the name of their part of the report, as its AppConfig
    declares them (``health_checks``)."""
    return {
        name: import_string(path)
        for config in apps.get_app_configs()
        for name, path in getattr(config, "health_checks", {}).items()
    }


def health() -> tuple[bool, dict]:
    """``(ready, report)``: ready when the database answers; ``report["down"]`` names every
    part that does not (the database, the broker, a queue without a worker, an app's part that
    its check says is down)."""
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
    report = {"database": database, "broker": broker, "workers": workers}
    failed = {"database": not database_up, "broker": broker != "ok"}
    failed["workers"] = workers["status"] != "ok"
    for name, check in declared_checks().items():
        try:
            report[name], failed[name] = check(database_up)
        except Exception as error:  # an app's check never takes the report down with it
            log.warning("health: %s failed (%s)", name, error.__class__.__name__)
            report[name], failed[name] = f"down: {error.__class__.__name__}", True
    report["down"] = [name for name, down in failed.items() if down]
    return database_up, report


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
