"""``GET /healthz`` for a load balancer or a supervisor: 200 when the site can serve the
day, 503 naming what is down (``puzzles.selectors.health``)."""

from django.http import JsonResponse
from django.views.decorators.http import require_GET

from ..selectors.health import health


@require_GET
def healthz(request):
    healthy, report = health()
    if not healthy:
        report["detail"] = "down: " + ", ".join(report["down"])
    return JsonResponse(report, status=200 if healthy else 503)
