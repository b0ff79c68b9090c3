"""``GET /healthz`` is the load balancer's readiness check: 200 while this node's database
answers, 503 when it does not; the body names every part that is down (``down``, ``detail``:
the broker, a queue's worker, a part an app declares), for a supervisor or a person, without
taking the node out (``core.health``), from a report at most ``CALICO_HEALTH_SECONDS``
old. ``GET /healthz/live``: this process answers (nothing else is
checked), for a liveness probe that must not fail because a worker or the database did."""

from django.http import JsonResponse
from django.views.decorators.http import require_GET

from ..health import cached_health


@require_GET
def healthz(request):
    ready, report = cached_health()
    report["ready"] = ready
    if report["down"]:
        report["detail"] = "down: " + ", ".join(report["down"])
    return JsonResponse(report, status=200 if ready else 503)


@require_GET
def live(request):
    return JsonResponse({"status": "ok"})
