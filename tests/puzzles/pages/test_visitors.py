"""Visitors and guests (docs/design.md, Phase 3): a page view writes nothing (no player, no
session, never refused for a shared address); the page's first write makes the guest, CSRF
checked; token and anonymous API clients never get one; a session lasts a year from the
latest visit; logging in from a guest session folds the guest into the account."""

import datetime

import pytest
import time_machine
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from helpers.games import goals_for
from helpers.limits import assert_throttled
from rest_framework.test import APIClient

from accounts.services.players import do_fold_guest
from groups import services as group_service
from groups.models import Group, Membership
from puzzles.models import Game, Player, ScoreTally
from puzzles.services import tallies
from puzzles.services.challenges import do_ensure_challenge
from versus.models import VersusGame

PASSWORD = "a long password 1"
YEAR = 365 * 24 * 3600
NOW = datetime.datetime(2031, 3, 4, 12, 0, tzinfo=datetime.UTC)


def every_page(daily, alice) -> list[str]:
    """Every page of the site (and a missing one), as a visitor reaches them."""
    group = group_service.do_create_group(alice, name="Cats")
    game = Game.objects.create(challenge=daily, player=alice)
    day = daily.date.isoformat()
    return [
        "/",
        f"/play/{day}/",
        "/leaderboard/",
        f"/leaderboard/{day}/",
        "/archive/",
        "/signup/",
        "/login/",
        "/me/",
        "/players/alice/",
        "/groups/",
        f"/groups/join/{group.invite_code}/",
        f"/groups/{group.pk}/",
        "/scenarios/",
        "/scenarios/1/",
        "/versus/",
        "/ratings/",
        "/privacy/",
        f"/day/{(daily.date - datetime.timedelta(days=1)).isoformat()}/",  # no such day: 404
        f"/review/{game.pk}/",
        f"/review/{day}/par/",
        "/no-such-page/",
    ]


def counts() -> tuple[int, int]:
    return Player.objects.count(), Session.objects.count()


def test_a_loop_of_page_views_from_one_address_writes_nothing_and_is_never_refused(
    limits, daily, alice
):
    limits(guests_address="2/d")
    pages = every_page(daily, alice)
    before = counts()
    keeping_cookies = Client(REMOTE_ADDR="192.0.2.1")  # a browser: its CSRF cookie comes back
    for _ in range(5):
        for page in pages:
            for browser in (Client(REMOTE_ADDR="192.0.2.1"), keeping_cookies):
                response = browser.get(page)
                assert response.status_code in (200, 404), (page, response.status_code)
                assert settings.SESSION_COOKIE_NAME not in response.cookies, page
    assert counts() == before
    # A stale session cookie (a pruned guest) gets no new row either.
    stale = Client(REMOTE_ADDR="192.0.2.1")
    stale.cookies[settings.SESSION_COOKIE_NAME] = "0" * 32
    assert stale.get("/").status_code == 200 and counts() == before


def test_pages_render_for_a_visitor_who_has_not_played(daily, alice):
    pages = every_page(daily, alice)
    visitor = Client()
    assert "Sign up" in visitor.get("/").content.decode()
    join = visitor.get(pages[10])
    assert join.status_code == 200 and "Cats" in join.content.decode()
    assert visitor.get(pages[11]).status_code == 404  # a group shows only to its members
    # The reads a page's script makes: public ones answer, the caller's own say "nobody".
    api = APIClient()
    assert api.get("/api/daily/").json()["ranked_game"] is None
    assert api.get("/api/scenarios/").status_code == 200
    for path in ("/api/me/", "/api/groups/", "/api/versus/"):
        assert api.get(path).json()["error"] == "not_authenticated", path


def page_client(address: str = "192.0.2.9") -> Client:
    """A browser on a page: the CSRF cookie the page set, and its token sent on writes."""
    browser = Client(enforce_csrf_checks=True, REMOTE_ADDR=address)
    assert browser.get("/").status_code == 200
    return browser


