"""Each answer shape is written once (``puzzles.shapes``) and the schema is drawn from it; real
answers are held to it, keys included (``helpers.schema``: every answer a ``client_for``
client gets, in every API test). Here: the check itself, and the answers the other tests get
from an anonymous client or a session (sign-up, log-in, the daily, the archive, a closed
day's board)."""

import datetime

import pytest
import time_machine
from helpers.schema import SchemaCheckedClient, schema, validator
from jsonschema import ValidationError

from core.api.schema import serializer_for
from puzzles.game_state import today
from puzzles.services.challenges import do_ensure_challenge
from puzzles.shapes import ChallengeOut, GameOut

pytestmark = pytest.mark.django_db


def test_an_answer_with_a_key_its_shape_lacks_or_without_one_it_requires_fails():
    check = validator("/api/leaderboards/{date}/", "get", "200")
    board = {
        "date": "2026-12-01",
        "par": {"status": "none", "score": None},
        "count": 0,
        "page": 1,
        "pages": 1,
        "hints": "include",
        "entries": [],
        "histogram": [],
        "me": None,
    }
    check.validate(board)
    with pytest.raises(ValidationError, match="unexpected"):
        check.validate({**board, "par": {"status": "none", "score": None, "extra": 1}})
    with pytest.raises(ValidationError, match="'me' is a required property"):
        check.validate({key: value for key, value in board.items() if key != "me"})
    with pytest.raises(ValidationError):
        check.validate({**board, "date": "not a date"})


def test_every_answer_is_a_component_drawn_from_its_shape():
    """No answer is bare JSON at its top: each 2xx body is a component (or a list of one)."""
    document = schema()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, answer in operation["responses"].items():
                body = answer.get("content", {}).get("application/json", {}).get("schema")
                if body is None or not status.startswith("2"):
                    continue
                assert "$ref" in body.get("items", body), f"{method} {path} {status}: {body}"


def test_a_shapes_serializer_is_made_once_and_named_as_the_shape():
    assert serializer_for(GameOut) is serializer_for(GameOut)
    assert serializer_for(ChallengeOut).__name__ == "ChallengeOut"
    components = schema()["components"]["schemas"]
    assert "game_id" in components["EntryOut"]["properties"]
    assert "share" not in components["GameOut"]["required"]  # NotRequired: finished games only


def test_sign_up_log_in_and_tokens_meet_the_schema(db):
    client = SchemaCheckedClient()
    body = {"username": "carol", "password": "a long password 1"}
    assert client.post("/api/auth/register/", body, format="json").status_code == 201
    assert client.post("/api/auth/token/", body, format="json").status_code == 200
    assert client.post("/api/auth/login/", body, format="json").status_code == 200
    assert client.post("/api/auth/token/rotate/").status_code == 200
    assert client.get("/api/me/").status_code == 200
    assert client.get("/api/players/carol/").status_code == 200


def test_anonymous_reads_meet_the_schema(db):
    do_ensure_challenge(today() - datetime.timedelta(days=1))
    client = SchemaCheckedClient()
    assert client.get("/api/daily/").status_code == 200
    assert client.get("/api/challenges/").json()["count"] == 1
    assert client.get(f"/api/challenges/{today()}/").status_code == 200
    assert client.get(f"/api/leaderboards/{today()}/").status_code == 200
    assert client.get("/api/goals/").status_code == 200
    assert client.get("/api/scenarios/").status_code == 200
    assert client.get("/api/challenges/someday/").status_code == 400  # ErrorOut


def test_a_closed_days_board_and_challenge_meet_the_schema(
    alice_api, daily, start_game, play_through
):
    game = play_through(alice_api, start_game(alice_api))[-1]
    midnight = datetime.datetime.combine(today(), datetime.time(), datetime.UTC)
    with time_machine.travel(midnight + datetime.timedelta(days=1, seconds=5), tick=False):
        board = alice_api.get(f"/api/leaderboards/{daily.date}/").json()
        assert board["entries"][0]["game_id"] == game["id"] and board["me"]
        closed = alice_api.get(f"/api/challenges/{daily.date}/").json()
        assert closed["closed"] and closed["best_known"] is not None
        assert alice_api.get(f"/api/games/{game['id']}/").json()["expired"] is False
        assert alice_api.get("/api/challenges/").json()["results"][0]["seed"]
