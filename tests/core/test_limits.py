"""Abuse limits (docs/design.md, Phase 2): past each limit a 429 ``{error: "throttled", detail}``
with Retry-After, counted per client address, account or username in the shared cache; the
defaults never bother a person playing a whole daily with a hint every turn and a practice
game after it. A test that exercises a limit sets it low (per day: no window ends mid-test)."""

from django.test import Client
from helpers.games import next_move
from helpers.limits import assert_throttled
from helpers.versus import sit_down, versus_move
from rest_framework.test import APIClient

from groups.models import Group
from puzzles.models import Game, Hint, Player
from versus.models import VersusGame

PASSWORD = "a long password 1"


def from_address(address: str, client_class=APIClient):
    return client_class(REMOTE_ADDR=address)


def test_a_whole_daily_with_a_hint_every_turn_and_a_practice_game_is_never_throttled(daily):
    browser = APIClient()
    assert browser.get("/").status_code == 200  # the page visit makes a guest
    body = {"username": "normal", "password": PASSWORD}
    assert browser.post("/api/auth/register/", body).status_code == 201  # claims the guest
    challenge = browser.get("/api/daily/").json()
    goals = dict(zip(("2,3", "3,4", "4,2"), challenge["goal_options"], strict=False))
    for ranked in (True, False):
        game = browser.post("/api/games/", {"goals": goals}, "json").json()
        assert game["ranked"] is ranked
        while game["status"] == "playing":
            hint = browser.post(f"/api/games/{game['id']}/hints/")
            assert hint.status_code == 202, hint.content
            moved = browser.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
            assert moved.status_code == 200, moved.content
            game = moved.json()
        browser.get(f"/leaderboard/{daily.date}/")
    assert Hint.objects.count() == 44 and Game.objects.count() == 2


def test_password_checks_per_address_cover_every_way_in(limits, make_player):
    limits(password_address="3/d")
    make_player("hank")
    attacker = from_address("203.0.113.7")
    wrong = {"username": "hank", "password": "guess"}
    for _ in range(3):
        assert attacker.post("/api/auth/token/", wrong).status_code == 400
    assert_throttled(attacker.post("/api/auth/token/", wrong), "password checks from your address")
    right = {"username": "hank", "password": PASSWORD}
    assert_throttled(attacker.post("/api/auth/token/", right), "from your address")
    assert_throttled(attacker.post("/api/auth/login/", right), "from your address")
    assert_throttled(attacker.post("/api/auth/register/", wrong), "from your address")
    page = from_address("203.0.113.7", Client)
    assert_throttled(page.post("/login/", wrong), "from your address")
    assert_throttled(page.post("/signup/", {"username": "x1", "password": PASSWORD}), "address")
    assert_throttled(page.post("/admin/login/", wrong), "from your address")
    # Another address is not held back.
    assert from_address("203.0.113.8").post("/api/auth/token/", right).status_code == 200


def test_wrong_passwords_lock_out_a_username_from_that_address_only(limits, make_player):
    limits(password_username_address="2/d", password_address="100/d", password_username="100/d")
    make_player("hank")
    make_player("ivy")
    wrong = {"username": "hank", "password": "guess"}
    right = {"username": "hank", "password": PASSWORD}
    attacker = from_address("198.51.100.1")
    for _ in range(2):
        assert attacker.post("/api/auth/token/", wrong).status_code == 400
    refused = attacker.post("/api/auth/token/", {**wrong, "username": "HANK"})
    assert_throttled(refused, "password checks for this username from your address")
    assert_throttled(attacker.post("/api/auth/token/", right), "from your address")
    # The owner, from an address that has not failed, is never refused; nor is another
    # username from the attacker's address.
    assert from_address("198.51.100.2").post("/api/auth/token/", right).status_code == 200
    assert from_address("198.51.100.2", Client).post("/login/", right).status_code == 302
    ivy = {"username": "ivy", "password": PASSWORD}
    assert attacker.post("/api/auth/token/", ivy).status_code == 200


def test_a_correct_password_is_never_counted(limits, make_player):
    limits(password_username_address="2/d", password_address="2/d", password_username="2/d")
    make_player("hank")
    right = {"username": "hank", "password": PASSWORD}
    school = from_address("198.51.100.3")  # one address, many correct log-ins
    for _ in range(10):
        assert school.post("/api/auth/token/", right).status_code == 200


