import datetime

import pytest
import time_machine
from helpers.games import goals_for, next_move, reference_scorer

from puzzles.models import Game, Hint
from puzzles.services import hint_messages


def test_create_game_answers_the_game_object(alice_api, daily, start_game):
    game = start_game(alice_api)
    assert game["ranked"] and game["status"] == "playing" and game["turn"] == 1
    assert len(game["hand"]) == 2 and len(game["market"]) == 3
    assert len(game["empty_cells"]) == 22 and game["discarded"] == []
    assert game["score"]["total"] == 0 and game["last_award"] is None
    assert set(game["setup"]) == {"board", "border", "goals", "cats"}
    assert len(game["setup"]["border"]) == 24 and len(game["setup"]["goals"]) == 3


@pytest.mark.parametrize(
    "body, status, word",
    [
        ({}, 400, "goals"),
        ({"goals": "all"}, 400, "goals"),
        ({"goals": {"2,3": "all-different"}}, 400, "goals"),
        ({"date": "yesterday"}, 400, "date"),
        ({"date": "2000-01-01"}, 404, "no challenge"),
    ],
)
def test_create_game_errors(alice_api, daily, body, status, word):
    response = alice_api.post("/api/games/", body, format="json")
    assert response.status_code == status
    assert word in response.json()["detail"]
    assert not Game.objects.exists()


def test_create_game_needs_a_player(client, daily):
    assert client.post("/api/games/", {}, content_type="application/json").status_code in (
        401,
        403,
    )


def test_only_the_owner_sees_a_game(alice_api, make_player, client_for, daily, start_game):
    game = start_game(alice_api)
    assert alice_api.get(f"/api/games/{game['id']}/").json()["id"] == game["id"]
    bob = client_for(make_player("bob"))
    assert bob.get(f"/api/games/{game['id']}/").status_code == 404
    assert bob.post(f"/api/games/{game['id']}/moves/", next_move(game), "json").status_code == 404
    assert bob.post(f"/api/games/{game['id']}/hints/").status_code == 404


def without_clock(game: dict) -> dict:
    """A game's answer less ``closes_in``, which counts down between two reads."""
    return {key: value for key, value in game.items() if key != "closes_in"}


@pytest.mark.parametrize(
    "change, word",
    [
        ({"turn": "first"}, "turn"),
        ({"hand_index": 7}, "hand_index"),
        ({"hand_index": None}, "hand_index"),
        ({"cell": "2,3"}, "2,3"),
        ({"cell": "x"}, "cell"),
        ({"market_index": -1}, "market_index"),
    ],
)
def test_bad_moves_get_400_and_change_nothing(alice_api, daily, start_game, change, word):
    game = start_game(alice_api)
    url = f"/api/games/{game['id']}/moves/"
    response = alice_api.post(url, {**next_move(game), **change}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request" and word in response.json()["detail"]
    assert without_clock(alice_api.get(f"/api/games/{game['id']}/").json()) == without_clock(game)


def test_stale_and_repeated_moves_get_409(alice_api, daily, start_game):
    game = start_game(alice_api)
    url = f"/api/games/{game['id']}/moves/"
    move = next_move(game)
    after = alice_api.post(url, move, format="json").json()
    repeated = alice_api.post(url, move, format="json")
    assert repeated.status_code == 409 and repeated.json()["error"] == "conflict"
    assert alice_api.post(url, {**move, "turn": 5}, format="json").status_code == 409
    assert without_clock(alice_api.get(f"/api/games/{game['id']}/").json()) == without_clock(after)


def test_a_whole_ranked_daily(alice_api, daily, start_game, play_through):
    """Play 22 turns; the score equals the independent scorer's of the patches the player
    placed, and the player is on the leaderboard with it."""
    game = start_game(alice_api)
    placed, bodies = [], []
    while game["status"] == "playing":
        move = next_move(game)
        placed.append({"cell": move["cell"], **game["hand"][move["hand_index"]]})
        response = alice_api.post(f"/api/games/{game['id']}/moves/", move, format="json")
        assert response.status_code == 200
        game = response.json()
        bodies.append(game)
    assert len(bodies) == 22 and game["empty_cells"] == []
    assert game["quilt"]["placements"] == placed
    quilt_file = {**game["quilt"], "placements": placed}
    expected = reference_scorer().score(quilt_file)
    assert game["score"]["total"] == expected["total"]
    board = alice_api.get(f"/api/leaderboards/{daily.date}/").json()
    assert board["entries"][0]["player"] == "alice"
    assert board["entries"][0]["score"] == expected["total"]
    assert board["me"]["rank"] == 1 and board["me"]["score"] == expected["total"]
    over = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(bodies[-2]), "json")
    assert over.status_code == 409


