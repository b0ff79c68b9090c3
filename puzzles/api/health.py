"""``GET /healthz`` for a load balancer or a supervisor: 200 when the site can serve the
day, 503 naming what is down (``puzzles.selectors.health``), from a report at most
``CALICO_HEALTH_SECONDS`` old. ``GET /healthz/live``: this process answers (nothing else is
checked), for a liveness probe that must not fail because a worker or the database did."""

from django.http import JsonResponse
from django.views.decorators.http import require_GET

from ..selectors.health import cached_health


@require_GET
def healthz(request):
    healthy, report = cached_health()
    if not healthy:
        report["detail"] = "down: " + ", ".join(report["down"])
    return JsonResponse(report, status=200 if healthy else 503)


@require_GET
def live(request):
    return JsonResponse({"status": "ok"})