def test_guessing_spread_over_addresses_holds_back_only_those_that_failed(limits, make_player):
    limits(password_username="3/d", password_username_address="100/d", password_address="100/d")
    make_player("hank")
    wrong = {"username": "hank", "password": "guess"}
    right = {"username": "hank", "password": PASSWORD}
    for n in range(3):
        assert (
            from_address(f"198.51.100.{10 + n}").post("/api/auth/token/", wrong).status_code == 400
        )
    assert_throttled(
        from_address("198.51.100.10").post("/api/auth/token/", right), "for this username"
    )
    assert from_address("198.51.100.99").post("/api/auth/token/", right).status_code == 200


def page(address: str) -> Client:
    browser = from_address(address, Client)
    assert browser.get("/").status_code == 200  # a page view: never counted
    return browser


def first_write(browser: Client):
    return browser.post("/api/groups/", {"name": "Cats"}, content_type="application/json")


def test_page_views_are_never_refused_and_guests_made_are_bounded(limits, db):
    limits(guests_address="3/d")
    for _ in range(40):
        assert from_address("192.0.2.1", Client).get("/leaderboard/").status_code == 200
    assert not Player.objects.exists()
    for _ in range(3):
        assert first_write(page("192.0.2.1")).status_code == 201
    assert_throttled(first_write(page("192.0.2.1")), "new guests from your address")
    assert Player.objects.filter(is_guest=True).count() == 3
    assert from_address("192.0.2.1", Client).get("/").status_code == 200
    # A visitor who has a guest already is not counted; another address gets its own.
    assert first_write(page("192.0.2.2")).status_code == 201


def test_ipv6_callers_are_counted_by_their_64(limits, db):
    limits(guests_address="2/d")
    for host in ("2001:db8::1", "2001:db8::2"):
        assert first_write(page(host)).status_code == 201
    assert_throttled(first_write(page("2001:db8::ffff")), "new guests")
    assert first_write(page("2001:db8:0:1::1")).status_code == 201


def test_one_ipv6_48_cannot_flood_the_board_with_guests(limits, db):
    """Issue 41, point 12: every /64 of one customer's /48 had a guest limit of its own."""
    limits(guests_address="2/d", guests_network="5/d")
    made = [first_write(page(f"2001:db8:7:{n:x}::1")).status_code for n in range(8)]
    assert made == [201] * 5 + [429] * 3
    assert first_write(page("2001:db8:8::1")).status_code == 201  # the next /48 is another
    assert first_write(page("198.51.100.7")).status_code == 201  # IPv4: per address only


def test_one_ipv6_48_cannot_register_or_guess_from_each_of_its_64s(limits, make_player):
    """Issue 47: registrations (and wrong passwords, one count) were counted per /64 only, while
    guests were counted per /48 too: a site's 65,536 /64s each had the whole allowance. Both
    count the /64 (one subscriber) and the /48 (one site) now."""
    limits(password_address="2/d", password_network="5/d")
    made = [
        from_address(f"2001:db8:9:{n:x}::1")
        .post("/api/auth/register/", {"username": f"p{n}", "password": PASSWORD})
        .status_code
        for n in range(7)
    ]
    assert made == [201] * 5 + [429] * 2
    refused = from_address("2001:db8:9:77::1").post(
        "/api/auth/register/", {"username": "late", "password": PASSWORD}
    )
    assert_throttled(refused, "from your network")
    other = from_address("2001:db8:a::1")  # the next /48 is another
    assert (
        other.post("/api/auth/register/", {"username": "q", "password": PASSWORD}).status_code
        == 201
    )
    # wrong passwords share the count: the /48 is spent for guessing too, from a fresh /64
    make_player("hank")
    guess = from_address("2001:db8:9:78::1").post(
        "/api/auth/token/", {"username": "hank", "password": "guess"}
    )
    assert_throttled(guess, "password checks from your network")


def test_versus_tables_per_account_and_per_address(limits, alice_api, client_for, make_player):
    limits(versus_account="2/d", versus_address="3/d")
    table = {"opponents": 1, "level": "easy"}
    for _ in range(2):
        assert alice_api.post("/api/versus/", table, "json").status_code == 201
    assert_throttled(alice_api.post("/api/versus/", table, "json"), "new versus tables for your")
    bob = client_for(make_player("bob"))
    assert bob.post("/api/versus/", table, "json").status_code == 201
    assert_throttled(bob.post("/api/versus/", table, "json"), "versus tables from your address")
    assert VersusGame.objects.count() == 3


