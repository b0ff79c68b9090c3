"""Every API error is ``{error, detail}``: a short code and a message naming the problem.

DRF's views answer through ``exception_handler``; what never reaches a DRF view (an unknown
path, a body over the upload limit, a bad Host header, an exception DRF does not handle) comes
to Django's handlers (``calico_site/urls.py``: ``handler400`` to ``handler500`` are the
functions below), which answer the same shape under /api/ and the site's pages elsewhere."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.views import defaults
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from ..errors import ServiceError
from ..limits import Throttled


class TooLarge(exceptions.APIException):
    """A request body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (``core.api.parsers``)."""

    status_code = 413
    default_code = "too_large"
    default_detail = "the request body is too large"


def too_large_detail() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return f"the request body is over {limit} bytes (DATA_UPLOAD_MAX_MEMORY_SIZE)"


def _message(detail) -> str:
    if isinstance(detail, dict):
        return "; ".join(
            f"{field}: {_message(value)}" if field != "non_field_errors" else _message(value)
            for field, value in detail.items()
        )
    if isinstance(detail, list):
        return " ".join(_message(item) for item in detail)
    return str(detail)


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        # A service's refusal, raised straight from the view: its status and code (a 400 is
        # always "bad_request", as for DRF's own errors below); past a limit, when to retry.
        set_rollback()
        code = "bad_request" if exc.status == 400 else exc.code
        headers = {"Retry-After": str(exc.wait)} if isinstance(exc, Throttled) else None
        body = {"error": code, "detail": str(exc.detail)}
        return Response(body, status=exc.status, headers=headers)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # not DRF's to answer: Django's handler500 does (below)
    if isinstance(exc, Http404):  # DRF answers it as its NotFound, with DRF's words only
        exc = exceptions.NotFound(str(exc) or None)
    if isinstance(exc, exceptions.APIException):
        code = exc.get_codes()
        code = code if isinstance(code, str) else exc.default_code
        if response.status_code == 400:
            code = "bad_request"
        response.data = {"error": code, "detail": _message(exc.detail)}
    return response


def _api(request) -> bool:
    return request.path.startswith("/api/")


def _error(error: str, detail: str, status: int) -> JsonResponse:
    return JsonResponse({"error": error, "detail": detail}, status=status)


def bad_request(request, exception):
    """A request Django refused before any view (a body over the upload limit, a bad Host)."""
    if isinstance(exception, RequestDataTooBig):
        if _api(request):
            return _error(TooLarge.default_code, too_large_detail(), 413)
        response = defaults.bad_request(request, exception)
        response.status_code = 413
        return response
    if _api(request):
        return _error("bad_request", str(exception) or "bad request", 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if _api(request):
        return _error("permission_denied", str(exception) or "permission denied", 403)
    return defaults.permission_denied(request, exception)


def not_found(request, exception):
    """An unknown path (e.g. a game id that is not a number): JSON under /api/, a page elsewhere."""
    if _api(request):
        return _error("not_found", f"no API endpoint at {request.path}", 404)
    return defaults.page_not_found(request, exception, template_name="core/404.html")


def server_error(request):
    """An unhandled exception. Django has logged it with its traceback (``django.request``);
    the caller gets no detail of it, neither here nor in the page."""
    if _api(request):
        return _error("server_error", "the server failed to answer; it has been logged", 500)
    return defaults.server_error(request, template_name="core/500.html")
