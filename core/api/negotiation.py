"""Content negotiation: DRF's, but an unknown ``?format=`` is a 400 naming the formats there
are (DRF's own answer was a bare 404 ``{"detail": "Not found."}``, as if the path were
wrong)."""

from rest_framework import exceptions
from rest_framework.negotiation import DefaultContentNegotiation


class ContentNegotiation(DefaultContentNegotiation):
    def filter_renderers(self, renderers, format):
        found = [renderer for renderer in renderers if renderer.format == format]
        if not found:
            formats = ", ".join(sorted({renderer.format for renderer in renderers}))
            raise exceptions.ParseError(f"format: {format!r} is not one of {formats}")
        return found
