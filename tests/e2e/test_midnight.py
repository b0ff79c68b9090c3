"""Midnight (issue 35, point 9): a ranked game of the day warns from ten minutes before the
close with a countdown (``data-closing-soon``, by the server's clock); after the close its
banner names the game's own day and links to today's daily; and on a new day the home
page's streak words ask for today's quilt until it is played. The live server runs in this
process, so time-machine moves its clock (stopped: nothing here waits on it)."""

import datetime
import re

import pytest
import time_machine
from browser_helpers import start_daily
from test_players_pages import finished_game

from accounts.services.players import do_register
from puzzles.game_state import today
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

DAY = datetime.date(2031, 3, 4)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
PASSWORD = "a long password 1"


def at(hour, minute, second=0, day=DAY):
    return datetime.datetime.combine(day, datetime.time(hour, minute, second), datetime.UTC)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_five_minutes_before_the_close_a_countdown_then_the_days_own_date(
    site, browser, shot, size
):
    """The server's clock is stopped and moved; the page's is Playwright's (installed, so
    the countdown's five minutes pass at once)."""
    page = browser.new_context(**(PHONE if size == "phone" else LAPTOP)).new_page()
    page.clock.install()
    with time_machine.travel(at(23, 40), tick=False) as clock:
        do_ensure_challenge(DAY)
        start_daily(page, site)
        assert page.locator("[data-closing-soon]").is_hidden()  # twenty minutes: no word yet

        clock.move_to(at(23, 55))
        page.reload()
        banner = page.locator("[data-closing-soon]")
        banner.wait_for()
        left = int(banner.get_attribute("data-closing-soon"))
        assert 0 < left <= 300
        assert re.fullmatch(r"[0-5]:[0-5]\d", page.inner_text("[data-countdown]"))
        assert "before the day closes at 00:00 UTC" in banner.inner_text()
        box = banner.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844  # in the first screen
        shot(page, f"midnight-closing-soon-{size}")

        # The tab stays open across the close: at zero the page reads its game again.
        clock.move_to(at(0, 0, 5, DAY + datetime.timedelta(days=1)))
        page.clock.fast_forward("05:01")
        notice = page.locator('[data-fair-play="expired"]')
        notice.wait_for()
        assert notice.inner_text().startswith("The day of 4 March 2031 closed at 00:00 UTC")
        assert page.locator("[data-closing-soon]").is_hidden()
        shot(page, f"midnight-closed-{size}")
        page.click("[data-fair-play] [data-today-link]")
        page.wait_for_url(site + "/")
        page.wait_for_selector('[data-action="start"]:not([disabled])')
        page.wait_for_selector("[data-heading] .heading-day", state="attached")
        assert "5 Mar 2031" in page.text_content("[data-heading]")  # the new day's daily
    page.context.close()


def test_a_new_days_streak_words_ask_for_today_until_it_is_played(site, browser):
    alice = do_register("alice", password=PASSWORD)
    for back in (1, 2):
        finished_game(alice, today() - datetime.timedelta(days=back), 70)
    page = browser.new_context(**PHONE).new_page()
    page.goto(site + "/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    page.wait_for_url(site + "/")
    line = page.wait_for_selector("[data-home-streak]:not([hidden])")
    words = "Streak: 2 days in a row · longest 2 · play today's quilt to keep it"
    assert line.inner_text() == words
    finished_game(alice, today(), 71)
    page.reload()
    line = page.wait_for_selector("[data-home-streak]:not([hidden])")
    words = "Streak: 3 days in a row · longest 3 · come back tomorrow to keep it"
    assert line.inner_text() == words
    page.context.close()
