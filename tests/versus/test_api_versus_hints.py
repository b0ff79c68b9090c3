"""Versus hints through the API: asked on your turn (202, the same hint if asked again, counted
once on the game and against the hint limits), computed by the service the hint worker runs
from your seat's view, polled in a solo hint's shape; a hint for a turn you have played says
it is stale. Bad input 400, someone else's table 404, not your turn or over 409."""

import datetime

import pytest
import time_machine
from helpers.versus import sit_down, versus_move

from solver.game import TURNS
from versus import services as versus_service
from versus.models import VersusAnalysis, VersusGame, VersusHint

pytestmark = pytest.mark.django_db
HINT_FIELDS = {"id", "turn", "status", "move", "expected_score", "reasons", "message"}


def ask(client, game: dict, body=None):
    return client.post(f"/api/versus/{game['id']}/hints/", body or {}, "json")


def test_a_hint_is_asked_computed_and_read_in_a_solo_hints_shape(alice_api):
    game = sit_down(alice_api, opponents=2)
    asked = ask(alice_api, game)
    assert asked.status_code == 202, asked.content
    hint = asked.json()
    assert set(hint) >= HINT_FIELDS and hint["status"] == "pending" and hint["turn"] == 1
    assert hint["stale"] is False
    assert ask(alice_api, game).json()["id"] == hint["id"]  # asked again: the same one
    assert VersusGame.objects.get().hints_used == 1
    assert alice_api.get(f"/api/versus/{game['id']}/").json()["hints_used"] == 1
    versus_service.do_compute_versus_hint(hint["id"])  # what the hint worker runs
    ready = alice_api.get(f"/api/versus/{game['id']}/hints/{hint['id']}/").json()
    assert ready["status"] == "ready" and ready["message"] == "" and ready["reasons"]
    move = ready["move"]
    assert move["cell"] in game["you"]["empty_cells"] and move["market_index"] in (0, 1, 2)
    assert isinstance(ready["expected_score"], float) and ready["expected_score"] > 0
    played = alice_api.post(
        f"/api/versus/{game['id']}/moves/", {"turn": 1, **move}, "json"
    )  # the hint's move is a legal move of the table
    assert played.status_code == 200, played.content
    stale = alice_api.get(f"/api/versus/{game['id']}/hints/{hint['id']}/").json()
    assert stale["stale"] is True and "moved on" in stale["message"]


def test_a_hint_asked_for_a_turn_that_was_then_played_is_computed_and_stale(alice_api):
    game = sit_down(alice_api)
    hint = ask(alice_api, game).json()
    alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    versus_service.do_play_opponents(game["id"])
    row = versus_service.do_compute_versus_hint(hint["id"])  # from the position it was for
    assert row.status == "ready" and row.move["cell"] in game["you"]["empty_cells"]
    read = alice_api.get(f"/api/versus/{game['id']}/hints/{hint['id']}/").json()
    assert read["stale"] is True and read["turn"] == 1
    second = ask(alice_api, {"id": game["id"]})
    assert second.status_code == 202 and second.json()["turn"] == 2
    assert second.json()["stale"] is False
    assert VersusGame.objects.get().hints_used == 2


@pytest.mark.parametrize(
    ("body", "named"),
    [({"turn": "one"}, "turn"), ({"turn": 1.5}, "turn"), ({"turn": None}, "turn")],
)
def test_bad_input_is_a_400_naming_it(alice_api, body, named):
    game = sit_down(alice_api)
    response = ask(alice_api, game, body)
    assert response.status_code == 400, response.content
    assert response.json()["error"] == "bad_request" and named in response.json()["detail"]
    assert not VersusHint.objects.exists()


def test_a_list_body_is_a_400(alice_api):
    game = sit_down(alice_api)
    response = alice_api.post(f"/api/versus/{game['id']}/hints/", [1], "json")
    assert response.status_code == 400 and response.json()["detail"]


def test_not_your_turn_choosing_or_finished_is_409(alice_api):
    created = alice_api.post("/api/versus/", {"opponents": 1, "level": "easy"}, "json").json()
    choosing = ask(alice_api, created)
    assert choosing.status_code == 409 and "goals" in choosing.json()["detail"]
    game = sit_down(alice_api)
    assert ask(alice_api, game, {"turn": 2}).status_code == 409  # a turn you are not on
    alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    waiting = ask(alice_api, game)
    assert waiting.status_code == 409 and "not your turn" in waiting.json()["detail"]
    while game["status"] == "playing":
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
        if game["status"] == "playing":
            alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    assert game["turn"] == TURNS
    over = ask(alice_api, game)
    assert over.status_code == 409 and "over" in over.json()["detail"]
    assert not VersusHint.objects.filter(game_id=game["id"]).exists()


def test_someone_elses_table_and_hint_are_not_found(alice_api, make_player, client_for):
    game = sit_down(alice_api)
    hint = ask(alice_api, game).json()
    bob = client_for(make_player("bob"))
    assert ask(bob, game).status_code == 404
    assert bob.get(f"/api/versus/{game['id']}/hints/{hint['id']}/").status_code == 404
    mine = sit_down(bob)
    assert bob.get(f"/api/versus/{mine['id']}/hints/{hint['id']}/").status_code == 404
    assert alice_api.get(f"/api/versus/{game['id']}/hints/999999/").status_code == 404


