"""Versus through the API: a table is created, goals chosen, moves checked (illegal 400; stale,
repeated or out of turn 409), the opponents' turns played by the service a worker runs, the
standings at the end; never the bag, never a leaderboard."""

import datetime

import pytest
import time_machine
from helpers.games import GOAL_CELLS
from helpers.versus import sit_down, versus_move

from puzzles.models import Game, ScoreTally
from solver.game import TURNS
from versus import services as versus_service
from versus.models import VersusGame

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"opponents": 0, "level": "easy"}, "opponents"),
        ({"opponents": 4, "level": "easy"}, "opponents"),
        ({"opponents": "two", "level": "easy"}, "opponents"),
        ({"opponents": 2, "level": "expert"}, "level"),
        ({"level": "easy"}, "opponents"),
    ],
)
def test_a_bad_table_is_a_400_naming_the_field(alice_api, body, field):
    response = alice_api.post("/api/versus/", body, "json")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request" and field in response.json()["detail"]
    assert not VersusGame.objects.exists()


def test_a_new_table_shows_your_four_goals_and_the_opponents_boards(alice_api, client):
    response = alice_api.post("/api/versus/", {"opponents": 3, "level": "medium"}, "json")
    game = response.json()
    assert game["status"] == "choosing" and len(game["you"]["goal_options"]) == 4
    assert [o["name"] for o in game["opponents"]] == ["Marmalade", "Pepper", "Biscuit"]
    assert {o["level"] for o in game["opponents"]} == {"medium"}
    boards = [game["you"]["board"], *(o["board"] for o in game["opponents"])]
    assert len(set(boards)) == 4
    assert game["market"] == [] and game["you"]["hand"] == []  # seen once the goals are placed
    assert all(o["goals"] is None for o in game["opponents"])  # hidden until you choose
    assert client.post("/api/versus/", {"opponents": 1, "level": "easy"}).status_code in (401, 403)


def test_goals_are_three_of_your_options_and_chosen_once(alice_api):
    game = alice_api.post("/api/versus/", {"opponents": 1, "level": "easy"}, "json").json()
    url = f"/api/versus/{game['id']}/goals/"
    options = game["you"]["goal_options"]

    def placed(goals):
        return {"goals": dict(zip(GOAL_CELLS, goals, strict=False))}

    unoffered = next(
        g
        for g in ("all-different", "aa-bb-cc", "aaa-bbb", "aaa-bb-c", "aa-bb-c-d", "aaaa-bb")
        if g not in options
    )
    bad = alice_api.post(url, placed([unoffered, *options]), "json")
    assert bad.status_code == 400 and "goals" in bad.json()["detail"]
    early = {"turn": 1, "hand_index": 0, "cell": "1,1", "market_index": 0}
    assert alice_api.post(f"/api/versus/{game['id']}/moves/", early, "json").status_code == 409
    good = alice_api.post(url, placed(options), "json")
    assert good.status_code == 200 and good.json()["status"] == "playing"
    assert good.json()["opponents"][0]["goals"] is not None and good.json()["to_move"] == "you"
    assert len(good.json()["market"]) == 3 and len(good.json()["you"]["hand"]) == 2
    assert alice_api.post(url, placed(options), "json").status_code == 409


def test_illegal_moves_are_400_and_stale_repeated_or_out_of_turn_moves_409(alice_api):
    game = sit_down(alice_api, opponents=2)
    url = f"/api/versus/{game['id']}/moves/"
    for bad in (
        {"cell": "0,0"},
        {"cell": "2,3"},
        {"hand_index": 2},
        {"market_index": 3},
        {"market_index": None},
        {"cell": "nowhere"},
    ):
        response = alice_api.post(url, {**versus_move(game), **bad}, "json")
        assert response.status_code == 400, (bad, response.content)
    assert alice_api.post(url, {**versus_move(game), "turn": 2}, "json").status_code == 409
    assert VersusGame.objects.get().moves == []  # nothing half-written
    played = alice_api.post(url, versus_move(game), "json")
    assert played.status_code == 200 and played.json()["to_move"] == "Marmalade"
    again = alice_api.post(url, versus_move(game), "json")  # repeated
    assert again.status_code == 409
    ahead = alice_api.post(url, versus_move(played.json()), "json")  # not your turn yet
    assert ahead.status_code == 409 and "not your turn" in ahead.json()["detail"]
    versus_service.do_play_opponents(game["id"])  # what the worker runs
    after = alice_api.get(f"/api/versus/{game['id']}/").json()
    assert after["to_move"] == "you" and after["turn"] == 2
    assert [(entry["name"], entry["turn"]) for entry in after["log"]] == [
        ("you", 1),
        ("Marmalade", 1),
        ("Pepper", 1),
    ]
    assert all(len(o["quilt"]["placements"]) == 1 for o in after["opponents"])


