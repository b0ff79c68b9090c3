"""Duels through the API (docs/design.md, Phase 5, "Challenge links and duels"): made from
today's date or a finished game, accepted by a guest, waiting, playing, done; nothing of the
other player's game before both are finished, through the duel or any other path (replay,
practice copy, share picture, crowd); a guest's seat kept when it logs in; a challenger who
deletes the account."""

import datetime

import pytest
import time_machine
from django.test import Client
from helpers.games import goals_for, next_move

from accounts.services.account import do_delete_account
from puzzles.game_state import today
from puzzles.models import Analysis, Game, Player

PASSWORD = "a long password 1"


def _after_close():
    midnight = datetime.datetime.combine(today(), datetime.time(), datetime.UTC)
    return time_machine.travel(midnight + datetime.timedelta(days=1, seconds=5), tick=False)


class Browser:
    """A visitor on the site's pages: the CSRF cookie a page set, its token sent on writes,
    a guest made by the first write (as ``puzzles.auth.acting_player`` does)."""

    def __init__(self, address="192.0.2.7"):
        self.client = Client(enforce_csrf_checks=True, REMOTE_ADDR=address)
        assert self.client.get("/privacy/").status_code == 200

    def get(self, path):
        return self.client.get(path)

    def post(self, path, body=None):
        token = self.client.cookies["csrftoken"].value
        return self.client.post(
            path, body or {}, content_type="application/json", HTTP_X_CSRFTOKEN=token
        )


def _play(post, game: dict, moves: int | None = None) -> dict:
    """Play ``game`` on (``moves`` of it, else to the end) by ``post(path, body)``."""
    played = 0
    while game["status"] == "playing" and (moves is None or played < moves):
        response = post(f"/api/games/{game['id']}/moves/", next_move(game))
        assert response.status_code == 200, response.content
        game, played = response.json(), played + 1
    return game


def _api_post(client):
    return lambda path, body: client.post(path, body, format="json")


@pytest.fixture
def bob(make_player):
    return make_player("bob")


