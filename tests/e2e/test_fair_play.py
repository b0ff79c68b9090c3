"""The day's close in the browser: a ranked game left open past 00:00 UTC takes no more
moves, and the page says plainly that the day closed and the game no longer counts. The
live server runs in this process, so time-machine moves its clock."""

import datetime
import time

import pytest
import time_machine
from browser_helpers import api_get, empty_cells, one_day_clock, play_turn, start_daily

from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DAY = datetime.date(2031, 3, 4)
BEFORE_CLOSE = datetime.datetime(2031, 3, 4, 23, 58, tzinfo=datetime.UTC)
AFTER_CLOSE = datetime.datetime(2031, 3, 5, 0, 0, 5, tzinfo=datetime.UTC)
# The game's own day; the close on the reader's clock (the browser's time zone: UTC here).
SAYS = "The day of 4 March 2031 closed at 00:00 UTC; this game no longer counts."


def test_a_game_left_open_past_the_close_says_it_no_longer_counts(site, page, shot):
    with time_machine.travel(BEFORE_CLOSE) as clock:
        do_ensure_challenge(DAY)
        page.set_viewport_size({"width": 1280, "height": 900})
        start_daily(page, site)
        play_turn(page, 0, empty_cells(page)[0], 0)

        clock.move_to(AFTER_CLOSE)  # the tab stays open across midnight
        cell = empty_cells(page)[0]
        page.click('[data-hand-index="0"]')
        page.click(f'[data-cell="{cell}"]')
        page.click('[data-market-index="0"]')
        notice = page.locator('[data-fair-play="expired"]')
        notice.wait_for()
        assert (
            notice.inner_text()
            == f"{SAYS} Its deal is public now: you can play it again as practice."
            " Play today's quilt"
        )
        assert page.get_attribute("[data-fair-play] [data-today-link]", "href") == "/"
        assert page.locator("[data-playing]").is_hidden()
        assert page.get_attribute("[data-game-root]", "data-phase") == "expired"
        assert page.locator(f'[data-cell="{cell}"][data-empty="true"]').count() == 1
        shot(page, "20-day-closed")

        # The day's page in the archive says the same, and offers the day as practice.
        page.goto(f"{site}/play/{DAY}/")
        page.locator('[data-fair-play="expired"]').wait_for()
        page.click('[data-action="practice"]')
        page.click('[data-action="start"]:not([disabled])')
        page.wait_for_selector("[data-game-id] [data-cell]")
        assert page.locator("[data-fair-play]").is_hidden()


def test_a_run_that_crosses_midnight_keeps_its_ranked_daily_open(site, page):
    """The run's clock (``one_day_clock``, set by tests/e2e/conftest.py) keeps a ranked daily
    started before 00:00 UTC on the machine's clock open after it."""
    machine = datetime.datetime(2031, 3, 4, 23, 59, 40, tzinfo=datetime.UTC)
    started = time.monotonic()
    with time_machine.travel(machine, tick=True), one_day_clock():
        do_ensure_challenge(DAY)
        game_id = start_daily(page, site)
        play_turn(page, 0, empty_cells(page)[0], 0)
        assert api_get(page, site, f"/api/games/{game_id}/")["date"] == str(DAY)
        while time.monotonic() - started < 25:  # the machine's clock passes midnight
            time.sleep(0.5)
        play_turn(page, 0, empty_cells(page)[0], 0)
        game = api_get(page, site, f"/api/games/{game_id}/")
        assert game["ranked"] and game["date"] == str(DAY) and game["turn"] == 3
