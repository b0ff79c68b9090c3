"""Every API error is ``{error, detail}``: a short code and a message naming the problem."""

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