def test_a_whole_table_ends_in_standings_and_touches_no_leaderboard(alice_api, alice):
    game = sit_down(alice_api, opponents=1, level="medium")
    seed = VersusGame.objects.get().seed
    answers = []
    while game["status"] == "playing":
        response = alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        assert response.status_code == 200, response.content
        answers.append(response.content.decode())
        versus_service.do_play_opponents(game["id"])
        game = alice_api.get(f"/api/versus/{game['id']}/").json()
        answers.append(str(game))
    assert game["to_move"] is None and game["turn"] == TURNS
    assert len(game["log"]) == 2 * TURNS
    result = game["result"]
    assert sorted(entry["name"] for entry in result) == ["Marmalade", "you"]
    keys = [(entry["score"], entry["cats"], entry["buttons"]) for entry in result]
    assert keys == sorted(keys, reverse=True) and result[0]["rank"] == 1
    scores = {entry["name"]: entry["score"] for entry in result}
    assert scores["you"] == game["you"]["score"]["total"]
    assert scores["Marmalade"] == game["opponents"][0]["score"]["total"]
    row = VersusGame.objects.get()
    assert row.status == "finished"
    assert row.rank == next(entry["rank"] for entry in result if entry["name"] == "you")
    assert not Game.objects.exists() and not ScoreTally.objects.exists()
    record = alice_api.get("/api/versus/").json()["record"]
    assert record["medium"] == {"played": 1, "won": int(row.rank == 1)}
    assert record["easy"] == {"played": 0, "won": 0}
    for text in answers:  # nothing in any answer reveals the bag
        assert seed not in text and "bag" not in text and "hand" not in str(game["opponents"])
    late = {"turn": TURNS, "hand_index": 0, "cell": "1,1", "market_index": None}
    late = alice_api.post(f"/api/versus/{game['id']}/moves/", late, "json")
    assert late.status_code == 409


def test_someone_elses_table_is_not_found(alice_api, make_player, client_for):
    game = sit_down(alice_api)
    bob = client_for(make_player("bob"))
    assert bob.get(f"/api/versus/{game['id']}/").status_code == 404
    moved = bob.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    assert moved.status_code == 404


def test_stalled_opponents_are_sent_again_only_when_asked(
    alice_api, django_capture_on_commit_callbacks
):
    game = sit_down(alice_api)
    url = f"/api/versus/{game['id']}/opponents/"
    assert alice_api.post(url).status_code == 409  # your turn: nothing to resend
    with django_capture_on_commit_callbacks() as sent:
        alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    assert len(sent) == 1  # the opponents' run, sent after the move commits
    with django_capture_on_commit_callbacks() as sent:
        busy = alice_api.post(url)
    assert busy.status_code == 202 and sent == []  # still within a run's time: left alone
    VersusGame.objects.filter(pk=game["id"]).update(opponent_error="WorkerLostError: killed")
    assert alice_api.get(f"/api/versus/{game['id']}/").json()["opponent_error"]
    with django_capture_on_commit_callbacks() as sent:
        resent = alice_api.post(url)
    assert resent.status_code == 202 and len(sent) == 1
    assert resent.json()["opponent_error"] == ""


def test_opponents_that_made_no_move_for_longer_than_a_run_are_sent_again(
    alice_api, django_capture_on_commit_callbacks
):
    game = sit_down(alice_api)
    alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")  # message lost
    later = datetime.datetime.now(tz=datetime.UTC) + versus_service.STALLED_AFTER
    moved = time_machine.travel(later + datetime.timedelta(seconds=1), tick=False)
    with moved, django_capture_on_commit_callbacks() as sent:
        response = alice_api.post(f"/api/versus/{game['id']}/opponents/")
    assert response.status_code == 202 and len(sent) == 1