def csrf(browser: Client) -> dict:
    return {"HTTP_X_CSRFTOKEN": browser.cookies["csrftoken"].value}


def post(browser: Client, path: str, body: dict | None = None):
    return browser.post(path, body or {}, content_type="application/json", **csrf(browser))


def test_the_first_write_of_a_page_makes_the_guest_and_logs_it_in(daily):
    browser = page_client()
    goals = goals_for(browser.get("/api/daily/").json())
    forged = browser.post("/api/games/", {"goals": goals}, content_type="application/json")
    assert forged.status_code == 403 and "CSRF" in forged.json()["detail"]
    bad = post(browser, "/api/games/", {"goals": {"2,3": "no-such-goal"}})
    assert bad.status_code == 400 and counts() == (0, 0)  # a refused write leaves nobody
    created = post(browser, "/api/games/", {"goals": goals})
    assert created.status_code == 201, created.content
    guest = Player.objects.get()
    assert guest.is_guest and Game.objects.get().player == guest and counts() == (1, 1)
    # Logged in: the CSRF token rotated (the cookie holds the new one) and play goes on.
    game = created.json()
    move = {"turn": 1, "hand_index": 0, "cell": game["empty_cells"][0], "market_index": 0}
    assert post(browser, f"/api/games/{game['id']}/moves/", move).status_code == 200
    assert browser.get("/api/me/").json()["username"] == guest.username
    assert post(browser, "/api/groups/", {"name": "Cats"}).status_code == 201
    assert counts() == (1, 1)  # later writes reuse the guest


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/scenarios/1/games/", {}),
        ("/api/versus/", {"opponents": 1, "level": "easy"}),
        ("/api/groups/", {"name": "Cats"}),
    ],
)
def test_every_first_write_makes_the_guest(db, path, body):
    browser = page_client()
    assert post(browser, path, body).status_code == 201
    assert Player.objects.get().is_guest and counts() == (1, 1)


def test_joining_a_group_by_its_link_is_a_first_write(alice):
    group = group_service.do_create_group(alice, name="Cats")
    browser = Client(enforce_csrf_checks=True)
    assert browser.get(f"/groups/join/{group.invite_code}/").status_code == 200
    assert counts()[0] == 1
    joined = post(browser, "/api/groups/join/", {"invite_code": group.invite_code})
    assert joined.status_code == 200
    guest = Player.objects.get(is_guest=True)
    assert Membership.objects.filter(group=group, player=guest).exists()


def test_token_and_anonymous_api_clients_never_get_a_guest(daily, alice_api):
    goals = goals_for(alice_api.get("/api/daily/").json())
    assert alice_api.post("/api/games/", {"goals": goals}, "json").status_code == 201
    anonymous = APIClient()
    for path, body in [("/api/games/", {"goals": goals}), ("/api/groups/", {"name": "x"})]:
        refused = anonymous.post(path, body, "json")
        assert refused.status_code == 403 and refused.json()["error"] == "not_authenticated"
    wrong = APIClient(HTTP_AUTHORIZATION="Token " + "0" * 40)
    refused = wrong.post("/api/games/", {"goals": goals}, "json")
    assert refused.json()["error"] == "authentication_failed"
    assert Player.objects.filter(is_guest=True).count() == 0


def test_the_guest_limit_counts_guests_made_never_page_views(limits, db):
    limits(guests_address="2/d")
    for _ in range(2):
        assert post(page_client(), "/api/groups/", {"name": "Cats"}).status_code == 201
    third = page_client()
    assert_throttled(post(third, "/api/groups/", {"name": "Cats"}), "new guests from your address")
    assert Player.objects.count() == 2 and Group.objects.count() == 2
    assert third.get("/").status_code == 200  # pages still open
    assert post(page_client("192.0.2.10"), "/api/groups/", {"name": "x"}).status_code == 201


