"""Every API error is ``{error, detail}``: a short code and a message naming the problem."""

from django.http import JsonResponse
from django.views.defaults import page_not_found
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler


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
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.APIException):
        code = exc.get_codes()
        code = code if isinstance(code, str) else exc.default_code
        if response.status_code == 400:
            code = "bad_request"
        response.data = {"error": code, "detail": _message(exc.detail)}
    return response


def not_found(request, exception):
    """An unknown path (e.g. a game id that is not a number): JSON under /api/, a page elsewhere."""
    if request.path.startswith("/api/"):
        detail = f"no API endpoint at {request.path}"
        return JsonResponse({"error": "not_found", "detail": detail}, status=404)
    return page_not_found(request, exception)