def _start_daily(client, date=None) -> dict:
    day = (date or today()).isoformat()
    goals = goals_for(client.get(f"/api/challenges/{day}/").json())
    response = client.post("/api/games/", {"date": day, "goals": goals}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_duel_on_todays_daily_accepted_by_a_guest(alice, alice_api, daily):
    made = alice_api.post("/api/duels/", {"date": today().isoformat()}, format="json")
    assert made.status_code == 201, made.content
    duel = made.json()
    code = duel["code"]
    assert duel["url"] == f"/duel/{code}/"
    assert duel["deal"] == {
        "kind": "daily",
        "date": today().isoformat(),
        "scenario": None,
        "week": None,
        "ranked": True,
    }
    assert duel["challenger"] == {"player": "alice", "score": None}
    anyone = Client()
    seen = anyone.get(f"/api/duels/{code}/").json()
    assert seen["status"] == "waiting" and seen["verdict"] is None
    assert seen["players"][0]["score"] is None and seen["play"] is None

    # The challenger plays their ranked game: the duel shows its score, nothing else.
    mine = _play(_api_post(alice_api), _start_daily(alice_api))
    seen = anyone.get(f"/api/duels/{code}/").json()
    alice_seat = seen["players"][0]
    assert alice_seat["score"] == mine["score"]["total"] and alice_seat["finished"]
    assert alice_seat["quilt"] is None and alice_seat["game"] is None
    assert alice_seat["expected"] == []

    # A guest accepts (no goals: they choose them on the game page, "play").
    guest = Browser()
    accepted = guest.post(f"/api/duels/{code}/accept/")
    assert accepted.status_code == 200, accepted.content
    answer = accepted.json()
    assert answer["game"] is None and answer["duel"]["play"] == "/"
    assert answer["duel"]["status"] == "playing"
    assert Player.objects.get(username=guest.get("/api/me/").json()["username"]).is_guest
    assert guest.post(f"/api/duels/{code}/accept/").status_code == 200  # again: the same seat

    # The guest starts their ranked game on the game page: it is the duel's.
    goals = goals_for(guest.get(f"/api/challenges/{today()}/").json())
    game = guest.post("/api/games/", {"date": today().isoformat(), "goals": goals}).json()
    assert game["ranked"]
    game = _play(guest.post, game, moves=5)
    seen = guest.get(f"/api/duels/{code}/").json()
    assert seen["status"] == "playing" and seen["play"] == "/"
    theirs, own = seen["players"]
    assert own["you"] and own["game"] == game["id"] and own["score"] is None
    assert theirs["score"] == mine["score"]["total"]  # a finished score: shown
    assert theirs["quilt"] is None and theirs["game"] is None and theirs["expected"] == []

    game = _play(guest.post, game)
    seen = guest.get(f"/api/duels/{code}/").json()
    assert seen["status"] == "done" and seen["play"] is None
    assert [p["score"] for p in seen["players"]] == [mine["score"]["total"], game["score"]["total"]]
    assert all(p["quilt"]["placements"] for p in seen["players"])
    assert seen["players"][0]["game"] == mine["id"]
    verdict = seen["verdict"]
    assert verdict["analysis"] in ("pending", "running") and verdict["turns"] == []
    assert verdict["winner"] in ("alice", seen["players"][1]["player"], None)
    # Done: both games' analyses were asked for (the verdict's turns come from them).
    assert Analysis.objects.filter(game_id__in=[mine["id"], game["id"]]).count() == 2

    listed = alice_api.get("/api/me/duels/").json()
    assert [d["code"] for d in listed] == [code] and listed[0]["status"] == "done"
    record = alice_api.get("/api/players/alice/").json()["duels"]
    assert sum(record.values()) == 1 and set(record) == {"won", "lost", "drawn"}


def test_nothing_of_a_closed_days_game_leaks_until_the_duel_is_done(
    alice, alice_api, bob, client_for, daily
):
    finished = _play(_api_post(alice_api), _start_daily(alice_api))
    game_id = finished["id"]
    with _after_close():
        anyone = Client()
        # Before any duel, anyone may replay a closed day's ranked game.
        assert anyone.get(f"/api/games/{game_id}/replay/").status_code == 200
        made = alice_api.post("/api/duels/", {"game": game_id}, format="json")
        assert made.status_code == 201, made.content
        code = made.json()["code"]
        assert made.json()["deal"]["ranked"] is False
        assert made.json()["challenger"]["score"] == finished["score"]["total"]

        bob_api = client_for(bob)

        def hidden():
            assert anyone.get(f"/api/games/{game_id}/replay/").status_code == 404
            assert bob_api.get(f"/api/games/{game_id}/replay/").status_code == 404
            assert bob_api.get(f"/api/games/{game_id}/crowd/").status_code == 404
            copy = bob_api.post(f"/api/games/{game_id}/practice/", {"turn": 22}, format="json")
            assert copy.status_code == 404  # a copy would hold every move but the last
            assert bob_api.get(f"/api/games/{game_id}/analysis/").status_code == 404
            picture = anyone.get(f"/share/{game_id}/image.png")
            assert picture.status_code == 200 and "max-age=60" in picture["Cache-Control"]
            # its own player still sees it all
            assert alice_api.get(f"/api/games/{game_id}/replay/").status_code == 200

        hidden()
        goals = goals_for(bob_api.get(f"/api/challenges/{finished['date']}/").json())
        accepted = bob_api.post(f"/api/duels/{code}/accept/", {"goals": goals}, format="json")
        assert accepted.status_code == 200, accepted.content
        game = accepted.json()["game"]
        assert game["date"] == finished["date"] and not game["ranked"]
        assert accepted.json()["duel"]["play"] == f"/play/{finished['date']}/"
        game = _play(_api_post(bob_api), game, moves=21)
        hidden()
        seen = bob_api.get(f"/api/duels/{code}/").json()
        assert seen["players"][0]["quilt"] is None and seen["players"][0]["game"] is None

        _play(_api_post(bob_api), game)
        seen = bob_api.get(f"/api/duels/{code}/").json()
        assert seen["status"] == "done" and seen["players"][0]["game"] == game_id
        assert anyone.get(f"/api/games/{game_id}/replay/").status_code == 200
        picture = anyone.get(f"/share/{game_id}/image.png")
        assert "max-age=86400" in picture["Cache-Control"]


def test_a_duel_on_a_scenario_deals_the_same_seed(alice_api):
    started = alice_api.post("/api/scenarios/1/games/", {}, format="json")
    assert started.status_code == 201, started.content
    finished = _play(_api_post(alice_api), started.json())
    made = alice_api.post("/api/duels/", {"game": finished["id"]}, format="json").json()
    assert made["deal"]["kind"] == "scenario" and made["deal"]["scenario"] == 1
    guest = Browser()
    accepted = guest.post(f"/api/duels/{made['code']}/accept/").json()
    game = accepted["game"]
    assert game["scenario"]["number"] == 1 and accepted["duel"]["play"] == "/scenarios/1/"
    assert Game.objects.get(pk=game["id"]).seed == Game.objects.get(pk=finished["id"]).seed
    _play(guest.post, game)
    assert guest.get(f"/api/duels/{made['code']}/").json()["status"] == "done"


def test_bad_requests_name_the_problem(alice, alice_api, bob, client_for, daily):
    for body in ({}, {"game": 1, "date": today().isoformat()}, {"game": "x"}):
        response = alice_api.post("/api/duels/", body, format="json")
        assert response.status_code == 400, (body, response.content)
    past = (today() - datetime.timedelta(days=1)).isoformat()
    refused = alice_api.post("/api/duels/", {"date": past}, format="json")
    assert refused.status_code == 400 and "date" in refused.json()["detail"]
    playing = _start_daily(alice_api)
    response = alice_api.post("/api/duels/", {"game": playing["id"]}, format="json")
    assert response.status_code == 409 and "finish" in response.json()["detail"]
    bob_api = client_for(bob)
    response = bob_api.post("/api/duels/", {"game": playing["id"]}, format="json")
    assert response.status_code == 404
    finished = _play(_api_post(alice_api), playing)
    response = alice_api.post("/api/duels/", {"game": finished["id"]}, format="json")
    assert response.status_code == 409 and response.json()["error"] == "deal_not_public"

    code = alice_api.post("/api/duels/", {"date": today().isoformat()}, format="json").json()
    code = code["code"]
    assert alice_api.post(f"/api/duels/{code}/accept/").status_code == 409  # your own
    assert bob_api.post(f"/api/duels/{code}/accept/").status_code == 200
    taken = Browser().post(f"/api/duels/{code}/accept/")
    assert taken.status_code == 409 and taken.json()["error"] == "duel_taken"
    assert bob_api.get("/api/duels/nope/").status_code == 404
    assert bob_api.post("/api/duels/nope/accept/").status_code == 404
    assert Client().get("/api/me/duels/").status_code in (401, 403)


def test_a_guests_seat_goes_with_it_into_the_account(alice_api, bob, daily):
    code = alice_api.post("/api/duels/", {"date": today().isoformat()}, format="json").json()
    code = code["code"]
    guest = Browser()
    assert guest.post(f"/api/duels/{code}/accept/").status_code == 200
    logged = guest.post("/api/auth/login/", {"username": "bob", "password": PASSWORD})
    assert logged.status_code == 200, logged.content
    assert [d["code"] for d in guest.get("/api/me/duels/").json()] == [code]
    seen = guest.get(f"/api/duels/{code}/").json()
    assert seen["players"][1]["player"] == "bob" and seen["players"][1]["you"]


def test_a_challenger_who_deletes_the_account_takes_the_duel_away(
    alice, alice_api, bob, client_for, daily
):
    code = alice_api.post("/api/duels/", {"date": today().isoformat()}, format="json").json()
    code = code["code"]
    bob_api = client_for(bob)
    goals = goals_for(bob_api.get(f"/api/challenges/{today()}/").json())
    game = bob_api.post(f"/api/duels/{code}/accept/", {"goals": goals}, format="json").json()
    do_delete_account(alice, password=PASSWORD, address="192.0.2.1")
    assert bob_api.get(f"/api/duels/{code}/").status_code == 404
    assert bob_api.get("/api/me/duels/").json() == []
    assert bob_api.get(f"/api/games/{game['game']['id']}/").status_code == 200


WEDNESDAY = datetime.datetime(2026, 12, 2, 15, tzinfo=datetime.UTC)  # in 2026-W49
WEEK_CLOSED = datetime.datetime(2026, 12, 7, 0, 0, 5, tzinfo=datetime.UTC)


def test_a_duel_on_a_weekly_special_only_after_its_close(alice_api, bob, client_for):
    with time_machine.travel(WEDNESDAY, tick=False):
        started = alice_api.post("/api/games/", {"weekly": "2026-W49"}, format="json")
        assert started.status_code == 201, started.content
        game = _play(_api_post(alice_api), started.json())
        early = alice_api.post("/api/duels/", {"game": game["id"]}, format="json")
        assert early.status_code == 409 and early.json()["error"] == "deal_not_public"
    with time_machine.travel(WEEK_CLOSED, tick=False):
        made = alice_api.post("/api/duels/", {"game": game["id"]}, format="json")
        assert made.status_code == 201, made.content
        deal = made.json()["deal"]
        assert deal["kind"] == "weekly" and deal["week"] == "2026-W49"
        accepted = client_for(bob).post(f"/api/duels/{made.json()['code']}/accept/")
        theirs = accepted.json()["game"]
        assert Game.objects.get(pk=theirs["id"]).seed == Game.objects.get(pk=game["id"]).seed
        assert theirs["scenario"]["number"] == deal["scenario"]


def test_a_rematch_seats_both_on_a_day_neither_has_played(alice_api, bob, client_for, make_player):
    from puzzles.services.challenges import do_ensure_challenge

    days = [do_ensure_challenge(today() - datetime.timedelta(days=n)).date for n in (1, 2)]
    mine = _play(_api_post(alice_api), _start_daily(alice_api, days[0]))
    code = alice_api.post("/api/duels/", {"game": mine["id"]}, format="json").json()["code"]
    bob_api = client_for(bob)
    refused = bob_api.post(f"/api/duels/{code}/rematch/")
    assert refused.status_code == 404  # not (yet) a player of it
    goals = goals_for(bob_api.get(f"/api/challenges/{days[0]}/").json())
    game = bob_api.post(f"/api/duels/{code}/accept/", {"goals": goals}, format="json").json()
    early = bob_api.post(f"/api/duels/{code}/rematch/")
    assert early.status_code == 409 and "done" in early.json()["detail"]
    _play(_api_post(bob_api), game["game"])

    made = bob_api.post(f"/api/duels/{code}/rematch/")
    assert made.status_code == 201, made.content
    rematch = made.json()
    assert (
        rematch["deal"]["date"] == days[1].isoformat() and rematch["challenger"]["player"] == "bob"
    )
    seen = alice_api.get(f"/api/duels/{rematch['code']}/").json()
    assert seen["status"] == "playing" and seen["play"] == f"/play/{days[1]}/"
    started = _start_daily(alice_api, days[1])  # on the game page: it joins the rematch
    seen = alice_api.get(f"/api/duels/{rematch['code']}/").json()
    assert seen["players"][1]["game"] == started["id"] and seen["players"][1]["you"]
    third = client_for(make_player("carol")).post(f"/api/duels/{rematch['code']}/rematch/")
    assert third.status_code == 404
