"""``GET /api/schema/``: the OpenAPI document, built once per process and format; and the
answers' shapes (each app's ``shapes``) as the serializers it is built from (``serializer_for``).

The document depends on the code alone (every view is public in it, none varies by caller),
yet drf-spectacular rebuilds it on every request: 80-110 ms of CPU each, unauthenticated
(docs/operations.md, "Health", has the measurement). Each process now builds it on the first request
for a format (YAML or JSON) and serves those bytes afterwards; a deploy restarts the
processes, so a changed API is never served stale.
"""

import datetime
import types
import typing

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework import serializers

from ..shapes import Format


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


# The answers' shapes as serializers, for the schema alone: each ``TypedDict`` of
# ``puzzles.shapes`` (and the apps' ``shapes``) drawn once into the serializer drf-spectacular
# reads, named as the shape (the schema's component). The views never answer through them.

_SIMPLE = {
    str: serializers.CharField,
    int: serializers.IntegerField,
    float: serializers.FloatField,
    bool: serializers.BooleanField,
    datetime.datetime: serializers.DateTimeField,
    datetime.date: serializers.DateField,
}
_FORMATS = {
    "date": serializers.DateField,
    "date-time": serializers.DateTimeField,
    "uri": serializers.URLField,
}
_serializers: dict[type, type[serializers.Serializer]] = {}


def serializer_for(shape: type) -> type[serializers.Serializer]:
    """The serializer class of a ``TypedDict`` answer shape (an app's ``shapes``), made once.
    Named as the shape, so two shapes of one name (two components) are refused."""
    found = _serializers.get(shape)
    if found is None:
        hints = typing.get_type_hints(shape, include_extras=True)
        fields = {
            name: field_for(hint, required=name in shape.__required_keys__)
            for name, hint in hints.items()
        }
        namespace = {**fields, "__module__": shape.__module__}
        if shape.__doc__:
            namespace["__doc__"] = shape.__doc__
        twin = next((s for s in _serializers if s.__name__ == shape.__name__), None)
        assert twin is None, f"{shape.__qualname__}: {twin.__module__} has a shape of that name"
        found = _serializers[shape] = type(shape.__name__, (serializers.Serializer,), namespace)
    return found


def field_for(hint, **options) -> serializers.Field:
    """The serializer field of one key's type (a plain type, or one of ``core.shapes``')."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.NotRequired:
        return field_for(args[0], **options)
    if origin is typing.Annotated:
        for note in hint.__metadata__:
            if isinstance(note, str):
                options["help_text"] = note
            elif isinstance(note, Format):
                options["format"] = note.name
        return field_for(args[0], **options)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (inner,) = (arg for arg in args if arg is not type(None))
        return field_for(inner, **options, allow_null=True)
    made = options.pop("format", None)
    if made is not None:
        return _FORMATS[made](**options)
    if hint is typing.Any:
        return serializers.JSONField(**options)
    if origin is typing.Literal:
        return serializers.ChoiceField(list(args), **options)
    if origin is list:
        (item,) = args
        if typing.is_typeddict(item):
            return serializer_for(item)(many=True, **options)
        return serializers.ListField(child=field_for(item), **options)
    if origin is dict:
        _, value = args
        return serializers.DictField(child=field_for(value), **options)
    if typing.is_typeddict(hint):
        return serializer_for(hint)(**options)
    return _SIMPLE[hint](**options)


def document_unsupported_media_type(result, generator, request, public):
    """drf-spectacular's last hook: every operation that reads a body answers 415 to one it
    cannot parse (DRF's ``UnsupportedMediaType``, in the error shape of its 400), so its
    schema says so (issue 47: schemathesis found the 415s undocumented)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            responses = operation.get("responses") if isinstance(operation, dict) else None
            if "requestBody" in operation and responses and "400" in responses:
                responses.setdefault("415", {**responses["400"], "description": ""})
    return result
