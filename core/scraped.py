"""The figures ``GET /metrics`` reads at scrape time, from where they truly are: each Celery
queue's depth from the broker; from the database (so they hold for workers on any host), the
latency of the jobs finished in the last hour, of each kind of job that declares its metric
(``WorkerJob.metric``), and what each app declares (``scraped_metrics`` on its AppConfig)."""

import datetime
import statistics
from collections.abc import Callable, Iterable

from celery import current_app
from django.apps import apps
from django.db.models import F
from django.utils import timezone
from django.utils.module_loading import import_string

from .health import required_queues
from .models import WorkerJob

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
    """Seconds from sent to finished of the rows (of a kind of job) finished in the last hour."""
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


def job_kinds() -> dict[str, tuple[type[WorkerJob], str]]:
    """Each kind of job whose latency is reported, by its metric's name: (its model, its
    plural), found among the installed models (``WorkerJob.metric``)."""
    return {
        model.metric[0]: (model, model.metric[1])
        for model in apps.get_models()
        if issubclass(model, WorkerJob) and model.metric
    }


def declared_metrics() -> list[Callable[[], Iterable]]:
    """Each installed app's scrape-time figures (``scraped_metrics`` on its AppConfig: the
    dotted paths of functions that yield Prometheus metric families)."""
    return [
        import_string(path)
        for config in apps.get_app_configs()
        for path in getattr(config, "scraped_metrics", ())
    ]
