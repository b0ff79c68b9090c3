"""``GET /metrics``: Prometheus text for the internal network only (``CALICO_METRICS_ALLOW``,
networks; loopback by default), or for a scraper that sends ``CALICO_METRICS_TOKEN`` as its
bearer token. Others get 404, as if there were nothing here.

The caller is ``REMOTE_ADDR``, the connection's own address, never a header a client can
write; and a request that came through a proxy (it carries a forwarding header) is never
internal, since a proxy on the same host connects from loopback for everyone (issue 41):
scrape the site directly, not through the proxy, or with the token."""

import hmac
import ipaddress
import os

from django.conf import settings
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from .. import scraped

# Headers a proxy adds for the client it forwards: their presence says "not internal".
FORWARDED = ("HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP", "HTTP_FORWARDED")


def allowed(request) -> bool:
    token = settings.CALICO_METRICS_TOKEN
    if token:
        sent = request.META.get("HTTP_AUTHORIZATION", "")
        if hmac.compare_digest(sent.encode(), f"Bearer {token}".encode()):
            return True
    forwarded = (*FORWARDED, settings.CALICO_CLIENT_ADDRESS)
    if any(header != "REMOTE_ADDR" and header in request.META for header in forwarded):
        return False
    try:
        caller = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(caller in ipaddress.ip_network(net) for net in settings.CALICO_METRICS_ALLOW)


class ScrapeTime:
    """Figures read when scraped (``core.scraped``)."""

    def collect(self):
        depths = scraped.queue_depths()
        up = GaugeMetricFamily("calico_broker_up", "1 when the Celery broker answers.")
        up.add_metric([], 0 if depths is None else 1)
        yield up
        depth = GaugeMetricFamily(
            "calico_queue_depth", "Messages waiting in each Celery queue.", labels=["queue"]
        )
        for queue, count in (depths or {}).items():
            depth.add_metric([queue], count)
        yield depth
        database = GaugeMetricFamily("calico_database_up", "1 when the database answers.")
        try:
            figures = list(self.from_database())
        except Exception:  # the database is down: say so, and still answer the rest
            figures = []
        database.add_metric([], 1 if figures else 0)
        yield database
        yield from figures

    def from_database(self):
        for kind, (model, plural) in scraped.job_kinds().items():
            latencies = scraped.recent_latencies(model)
            latency = GaugeMetricFamily(
                f"calico_{kind}_latency_seconds_last_hour",
                f"Seconds from a {kind} sent to the workers to its answer, over the {plural} "
                "computed in the last hour: quantiles 0.5, 0.95 and 1 (the largest).",
                labels=["quantile"],
            )
            for quantile, seconds in scraped.summary(latencies).items():
                latency.add_metric([quantile], seconds)
            yield latency
            count = GaugeMetricFamily(
                f"calico_{plural}_computed_last_hour",
                f"{plural.capitalize()} computed in the last hour.",
            )
            count.add_metric([], len(latencies))
            yield count
        for app_figures in scraped.declared_metrics():
            yield from app_figures()


def _counted() -> bytes:
    """What the web processes counted (every gunicorn worker's, under multiprocess mode)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry)
    return generate_latest(REGISTRY)


@require_GET
def metrics_view(request):
    if not allowed(request):
        raise Http404
    live = CollectorRegistry()
    live.register(ScrapeTime())
    return HttpResponse(_counted() + generate_latest(live), content_type=CONTENT_TYPE_LATEST)
