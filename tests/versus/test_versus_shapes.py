"""The versus answers are described field by field in the OpenAPI schema (no bare JSON a client
or schemathesis cannot check), and a whole table's real answers (sitting down, choosing goals,
every move, the end, the list, a hint, the replay, the review) meet that description, keys
included (``helpers.schema``: every answer ``alice_api`` gets is checked)."""

import pytest
from helpers.schema import schema, strict
from helpers.versus import sit_down, versus_move

from versus import services as versus_service

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def components() -> dict:
    return schema()["components"]["schemas"]


def test_every_part_of_a_table_has_its_fields_in_the_schema(components):
    table = components["VersusOut"]["properties"]
    for part in ("you", "opponents", "market", "result", "log", "cats"):
        described = strict(table[part], components)
        described = described.get("items", described)
        assert described.get("properties"), f"{part} is bare JSON in the schema"
    listed = components["VersusListOut"]["properties"]
    for part in ("record", "games"):
        described = strict(listed[part], components)
        assert described.get("items", described).get("properties"), part


def test_a_whole_tables_answers_meet_the_schema(alice_api):
    created = alice_api.post("/api/versus/", {"opponents": 2, "level": "easy"}, "json")
    assert created.status_code == 201  # choosing: nothing dealt to you yet
    game = sit_down(alice_api, opponents=2)
    hint = alice_api.post(f"/api/versus/{game['id']}/hints/", {}, "json")
    assert hint.status_code == 202, hint.content
    while game["status"] == "playing":
        moved = alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        assert moved.status_code == 200, moved.content
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
    assert game["status"] == "finished" and game["result"]
    stale = alice_api.get(f"/api/versus/{game['id']}/hints/{hint.json()['id']}/")
    assert stale.json()["stale"] is True
    assert alice_api.get(f"/api/versus/{game['id']}/replay/").status_code == 200
    assert alice_api.post(f"/api/versus/{game['id']}/analysis/").status_code == 202
    assert alice_api.get(f"/api/versus/{game['id']}/analysis/").status_code == 200
    assert alice_api.get("/api/versus/").status_code == 200
    assert alice_api.get("/api/me/").json()["versus"]["easy"]["played"] == 1