def test_last_award_reports_what_the_placement_earned(alice_api, daily, start_game, play_through):
    bodies = play_through(alice_api, start_game(alice_api))
    earned = [b["last_award"] for b in bodies]
    final = bodies[-1]["score"]
    assert sum(1 for a in earned if a["button"]) == len(final["buttons"])
    assert [a["cat"] for a in earned if a["cat"]] == [c["cat"] for c in final["cats"]]
    assert any(a["rainbow"] for a in earned) == final["rainbow"]


def test_a_hint_is_counted_when_asked_and_asking_again_returns_it(alice_api, daily, start_game):
    game = start_game(alice_api)
    url = f"/api/games/{game['id']}/hints/"
    first = alice_api.post(url)
    assert first.status_code == 202
    assert first.json() | {"id": 0} == {
        "id": 0,
        "turn": 1,
        "status": "pending",
        "move": None,
        "expected_score": None,
        "reasons": [],
        "reason_facts": [],
        "pass_chance": None,
        "message": "",  # just sent: the workers are not pinged for a quick hint
    }
    assert alice_api.post(url).json()["id"] == first.json()["id"]
    assert alice_api.get(f"/api/games/{game['id']}/").json()["hints_used"] == 1
    later = datetime.datetime.now(tz=datetime.UTC) + hint_messages.QUIET_FOR
    with time_machine.travel(later + datetime.timedelta(seconds=1), tick=False):
        polled = alice_api.get(f"{url}{first.json()['id']}/")
    assert polled.status_code == 200 and polled.json()["status"] == "pending"
    assert polled.json()["message"] == hint_messages.UNAVAILABLE_PENDING  # no worker here
    assert alice_api.get(f"{url}999999/").status_code == 404


def test_hints_of_a_finished_game_conflict(alice_api, daily, start_game, play_through):
    game = play_through(alice_api, start_game(alice_api))[-1]
    assert alice_api.post(f"/api/games/{game['id']}/hints/").status_code == 409
    assert not Hint.objects.exists()


def test_a_practice_game_of_the_archive(alice_api, yesterday, start_game):
    game = start_game(alice_api, yesterday.date)
    assert not game["ranked"] and game["date"] == str(yesterday.date)


@pytest.mark.parametrize(
    "url, status, word",
    [
        ("/api/leaderboards/nope/", 400, "date"),
        ("/api/leaderboards/2000-01-01/", 404, "no challenge"),
        ("/api/leaderboards/{today}/?page=0", 400, "page"),
        ("/api/leaderboards/{today}/?page=x", 400, "page"),
        ("/api/leaderboards/{today}/?hints=maybe", 400, "hints"),
    ],
)
def test_leaderboard_errors(client, daily, url, status, word):
    response = client.get(url.format(today=daily.date))
    assert response.status_code == status and word in response.json()["detail"]


def test_a_page_past_the_end_is_empty(client, daily):
    body = client.get(f"/api/leaderboards/{daily.date}/?page={10**30}").json()
    assert body["entries"] == [] and body["count"] == 0


def test_leaderboard_is_public(client, daily):
    body = client.get(f"/api/leaderboards/{daily.date}/?hints=exclude").json()
    assert body["count"] == 0 and body["me"] is None and body["histogram"] == []


def test_goal_choice_must_come_from_the_options(alice_api, daily):
    options = alice_api.get("/api/daily/").json()
    goals = goals_for(options)
    goals["2,3"] = next(
        g
        for g in ("all-different", "aa-bb-cc", "aaa-bbb", "aaa-bb-c", "aa-bb-c-d", "aaaa-bb")
        if g not in options["goal_options"]
    )
    response = alice_api.post("/api/games/", {"goals": goals}, format="json")
    assert response.status_code == 400 and "goal option" in response.json()["detail"]
