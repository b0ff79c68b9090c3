"""A visitor in Chromium (docs/design.md, Phase 3, "Visitors and guests"): every page opens and
reads sensibly with nobody made (no player row, no session row, no error on the page); the
first game makes the guest and play goes on (the CSRF token rotated on its log-in); logging
into an account from there keeps the guest's game."""

import pytest
from browser_helpers import api_get, play_turn, start_daily
from django.contrib.sessions.models import Session

from accounts.services.players import do_register
from groups.services import do_create_group
from puzzles.game_state import today
from puzzles.models import Game, Player
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long password 1"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}


def pages(alice) -> list[tuple[str, str]]:
    """(path, a selector that shows the page's script has done its part)."""
    group = do_create_group(alice, name="Cats")
    day = do_ensure_challenge(today()).date.isoformat()
    return [
        ("/", '[data-action="start"]:not([disabled])'),
        (f"/play/{day}/", '[data-action="start"]:not([disabled])'),
        ("/leaderboard/", "[data-entries]"),
        ("/archive/", "main"),
        ("/signup/", 'input[name="username"]'),
        ("/login/", 'input[name="username"]'),
        ("/me/", '[data-profile-root][data-visitor="true"]'),
        ("/players/alice/", '[data-profile-root][data-loaded="true"]'),
        ("/groups/", "[data-group-list] li"),
        (f"/groups/join/{group.invite_code}/", '[data-action="join"]'),
        ("/scenarios/", "main"),
        ("/scenarios/1/", '[data-action="start"]:not([disabled])'),
        ("/versus/", '[data-action="sit-down"]'),
        (f"/review/{day}/par/", "[data-message]:not([hidden])"),  # "not yet": today's
    ]


def test_every_page_opens_for_a_visitor_and_writes_nothing(site, browser, shot):
    alice = do_register("alice", password=PASSWORD)
    visits = pages(alice)
    before = (Player.objects.count(), Session.objects.count())
    for size, options in (
        ("laptop", {"viewport": {"width": 1366, "height": 900}}),
        ("phone", PHONE),
    ):
        context = browser.new_context(**options)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        for path, ready in visits:
            response = page.goto(site + path)
            assert response.status == 200, path
            page.wait_for_selector(ready, state="attached")
            if not path.startswith("/review/"):
                shown = page.query_selector(".error-box:not([hidden])")
                assert not shown, (path, page.inner_text("main"))
        assert not errors, errors
        shot(page, f"visitor-review-{size}")
        page.goto(site + "/me/")
        page.wait_for_selector('[data-visitor="true"]')
        assert "not played yet" in page.inner_text("[data-message]")
        shot(page, f"visitor-me-{size}")
        context.close()
    assert (Player.objects.count(), Session.objects.count()) == before


def test_the_first_game_makes_the_guest_and_logging_in_keeps_it(site, page, shot):
    do_register("alice", password=PASSWORD)
    game_id = start_daily(page, site)  # the page's first write
    guest = Player.objects.get(is_guest=True)
    assert Game.objects.get(pk=game_id).player == guest
    play_turn(page, 0, "1,1", 0)  # a write after the log-in: the rotated CSRF token
    assert api_get(page, site, "/api/me/")["username"] == guest.username

    page.goto(site + "/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    page.wait_for_selector('[data-player="alice"]')
    page.wait_for_selector(f'[data-game-id="{game_id}"] [data-cell="1,1"][data-empty="false"]')
    assert Game.objects.get(pk=game_id).player.username == "alice"
    assert not Player.objects.filter(is_guest=True).exists()
    shot(page, "visitor-logged-in-keeps-game")
