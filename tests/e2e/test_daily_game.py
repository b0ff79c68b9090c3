"""A whole daily played by clicks in headless Chromium, with a hint, against the live server
and a real worker; the page's final score must equal the API's and an independent scorer's."""

import re

import pytest
from browser_helpers import (
    TURNS,
    WORKER_WAIT_MS,
    api_get,
    csrf_token,
    empty_cells,
    play_turn,
    start_daily,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_whole_daily_by_clicks_with_a_hint(site_with_worker, page, shot, reference_scorer):
    site = site_with_worker
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    assert page.locator("[data-goal-option]").count() == 4
    shot(page, "01-goal-picker-desktop")
    game_id = start_daily(page, site)
    assert len(empty_cells(page)) == 22
    shot(page, "02-first-turn-desktop")

    for turn in range(1, TURNS + 1):
        if turn == 2:
            page.click('[data-action="hint"]')
            hinted = page.wait_for_selector("[data-hint-cell]", timeout=WORKER_WAIT_MS)
            cell = hinted.get_attribute("data-hint-cell")
            assert hinted.get_attribute("data-empty") == "true"
            assert page.locator(".slot.hinted[data-hand-index]").count() == 1
            assert page.locator(".slot.hinted[data-market-index]").count() == 1
            assert page.get_attribute("[data-stat-hints]", "data-stat-hints") == "1"
            shot(page, "03-hint-desktop")
            hint = api_get(
                page, site, f"/api/games/{game_id}/hints/{_latest_hint(page, site, game_id)}/"
            )
            assert hint["move"]["cell"] == cell
            play_turn(page, hint["move"]["hand_index"], cell, hint["move"]["market_index"])
            continue
        play_turn(page, 0, empty_cells(page)[0], None if turn == TURNS else turn % 3)
        if turn == 11:
            shot(page, "04-mid-game-desktop")

    total = page.wait_for_selector("[data-score-total]")
    shown = int(total.get_attribute("data-score-total"))
    game = api_get(page, site, f"/api/games/{game_id}/")
    assert game["status"] == "finished"
    assert game["hints_used"] == 1
    assert shown == game["score"]["total"] == reference_scorer.score(game["quilt"])["total"]
    share = page.inner_text("[data-share]")
    assert str(shown) in share
    assert not re.search(r"\d,\d", share), "the share text must not reveal cells"
    assert page.locator(".histogram svg").count() == 1
    shot(page, "05-end-screen-desktop")

    # Today's daily again is practice: the ranked game stays as it was.
    page.click('[data-action="practice"]')
    page.click('[data-action="start"]:not([disabled])')
    page.wait_for_selector('[data-stat-turn="1/22"]')
    practice_id = page.get_attribute("[data-game-id]", "data-game-id")
    assert practice_id != game_id
    assert api_get(page, site, f"/api/games/{practice_id}/")["ranked"] is False
    page.goto(site + "/")
    page.wait_for_selector(f'[data-game-id="{practice_id}"] [data-cell]')

    page.goto(f"{site}/leaderboard/{game['date']}/")
    page.wait_for_selector(f'[data-entry-score="{shown}"]')
    assert page.locator("tr.me").count() == 1
    assert page.locator("[data-me]").count() == 1
    shot(page, "06-leaderboard-desktop")


def _latest_hint(page, site, game_id) -> int:
    """The hint id of the current turn: asking again on a turn answers the same hint."""
    response = page.request.post(
        f"{site}/api/games/{game_id}/hints/",
        headers={"X-CSRFToken": csrf_token(page)},
    )
    assert response.status == 202, response.text()
    return response.json()["id"]
