"""Keyboard play, a phone-sized touch screen, and practice on a past day from the archive."""

import datetime

import pytest
from browser_helpers import api_get, current_turn, empty_cells, play_turn, start_daily

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_keyboard_alone_plays_turns(site, page, shot):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/")
    # Goals by keyboard: Enter on the unused goal, then Enter on the right goal space.
    unused = page.locator(".goal-option.unused")
    goal = unused.get_attribute("data-goal-option")
    unused.focus()
    page.keyboard.press("Enter")
    page.focus('[data-goal="3,4"]')
    page.keyboard.press("Enter")
    assert page.get_attribute('[data-goal="3,4"]', "data-goal-id") == goal
    page.focus('[data-action="start"]:not([disabled])')
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-game-id] [data-cell]")
    game_id = page.get_attribute("[data-game-id]", "data-game-id")
    before = api_get(page, site, f"/api/games/{game_id}/")
    assert before["setup"]["goals"]["3,4"] == goal
    label = page.get_attribute('[data-hand-index="0"]', "aria-label")
    assert f"{before['hand'][0]['color']} {before['hand'][0]['pattern']}" in label

    # The board has focus after Start; the cursor starts on 3,3. Up: 2,3 is a goal space,
    # so the cursor steps over it to 1,3. Enter places; focus moves to the market, where
    # Tab moves to the second patch and Enter takes it.
    assert page.evaluate("document.activeElement.classList.contains('board')")
    page.keyboard.press("ArrowUp")
    assert page.locator(".board .cursor").count() == 1
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-cell="1,3"][data-empty="false"]')
    after = api_get(page, site, f"/api/games/{game_id}/")
    assert after["turn"] == 2
    assert after["quilt"]["placements"] == [{"cell": "1,3", **before["hand"][0]}]
    assert before["market"][1] in after["hand"]

    # "2" picks the second hand patch; arrows and Enter again, the market patch by the bag.
    page.keyboard.press("2")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-cell="1,2"][data-empty="false"]')
    assert api_get(page, site, f"/api/games/{game_id}/")["quilt"]["placements"][1] == {
        "cell": "1,2",
        **after["hand"][1],
    }
    shot(page, "07-keyboard-desktop")


def test_a_phone_plays_by_taps_without_sideways_scrolling(site, browser, shot):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(site + "/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    shot(page, "08-goal-picker-phone")
    # Move a goal: tap the unused option, then tap the upper goal space.
    unused = page.locator(".goal-option.unused")
    goal = unused.get_attribute("data-goal-option")
    unused.tap()
    page.tap('[data-goal="2,3"]')
    assert page.get_attribute('[data-goal="2,3"]', "data-goal-id") == goal
    start_daily_tapped = page.locator('[data-action="start"]')
    start_daily_tapped.tap()
    page.wait_for_selector("[data-game-id] [data-cell]")
    game_id = page.get_attribute("[data-game-id]", "data-game-id")
    assert api_get(page, site, f"/api/games/{game_id}/")["setup"]["goals"]["2,3"] == goal
    for _ in range(3):
        play_turn(page, 1, empty_cells(page)[-1], 2, tap=True)
    assert current_turn(page) == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "09-playing-phone")
    context.close()


def test_a_past_day_is_practice_from_the_archive(site, page, shot):
    from puzzles.game_state import today
    from puzzles.services.challenges import do_ensure_challenge

    yesterday = today() - datetime.timedelta(days=1)
    do_ensure_challenge(yesterday)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/archive/")
    row = page.wait_for_selector(f'[data-day="{yesterday.isoformat()}"]')
    shot(page, "10-archive-desktop")
    row.query_selector("text=Practice").click()
    page.wait_for_url(f"**/play/{yesterday.isoformat()}/")
    game_id = start_daily(page, site, f"/play/{yesterday.isoformat()}/")
    game = api_get(page, site, f"/api/games/{game_id}/")
    assert game["date"] == yesterday.isoformat()
    assert game["ranked"] is False
    play_turn(page, 0, empty_cells(page)[0], 0)
    shot(page, "11-practice-desktop")

    page.goto(f"{site}/leaderboard/{yesterday.isoformat()}/")
    # A closed day nobody finished says so (not "Be the first!"); its seed is published,
    # wrapped in its card, with how to check the deal a click away.
    page.wait_for_selector("text=Nobody finished a ranked quilt on this day.")
    assert "Be the first" not in page.inner_text("[data-summary]")
    seed = page.get_attribute("[data-seed]", "data-seed")
    assert seed and seed in page.inner_text("[data-summary]")
    page.click("text=Check the deal yourself")
    assert f"python -m solver deal {seed}" in page.inner_text("[data-summary]")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.eval_on_selector("code.seed", "e => e.getBoundingClientRect().right")
    card = page.eval_on_selector("[data-summary]", "e => e.getBoundingClientRect().right")
    assert box <= card, "the seed stays inside its card"


def test_a_date_that_is_not_a_date_gets_a_friendly_page(site, page):
    response = page.goto(site + "/play/yesterday/")
    assert response.status == 404
    assert "not a date" in page.inner_text("main")


def test_signing_up_claims_the_guest_and_its_game(site, page, shot):
    page.goto(site + "/")
    game_id = start_daily(page, site)
    play_turn(page, 0, "1,1", 0)

    page.goto(site + "/signup/")
    page.fill('input[name="username"]', "calicofan")
    page.fill('input[name="password"]', "short")
    page.click('button[type="submit"]')
    assert "password" in page.inner_text(".error-box")
    page.fill('input[name="password"]', "a quilt of many cats")
    shot(page, "12-signup-desktop")
    page.click('button[type="submit"]')
    page.wait_for_selector('[data-player="calicofan"]')

    # Back on today's page, the claimed guest's ranked game resumes where it was.
    page.wait_for_selector('[data-cell="1,1"][data-empty="false"]')
    assert page.get_attribute("[data-game-id]", "data-game-id") == game_id
    assert current_turn(page) == 2

    # Log out (a new guest), log back in: the game is there again.
    page.click("text=Log out")
    page.wait_for_selector("text=Log in")
    page.goto(site + "/login/")
    page.fill('input[name="username"]', "calicofan")
    page.fill('input[name="password"]', "a quilt of many cats")
    shot(page, "13-login-desktop")
    page.click('button[type="submit"]')
    page.wait_for_selector(f'[data-game-id="{game_id}"] [data-cell="1,1"][data-empty="false"]')


def test_a_stale_tab_is_told_and_catches_up(site, page, context):
    game_id = start_daily(page, site)
    stale = context.new_page()
    stale.goto(site + "/")
    stale.wait_for_selector(f'[data-game-id="{game_id}"] [data-cell="1,1"][data-empty="true"]')
    play_turn(page, 0, "1,1", 0)

    stale.click('[data-hand-index="0"]')
    stale.click('[data-cell="1,2"]')
    stale.click('[data-market-index="0"]')
    stale.wait_for_selector("text=That turn was already played")
    stale.wait_for_selector('[data-cell="1,1"][data-empty="false"]')
    assert stale.get_attribute('[data-cell="1,2"]', "data-empty") == "true"
    assert api_get(page, site, f"/api/games/{game_id}/")["turn"] == 2
