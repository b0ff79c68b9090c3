"""The figures ``GET /metrics`` reads at scrape time, from where they truly are: each Celery
queue's depth from the broker; the latency of hints and analyses finished in the last hour
and today's par from the database (so they hold for workers on any host)."""

import datetime
import statistics

from celery import current_app
from django.db.models import F
from django.utils import timezone

from ..game_state import today
from ..models import Analysis, Challenge, Hint, SolverRun
from .health import required_queues

WINDOW = datetime.timedelta(hours=1)
QUANTILES = (0.5, 0.95)
MOST_ROWS = 10_000  # a scrape reads at most this many latencies per kind


def queue_depths() -> dict[str, int] | None:
    """Messages waiting in each queue the site uses; None when the broker cannot be reached."""
    try:
        with current_app.connection_for_write() as broker:
            broker.ensure_connection(max_retries=0)
            channel = broker.default_channel
            depths = {}
            for name in required_queues():
                try:
                    depths[name] = channel.queue_declare(queue=name, passive=True).message_count
                except Exception:  # never declared yet (Redis deletes an empty list): empty
                    depths[name] = 0
            return depths
    except Exception:
        return None


def recent_latencies(model) -> list[float]:
    """Seconds from sent to finished of the rows (hints, analyses) finished in the last hour."""
    rows = (
        model.objects.filter(finished_at__gte=timezone.now() - WINDOW)
        .annotate(took=F("finished_at") - F("sent_at"))
        .order_by("-finished_at")
        .values_list("took", flat=True)[:MOST_ROWS]
    )
    return [max(0.0, took.total_seconds()) for took in rows if took is not None]


def summary(latencies: list[float]) -> dict[str, float]:
    """The quantiles and the largest of some latencies (empty when there are none)."""
    if not latencies:
        return {}
    cuts = statistics.quantiles(latencies, n=100, method="inclusive") if len(latencies) > 1 else []
    found = {str(q): cuts[round(q * 100) - 1] if cuts else latencies[0] for q in QUANTILES}
    return {**found, "1": max(latencies)}


def par_today() -> tuple[str, int | None]:
    """Today's par status (``none`` when there is no challenge or run yet) and score."""
    challenge = Challenge.objects.filter(date=today()).first()
    run = challenge and SolverRun.objects.filter(challenge=challenge, kind="par").first()
    if not run:
        return "none", None
    return run.status, run.score


PAR_STATUSES = ("none", *SolverRun.Status.values)
KINDS = {"hint": (Hint, "hints"), "analysis": (Analysis, "analyses")}  # model, plural