def test_versus_moves_per_account_and_per_address(limits, alice_api, client_for, make_player):
    limits(versus_moves_account="1/d", versus_moves_address="2/d")
    games = []
    for client in (alice_api, client_for(make_player("bob"))):
        games.append((client, sit_down(client)))
    (alice, mine), (bob, theirs) = games
    moved = alice.post(f"/api/versus/{mine['id']}/moves/", versus_move(mine), "json")
    assert moved.status_code == 200, moved.content
    again = alice.post(f"/api/versus/{mine['id']}/moves/", versus_move(moved.json()), "json")
    assert_throttled(again, "versus moves for your account")
    assert (
        bob.post(f"/api/versus/{theirs['id']}/moves/", versus_move(theirs), "json").status_code
        == 200
    )
    third = client_for(make_player("carol"))
    table = sit_down(third)
    refused = third.post(f"/api/versus/{table['id']}/moves/", versus_move(table), "json")
    assert_throttled(refused, "versus moves from your address")


def test_groups_created_per_account_and_per_address(limits, alice_api, client_for, make_player):
    limits(groups_account="2/d", groups_address="3/d")
    for name in ("a", "b"):
        assert alice_api.post("/api/groups/", {"name": name}, "json").status_code == 201
    assert_throttled(alice_api.post("/api/groups/", {"name": "c"}, "json"), "new groups for your")
    bob = client_for(make_player("bob"))
    assert bob.post("/api/groups/", {"name": "d"}, "json").status_code == 201
    assert_throttled(bob.post("/api/groups/", {"name": "e"}, "json"), "groups from your address")
    assert Group.objects.count() == 3


def test_the_defaults_never_bother_a_person(settings):
    """20 tables an hour, a table's 22 moves each; a few groups."""
    rates = settings.CALICO_LIMITS
    assert rates["versus-account"] == "20/h"
    assert int(rates["versus-moves-account"].split("/")[0]) >= 20 * 22
    assert int(rates["groups-account"].split("/")[0]) >= 5


def test_games_started_per_account(limits, alice_api, client_for, make_player, yesterday):
    limits(games_account="2/d")
    body = {"date": yesterday.date.isoformat()}
    goals = dict(
        zip(
            ("2,3", "3,4", "4,2"),
            alice_api.get(f"/api/challenges/{body['date']}/").json()["goal_options"],
            strict=False,
        )
    )
    for _ in range(2):
        assert alice_api.post("/api/games/", {**body, "goals": goals}, "json").status_code == 201
    refused = alice_api.post("/api/games/", {**body, "goals": goals}, "json")
    assert_throttled(refused, "new games for your account")
    assert Game.objects.count() == 2
    bob = client_for(make_player("bob"))
    assert bob.post("/api/games/", {**body, "goals": goals}, "json").status_code == 201


def test_hints_per_address_hold_across_accounts(limits, daily, start_game):
    limits(hints_address="2/d")
    players = []
    for name in ("p1", "p2"):
        client = from_address("192.0.2.50")
        token = client.post("/api/auth/register/", {"username": name, "password": PASSWORD})
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
        players.append((client, start_game(client)))
    (one, game_one), (two, game_two) = players
    assert one.post(f"/api/games/{game_one['id']}/hints/").status_code == 202
    assert two.post(f"/api/games/{game_two['id']}/hints/").status_code == 202
    one.post(f"/api/games/{game_one['id']}/moves/", next_move(game_one), "json")
    assert_throttled(one.post(f"/api/games/{game_one['id']}/hints/"), "new hints from your address")
    assert Hint.objects.count() == 2