def test_a_guest_session_lasts_a_year_from_the_latest_visit(db):
    with time_machine.travel(NOW, tick=False):
        browser = page_client()
        made = post(browser, "/api/groups/", {"name": "Cats"})
        cookie = made.cookies[settings.SESSION_COOKIE_NAME]
        assert int(cookie["max-age"]) == YEAR
        session = Session.objects.get()
        assert session.expire_date == NOW + datetime.timedelta(seconds=YEAR)
        # The same day: no write, no new cookie.
        assert settings.SESSION_COOKIE_NAME not in browser.get("/api/me/").cookies
    for days in (200, 400, 700):  # each visit slides the year on
        when = NOW + datetime.timedelta(days=days)
        with time_machine.travel(when, tick=False):
            seen = browser.get("/groups/")
            assert int(seen.cookies[settings.SESSION_COOKIE_NAME]["max-age"]) == YEAR
            assert Session.objects.get().expire_date == when + datetime.timedelta(seconds=YEAR)
            assert browser.get("/api/me/").status_code == 200
            assert settings.SESSION_COOKIE_NAME not in browser.get("/").cookies
    assert Player.objects.get().is_guest


def ranked(player, challenge, score: int, finished: bool = True) -> Game:
    game = Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        status=Game.Status.FINISHED if finished else Game.Status.PLAYING,
        score=score,
    )
    if finished:
        tallies.do_count_game(game)
    return game


def test_logging_in_from_a_guest_session_keeps_its_games_groups_and_streak(daily, make_player):
    alice = make_player("alice")
    bob = make_player("bob")
    yesterday = do_ensure_challenge(daily.date - datetime.timedelta(days=1))
    earlier = do_ensure_challenge(daily.date - datetime.timedelta(days=2))
    browser = page_client()
    assert post(browser, "/api/versus/", {"opponents": 1, "level": "easy"}).status_code == 201
    guest = Player.objects.get(is_guest=True)
    theirs = group_service.do_create_group(guest, name="Guest's")
    shared = group_service.do_create_group(bob, name="Bob's")
    group_service.do_join_group(guest, invite_code=shared.invite_code)
    group_service.do_join_group(alice, invite_code=shared.invite_code)
    kept = [ranked(guest, earlier, 60), ranked(guest, yesterday, 70)]
    clash = ranked(guest, daily, 90)  # alice played today too: hers stays ranked
    hers = ranked(alice, daily, 50)
    streak = browser.get("/api/me/").json()["stats"]["current_streak"]
    assert streak == 3

    logged_in = browser.post(
        "/login/", {"username": "alice", "password": PASSWORD}, **csrf(browser)
    )
    assert logged_in.status_code == 302
    me = browser.get("/api/me/").json()
    assert me["username"] == "alice" and me["stats"]["current_streak"] == 3
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert set(Game.objects.filter(player=alice, ranked=True)) == {*kept, hers}
    clash.refresh_from_db()
    assert clash.player == alice and not clash.ranked  # practice now
    assert ScoreTally.objects.get(challenge=daily).score == 50  # the 90 counts no more
    assert VersusGame.objects.get().player == alice
    assert Group.objects.get(pk=theirs.pk).owner == alice
    assert set(Membership.objects.filter(player=alice).values_list("group", flat=True)) == {
        theirs.pk,
        shared.pk,
    }
    assert Membership.objects.filter(group=shared).count() == 2  # bob, alice


def test_logging_in_by_the_api_keeps_the_guests_games_too(daily, alice):
    browser = page_client()
    goals = goals_for(browser.get("/api/daily/").json())
    game = post(browser, "/api/games/", {"goals": goals}).json()
    answer = post(browser, "/api/auth/login/", {"username": "alice", "password": PASSWORD})
    assert answer.status_code == 200
    assert browser.get(f"/api/games/{game['id']}/").json()["ranked"] is True
    assert Game.objects.get().player == alice and Player.objects.count() == 1


