"""The versus answers are described field by field in the OpenAPI schema (no bare JSON a client
or schemathesis cannot check), and a whole table's real answers (sitting down, choosing goals,
every move, the end, the list) meet that description."""

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator
from helpers.versus import sit_down, versus_move

from versus import services as versus_service

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def components() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]


def json_schema(node, components: dict):
    """An OpenAPI 3.0 schema as JSON Schema: references inlined, ``nullable`` as a null type."""
    if isinstance(node, list):
        return [json_schema(item, components) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return json_schema(components[node["$ref"].rsplit("/", 1)[1]], components)
    found = {key: json_schema(value, components) for key, value in node.items()}
    if found.pop("nullable", False):
        return {"anyOf": [found, {"type": "null"}]}
    return found


def check(answer: dict, component: str, components: dict) -> None:
    jsonschema.validate(answer, json_schema(components[component], components))


def test_every_part_of_a_table_has_its_fields_in_the_schema(components):
    table = components["VersusOut"]["properties"]
    for part in ("you", "opponents", "market", "result", "log", "cats"):
        described = json_schema(table[part], components)
        described = described.get("items", described)
        assert described.get("properties"), f"{part} is bare JSON in the schema"
    listed = components["VersusListOut"]["properties"]
    for part in ("record", "games"):
        described = json_schema(listed[part], components)
        assert described.get("items", described).get("properties"), part


def test_a_whole_tables_answers_meet_the_schema(alice_api, components):
    created = alice_api.post("/api/versus/", {"opponents": 2, "level": "easy"}, "json")
    assert created.status_code == 201
    check(created.json(), "VersusOut", components)  # choosing: nothing dealt to you yet
    game = sit_down(alice_api, opponents=2)
    check(game, "VersusOut", components)
    while game["status"] == "playing":
        moved = alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        assert moved.status_code == 200, moved.content
        check(moved.json(), "VersusOut", components)
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
        check(game, "VersusOut", components)
    assert game["status"] == "finished" and game["result"]
    check(alice_api.get("/api/versus/").json(), "VersusListOut", components)
