"""The leagues through the API and the page: the caller's league this week and a past one, the
errors naming the problem, a guest who never played (no league), a player who deletes the
account mid-week, a guest's league kept when logging in, the export and the profile's tiers."""

import datetime

import pytest
import time_machine
from django.test import Client
from week_data import MONDAY, at, day, finished, players

from accounts.services.players import do_fold_guest
from leagues.models import LeagueMember
from leagues.services import do_place_week, do_turn_weeks
from puzzles.services.visitors import do_create_guest

pytestmark = pytest.mark.django_db

WEDNESDAY = MONDAY + datetime.timedelta(days=2)
PASSWORD = "a long password 1"


@pytest.fixture
def placed(make_player):
    """alice, bob and carol placed in one league of the week of MONDAY; alice and bob played
    its Monday."""
    people = [make_player(name) for name in ("alice", "bob", "carol")]
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=1)), tick=False):
        sunday = day(MONDAY - datetime.timedelta(days=1))
    for player in people:
        finished(sunday, player, 60)
    with time_machine.travel(at(MONDAY, 0), tick=False):
        do_place_week(MONDAY)
    with time_machine.travel(at(MONDAY), tick=False):
        monday = day(MONDAY, par_mean=65.0)
    finished(monday, people[0], 70)
    finished(monday, people[1], 60)
    return people


def test_the_callers_league_this_week_and_a_past_one(placed, client_for):
    alice_api = client_for(placed[0])
    with time_machine.travel(at(WEDNESDAY), tick=False):
        league = alice_api.get("/api/leagues/current/")
        assert league.status_code == 200
        body = league.json()
        assert (body["week"], body["tier"], body["promote"], body["relegate"]) == (
            "2026-W49",
            1,
            1,
            0,
        )
        assert [(m["player"], m["points"], m["days"], m["par_diff"]) for m in body["members"]] == [
            ("alice", 100.0, 1, 5.0),
            ("bob", 50.0, 1, -5.0),
            ("carol", 0, 0, 0),
        ]
        assert alice_api.get("/api/leagues/2026-W49/").json() == body
    with time_machine.travel(at(MONDAY + datetime.timedelta(days=8)), tick=False):
        do_turn_weeks()
        past = alice_api.get("/api/leagues/2026-W49/").json()
        assert past["settled"] and past["members"][0]["outcome"] == "promoted"
        profile = alice_api.get("/api/me/").json()["leagues"]["weeks"]
        assert [(w["week"], w["tier"]) for w in profile] == [("2026-W50", 2), ("2026-W49", 1)]


@pytest.mark.parametrize(
    ("week", "status", "detail"),
    [
        ("2026-49", 400, "not an ISO week"),
        ("2026-W54", 400, "has no week 54"),
        ("2026-W30", 404, "no league of yours in 2026-W30"),
    ],
)
def test_a_bad_or_unknown_week_is_named(placed, client_for, week, status, detail):
    with time_machine.travel(at(WEDNESDAY), tick=False):
        answer = client_for(placed[0]).get(f"/api/leagues/{week}/")
    assert answer.status_code == status and detail in answer.json()["detail"]


def test_a_guest_who_never_played_has_no_league(placed):
    with time_machine.travel(at(WEDNESDAY), tick=False):
        guest = do_create_guest("192.0.2.7")
        client = Client()
        client.force_login(guest)
        assert client.get("/api/leagues/current/").status_code == 404
        page = client.get("/league/")
    assert page.status_code == 200 and b"data-league-none" in page.content
    assert not LeagueMember.objects.filter(player=guest).exists()


def test_a_player_who_deletes_the_account_mid_week_leaves_the_league(placed, client_for):
    alice, bob, _ = placed
    with time_machine.travel(at(WEDNESDAY), tick=False):
        deleted = client_for(bob).delete("/api/me/", {"password": PASSWORD}, format="json")
        assert deleted.status_code == 204
        members = client_for(alice).get("/api/leagues/current/").json()["members"]
        assert [m["player"] for m in members] == ["alice", "carol"]
    with time_machine.travel(at(MONDAY + datetime.timedelta(days=7)), tick=False):
        assert do_turn_weeks()["settled"] == {str(MONDAY): 1}
    assert not LeagueMember.objects.filter(player=bob).exists()


def test_a_guests_league_goes_to_the_account_it_logs_into(make_player):
    guest = do_create_guest("192.0.2.8")
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=2)), tick=False):
        saturday = day(MONDAY - datetime.timedelta(days=2))
    finished(saturday, guest, 70)
    finished(saturday, *players("z", 1), 60)
    with time_machine.travel(at(MONDAY, 0), tick=False):
        do_place_week(MONDAY)
    account = make_player("dora")
    with time_machine.travel(at(WEDNESDAY), tick=False):
        do_fold_guest(guest, into=account)
    assert LeagueMember.objects.get(monday=MONDAY, player=account)


def test_the_export_holds_the_players_leagues(placed, client_for):
    with time_machine.travel(at(WEDNESDAY), tick=False):
        exported = client_for(placed[0]).get("/api/me/export/").json()
    assert [(row["week"], row["tier"]) for row in exported["leagues"]] == [(str(MONDAY), 1)]


@pytest.mark.parametrize(("language", "words"), [("en", "Standings"), ("es", "Clasificación")])
def test_the_page_shows_the_standings_with_the_lines(placed, language, words):
    client = Client()
    client.force_login(placed[0])
    with time_machine.travel(at(WEDNESDAY), tick=False):
        page = client.get("/league/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in page
    assert "data-league-promotion-line" in page and "data-league-relegation-line" not in page
    assert page.index('data-league-member="alice"') < page.index('data-league-member="carol"')
