"""``GET /api/schema/``: the OpenAPI document, built once per process and format.

The document depends on the code alone (every view is public in it, none varies by caller),
yet drf-spectacular rebuilds it on every request: 80-110 ms of CPU each, unauthenticated
(docs/operations.md, "Health", has the measurement). Each process now builds it on the first request
for a format (YAML or JSON) and serves those bytes afterwards; a deploy restarts the
processes, so a changed API is never served stale.
"""

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView


class SchemaView(SpectacularAPIView):
    # renderer class -> (body, Content-Type, Content-Disposition). Keyed by the negotiated
    # renderer (four at most), never by anything else the caller sends, so it cannot grow.
    built: dict[type, tuple[bytes, str, str]] = {}

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        # ``?lang=`` is not honoured (the API's texts are English only) and ``?version=``
        # is unused: either would multiply the builds by what a caller chooses to send.
        renderer = type(request.accepted_renderer)
        built = self.built.get(renderer)
        if built is None:
            response = self.finalize_response(request, self._get_schema_response(request))
            body = response.rendered_content
            built = (body, response["Content-Type"], response["Content-Disposition"])
            self.built[renderer] = built  # two first requests at once both build: harmless
        body, content_type, disposition = built
        return HttpResponse(
            body, content_type=content_type, headers={"Content-Disposition": disposition}
        )
