"""What ``GET /metrics`` counts as requests go by: each request's latency by view, in every
gunicorn process. Under ``make serve`` the processes share a folder of counters
(``PROMETHEUS_MULTIPROC_DIR``, prometheus-client's multiprocess mode) and a scrape adds them
up; without it (tests, a single process) they live in this process's registry."""

import time

from prometheus_client import Histogram

REQUEST_SECONDS = Histogram(
    "calico_request_seconds",
    "Seconds from a request's arrival to its answer, by view (the URL pattern).",
    ["view", "method", "status"],
)


def view_of(request) -> str:
    """A bounded label: the matched view's name or pattern, never the path itself."""
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "unmatched"
    return match.view_name or match.route or "unnamed"


class MetricsMiddleware:
    """Times each request, outermost, so that the time of the other middleware counts."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        REQUEST_SECONDS.labels(view_of(request), request.method, str(response.status_code)).observe(
            time.perf_counter() - started
        )
        return response
