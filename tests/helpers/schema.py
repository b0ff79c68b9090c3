"""Real answers held to the OpenAPI schema, keys included: every JSON answer an API test gets
through ``client_for`` (``helpers.fixtures``) is checked against its operation's answer for
that status. An object may have no key its shape (``puzzles.shapes``) does not declare, and
must have every key it requires: a shape that drifts from what its selector or view returns
fails the test that got the answer, whichever it is."""

import re
from functools import cache

import jsonschema
from django.urls import Resolver404, resolve
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

CONVERTER = re.compile(r"<(?:\w+:)?(\w+)>")


@cache
def schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def strict(node, components: dict):
    """An OpenAPI 3.0 schema as JSON Schema: references inlined, ``nullable`` as a null type,
    and no key beyond an object's ``properties``."""
    if isinstance(node, list):
        return [strict(item, components) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return strict(components[node["$ref"].rsplit("/", 1)[1]], components)
    found = {key: strict(value, components) for key, value in node.items()}
    if "properties" in found and "additionalProperties" not in found:
        found["additionalProperties"] = False
    if found.pop("nullable", False):
        return {"anyOf": [found, {"type": "null"}]}
    return found


@cache
def validator(path: str, method: str, status: str) -> jsonschema.Draft7Validator | None:
    """The check of an operation's answer for ``status``; None for an answer without a body.
    KeyError when the schema has no such operation or does not declare that status."""
    document = schema()
    answer = document["paths"][path][method]["responses"][status]
    content = answer.get("content")
    if content is None:
        return None
    described = strict(content["application/json"]["schema"], document["components"]["schemas"])
    return jsonschema.Draft7Validator(described, format_checker=jsonschema.FormatChecker())


def operation_path(path: str) -> str | None:
    """The schema's path of a request's (``/api/games/{game_id}/``), None outside the API."""
    if not path.startswith("/api/"):
        return None
    try:
        route = resolve(path).route
    except Resolver404:
        return None
    return "/" + CONVERTER.sub(r"{\1}", route)


def check_answer(response) -> None:
    """The answer meets its operation's schema for its status. A success the schema does not
    declare fails; an error it does not declare (a 413, a 500 a test provokes) is let be."""
    path = operation_path(response.wsgi_request.path)
    if path is None or path not in schema()["paths"]:
        return  # not an operation of the schema (the schema and the docs themselves)
    method, status = response.wsgi_request.method.lower(), str(response.status_code)
    try:
        check = validator(path, method, status)
    except KeyError:
        assert response.status_code >= 400, f"{method} {path}: {status} is not in the schema"
        return
    if check is not None:
        check.validate(response.json())


class SchemaCheckedClient(APIClient):
    """An API client whose every answer is checked against the schema (``check_answer``)."""

    def request(self, **kwargs):
        response = super().request(**kwargs)
        check_answer(response)
        return response