# Every call that a limit can refuse: a password check, a service's ``limits.enforce``, or a
# page visitor's first write (its new guest). Issue 41, point 14: four were missing.
LIMITED = {
    ("/api/auth/register/", "post"),
    ("/api/auth/token/", "post"),
    ("/api/auth/login/", "post"),
    ("/api/games/", "post"),
    ("/api/games/{game_id}/hints/", "post"),
    ("/api/games/{game_id}/analysis/", "post"),
    ("/api/games/{game_id}/practice/", "post"),
    ("/api/scenarios/{number}/games/", "post"),
    ("/api/groups/", "post"),
    ("/api/groups/join/", "post"),
    ("/api/versus/", "post"),
    ("/api/versus/{game_id}/moves/", "post"),
    ("/api/versus/{game_id}/hints/", "post"),
    ("/api/versus/{game_id}/analysis/", "post"),
    ("/api/drill/answers/", "post"),
    ("/api/duels/", "post"),
    ("/api/duels/{code}/accept/", "post"),
    ("/api/challenges/{date}/crowd/", "get"),
    ("/api/games/{game_id}/crowd/", "get"),
    # the password asked for an email change and a deletion; the emails sent (issue 47)
    ("/api/me/", "put"),
    ("/api/me/", "delete"),
}


def test_the_429s_are_in_the_api_schema_where_a_limit_can_answer(db):
    schema = APIClient().get("/api/schema/?format=json").json()
    listed = {
        (path, method)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
        if "429" in operation["responses"]
    }
    assert listed == LIMITED


def test_with_the_cache_down_the_cpu_limits_step_aside(settings, make_player, daily, start_game):
    """The limits that spare the CPU are a guard, not a dependency: no 500 and no lock-out
    while Redis is away (the ones that guard accounts count in the database: below)."""
    location = "redis://127.0.0.1:1/0"  # nothing listens there
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": location}
    }
    make_player("hank")
    client = APIClient()
    token = client.post("/api/auth/token/", {"username": "hank", "password": PASSWORD})
    assert token.status_code == 200, token.content
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    game = start_game(client)
    assert client.post(f"/api/games/{game['id']}/hints/").status_code == 202
    assert Client().get("/").status_code == 200


def test_with_the_cache_down_wrong_passwords_are_still_limited(limits, settings, make_player):
    """Issue 41, point 2: with Redis stopped, 25 of 25 wrong passwords went through (the limit
    was 10 an hour). They count in the database now, whatever the cache does."""
    limits(password_username_address="10/h")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    make_player("hank")
    attacker = from_address("203.0.113.9")
    answers = [
        attacker.post("/api/auth/token/", {"username": "hank", "password": f"guess{n}"})
        for n in range(25)
    ]
    assert [a.status_code for a in answers].count(400) == 10
    assert_throttled(answers[-1], "password checks")
    # the right password from elsewhere still logs in (nobody is locked out)
    right = from_address("198.51.100.1").post(
        "/api/auth/token/", {"username": "hank", "password": PASSWORD}
    )
    assert right.status_code == 200


def test_a_culled_cache_keeps_the_password_counts(limits, settings, make_player):
    """Issue 41, point 1's side effect: the file cache's cull at its most entries deleted
    password counters. They are not in the cache any more: filling it erases none."""
    from django.core.cache import cache

    limits(password_username_address="3/h")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 5},
        }
    }  # culls as the file cache does
    make_player("hank")
    attacker = from_address("203.0.113.10")
    for n in range(3):
        attacker.post("/api/auth/token/", {"username": "hank", "password": f"guess{n}"})
    for n in range(50):  # a flood of other entries: the cache culls and culls
        cache.set(f"flood-{n}", b"x" * 100)
    refused = attacker.post("/api/auth/token/", {"username": "hank", "password": "guess3"})
    assert_throttled(refused, "password checks")


def test_old_durable_counts_are_forgotten(limits, make_player):
    from core.limits import do_forget_old_counts
    from puzzles.models import LimitCount

    limits(password_address="100/h")
    from_address("203.0.113.11").post("/api/auth/token/", {"username": "x", "password": "y"})
    assert LimitCount.objects.count() >= 1
    LimitCount.objects.update(started=0)
    assert do_forget_old_counts() >= 1 and not LimitCount.objects.exists()


def test_the_durable_counts_table_is_the_models():
    """``core.limits`` writes by SQL the table of the installed model that makes its abstract
    ``DurableCount`` concrete (core imports no app): the table it writes is that model's."""
    from django.db import connection

    from core.limits import table
    from puzzles.models import LimitCount

    assert table() == connection.ops.quote_name(LimitCount._meta.db_table)
    assert [f.column for f in LimitCount._meta.concrete_fields] == ["id", "key", "started", "count"]
