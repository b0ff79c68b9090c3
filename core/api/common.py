"""What the API's views share (the daily's and the apps'): the error answers for the schema,
a request body or query checked by its serializer, the caller and the site's origin."""

from ..shapes import ErrorOut
from .schema import serializer_for

ERROR = serializer_for(ErrorOut)
ERRORS = {400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR}
THROTTLED_ERRORS = {**ERRORS, 429: ERROR}  # limits.Throttled


def valid(serializer_class, data) -> dict:
    """``data`` checked by an input serializer; a 400 naming the field otherwise."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def origin(request) -> str:
    """The site's scheme and host as the caller reached it, for absolute links."""
    return request.build_absolute_uri("/").rstrip("/")


def caller(request):
    """The player calling, or None for an anonymous caller."""
    return request.user if request.user.is_authenticated else None