def test_hints_are_under_the_hint_limits(alice_api, settings):
    settings.CALICO_LIMITS = {**settings.CALICO_LIMITS, "hints-account": "1/h"}
    game = sit_down(alice_api)
    assert ask(alice_api, game).status_code == 202
    alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    versus_service.do_play_opponents(game["id"])
    refused = ask(alice_api, game)
    assert refused.status_code == 429, refused.content
    assert VersusGame.objects.get().hints_used == 1


def test_a_failed_hint_is_sent_again_when_asked_and_counted_once(
    alice_api, django_capture_on_commit_callbacks
):
    game = sit_down(alice_api)
    with django_capture_on_commit_callbacks() as sent:
        hint = ask(alice_api, game).json()
    assert len(sent) == 1  # sent to the hint worker once the row commits
    VersusHint.objects.filter(pk=hint["id"]).update(status="failed", error="Boom")
    failed = alice_api.get(f"/api/versus/{game['id']}/hints/{hint['id']}/").json()
    assert failed["status"] == "failed" and failed["message"]
    with django_capture_on_commit_callbacks() as sent:
        again = ask(alice_api, game).json()
    assert again["id"] == hint["id"] and again["status"] == "pending" and len(sent) == 1
    assert VersusGame.objects.get().hints_used == 1


def test_a_finished_table_replays_every_seats_moves_with_the_hinted_turns(
    alice_api, make_player, client_for
):
    game = sit_down(alice_api, opponents=2)
    url = f"/api/versus/{game['id']}/replay/"
    early = alice_api.get(url)
    assert early.status_code == 409 and "still being played" in early.json()["detail"]
    ask(alice_api, game)  # a hint on turn 1
    while game["status"] == "playing":
        alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
    replay = alice_api.get(url).json()
    steps = replay["steps"]
    assert len(steps) == 3 * TURNS
    assert [s["name"] for s in steps[:3]] == ["you", "Marmalade", "Pepper"]
    assert [(s["name"], s["turn"], s["cell"]) for s in steps] == [
        (e["name"], e["turn"], e["cell"]) for e in game["log"]
    ]
    assert [s["hinted"] for s in steps if s["name"] == "you"] == [True] + [False] * (TURNS - 1)
    assert steps[-1]["market_index"] is None and steps[0]["market_index"] == 0
    last = {s["name"]: s["score"] for s in steps}  # each seat's score after its last move
    assert last["you"] == game["you"]["score"]
    assert replay["result"] == game["result"]
    assert [seat["name"] for seat in replay["seats"]] == ["you", "Marmalade", "Pepper"]
    assert client_for(make_player("bob")).get(url).status_code == 404


def test_a_hint_pending_past_a_quick_hints_time_says_when_no_solver_runs(alice_api):
    from puzzles.services import hint_messages

    game = sit_down(alice_api)
    asked = ask(alice_api, game).json()
    assert asked["message"] == ""  # just sent: the workers are not pinged for a quick hint
    later = (
        datetime.datetime.now(tz=datetime.UTC)
        + hint_messages.QUIET_FOR
        + datetime.timedelta(seconds=1)
    )
    with time_machine.travel(later, tick=False):
        read = alice_api.get(f"/api/versus/{game['id']}/hints/{asked['id']}/").json()
    assert read["status"] == "pending"
    assert read["message"] == hint_messages.UNAVAILABLE_PENDING  # no worker in this test


def test_a_finished_table_reviews_your_moves_on_the_tables_market(alice_api, settings):
    settings.CALICO_ANALYSIS_OPTIONS = {"samples": 8, "candidates": 4}  # quick: the shape
    game = sit_down(alice_api)
    url = f"/api/versus/{game['id']}/analysis/"
    assert alice_api.post(url).status_code == 409  # finish the table first
    assert alice_api.get(url).status_code == 404
    while game["status"] == "playing":
        alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
    asked = alice_api.post(url)
    assert asked.status_code == 202 and asked.json()["status"] == "pending"
    assert asked.json()["market"] == "table"  # what it will be valued with
    assert alice_api.post(url).status_code == 202  # asked again: the same one
    row = VersusAnalysis.objects.get(game_id=game["id"])
    versus_service.do_compute_versus_analysis(row.pk)  # what the hint worker runs
    review = alice_api.get(url).json()
    assert review["status"] == "ready" and review["progress"] == {"done": TURNS, "total": TURNS}
    assert len(review["turns"]) == TURNS and 0 <= review["accuracy"] <= 100
    mine = [e["cell"] for e in game["log"] if e["name"] == "you"]
    assert [turn["played"]["cell"] for turn in review["turns"]] == mine
    assert all(turn["loss"] >= 0 and "mark" in turn for turn in review["turns"])
    assert {"key_moments", "marks", "expected_loss"} <= set(review)
    assert review["market"] == "table"
    stored = VersusAnalysis.objects.get(pk=row.pk).result
    del stored["market"]  # a review stored before the table review: solo's conveyor
    VersusAnalysis.objects.filter(pk=row.pk).update(result=stored)
    assert alice_api.get(url).json()["market"] == "conveyor"


def test_a_hints_reasons_are_said_in_the_requests_language(alice_api):
    from solver.search.hints import fact

    game = sit_down(alice_api)
    hint = ask(alice_api, game).json()
    stored = [fact("button", color="yellow", points=3)]
    VersusHint.objects.filter(pk=hint["id"]).update(status="ready", reasons=stored)
    path = f"/api/versus/{game['id']}/hints/{hint['id']}/"
    assert alice_api.get(path).json()["reasons"] == ["a yellow button: +3"]
    spanish = alice_api.get(path, HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9")
    assert spanish.json()["reasons"] == ["un botón amarillo: +3"]
