"""Request body parsers: DRF's, with the bodies they turn into a server error, or read without
bound, refused. DRF's JSON and form parsers read the request's stream themselves, past Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` check (which only ``request.body`` and ``request.POST`` make):
each parser here reads at most that much and answers 413 beyond it."""

import io

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from .errors import TooLarge, too_large_detail


def _bounded(stream):
    """The body, read up to the limit (a client may send more than its Content-Length says)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    if stream is None or limit is None:
        return stream
    body = stream.read(limit + 1)
    if len(body) > limit:
        raise TooLarge(too_large_detail())
    return io.BytesIO(body)


class JSONParser(parsers.JSONParser):
    """A body nested deeper than Python's parser can follow is a 400, not a RecursionError."""

    def parse(self, stream, media_type=None, parser_context=None):
        stream = _bounded(stream)
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply") from None


class FormParser(parsers.FormParser):
    def parse(self, stream, media_type=None, parser_context=None):
        return super().parse(_bounded(stream), media_type, parser_context)


class MultiPartParser(parsers.MultiPartParser):
    """Django's multipart parser checks the limit itself (files aside: no call takes one)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RequestDataTooBig:
            raise TooLarge(too_large_detail()) from None