def test_folding_handles_every_relation_of_a_player():
    """A new table pointing at players must be handled by ``do_fold_guest`` (or knowingly
    left to the guest's deletion): this list is what it was written for."""
    relations = {rel.get_accessor_name() for rel in Player._meta.related_objects}
    assert relations == {
        "games",  # moved (a clashing ranked one becomes practice)
        "versus_games",  # moved
        "owned_groups",  # owner becomes the account
        "memberships",  # moved, unless the account is a member already
        "player_groups",  # the memberships' many-to-many view
        "auth_token",  # deleted with the guest (a guest's session token)
        "logentry_set",  # admin log: guests are never staff
        "rating",  # moved when the account has none (ratings/services.py)
        "rating_changes",  # moved with it
        "reminder",  # a guest has none (reminders/services.py refuses guests)
        "push_subscriptions",  # the same
        "drill_answers",  # moved (drill/apps.py)
        "weekly_entries",  # moved, unless the account tried that week (weekly/services.py)
        "duel_entries",  # moved, unless the account sits at that duel (duels/player_data.py)
        "league_members",  # moved, unless the account has a league that week (leagues)
    }, relations
    assert do_fold_guest.__doc__


def test_a_registered_player_is_never_folded(make_player):
    alice, bob = make_player("alice"), make_player("bob")
    do_fold_guest(bob, into=alice)
    assert Player.objects.count() == 2


def test_a_guests_attempt_at_an_open_day_is_set_aside_when_the_account_has_its_own(
    daily, make_player
):
    """Issue 41, point 3: logging in from a guest session handed the account (whose ranked
    game of the open day was unfinished) the guest's game of that day as a playable practice
    game: played on, or copied by "try again from here", it showed the day's deal. Now it is
    kept, as a trace, set aside: no move, no hint, no copy; the account keeps one attempt."""
    from helpers.games import next_move

    alice = make_player("alice")
    browser = page_client()
    goals = goals_for(browser.get("/api/daily/").json())
    guest_game = post(browser, "/api/games/", {"goals": goals}).json()
    moved = post(browser, f"/api/games/{guest_game['id']}/moves/", next_move(guest_game))
    assert moved.status_code == 200
    hers = Game.objects.create(challenge=daily, player=alice, ranked=True, goals=goals)
    logged_in = browser.post(
        "/login/", {"username": "alice", "password": PASSWORD}, **csrf(browser)
    )
    assert logged_in.status_code == 302
    aside = Game.objects.get(pk=guest_game["id"])
    assert aside.player == alice and not aside.ranked and aside.disqualified
    shown = browser.get(f"/api/games/{aside.pk}/").json()
    assert "made as a guest" in shown["disqualified"]  # the trace, in the game's own answer
    move = post(browser, f"/api/games/{aside.pk}/moves/", next_move(moved.json()))
    assert move.status_code == 409 and "set aside" in move.json()["detail"]
    assert post(browser, f"/api/games/{aside.pk}/hints/").status_code == 409
    copy = post(browser, f"/api/games/{aside.pk}/practice/", {"turn": 1})
    assert copy.status_code == 409 and copy.json()["error"] == "deal_not_public"
    assert Game.objects.filter(player=alice, challenge=daily, ranked=True).get() == hers


def test_an_open_days_practice_game_waits_for_its_ranked_game(daily, make_player):
    """The rule under the fold's: while a player's ranked game of an open day is unfinished,
    no practice game of that day is played or copied, however it came to be."""
    from django.db import transaction

    from core.errors import Conflict
    from puzzles.services.game_locks import lock_playing_game

    alice = make_player("alice")
    Game.objects.create(challenge=daily, player=alice, ranked=True)
    practice = Game.objects.create(challenge=daily, player=alice, ranked=False)
    with pytest.raises(Conflict, match="finish your ranked game"), transaction.atomic():
        lock_playing_game(practice.pk, alice)
