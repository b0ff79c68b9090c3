"""The league page in Chromium: a week's standings with the promotion line, the days played
and each member's par difference per closed day; a day played moves the standings (its points
provisional, nothing of its game shown); on a phone and a laptop, in English and Spanish,
axe-clean in both schemes, with no sideways scroll on the phone; the profile's leagues card."""

import datetime

import pytest
import time_machine
from axe_audit import Audit
from browser_helpers import log_in
from test_players_pages import finished_game, no_sideways_scroll, play_today_by_api

from accounts.services.players import do_register
from core.weeks import week_start
from leagues.services import do_place_week
from puzzles.game_state import today

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long password 1"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}
NAMES = ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou")


@pytest.fixture
def thursday():
    """This week's Thursday, noon UTC, ticking: twelve players placed on Monday, who played
    Monday to Wednesday (ann first), and Thursday still open."""
    monday = week_start(today())
    noon = datetime.datetime.combine(monday + datetime.timedelta(days=3), datetime.time(12))
    with time_machine.travel(noon.replace(tzinfo=datetime.UTC), tick=True):
        players = [do_register(name, password=PASSWORD) for name in NAMES]
        for player in players:  # the Sunday before: active, so placed
            finished_game(player, monday - datetime.timedelta(days=1), score=60, par=70)
        assert do_place_week(monday).players == len(NAMES)
        for n in range(3):
            date = monday + datetime.timedelta(days=n)
            for rank, player in enumerate(players[::-1] if n == 1 else players):
                if (rank + n) % 5 != 4:  # some days missed
                    finished_game(player, date, score=85 - 2 * rank, par=72)
        yield players


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_league_standings_move_when_a_day_is_played(
    thursday, site, browser, axe_source, shot, size, language
):
    context = browser.new_context(
        **SIZES[size], locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    log_in(page, site, "ann", PASSWORD)
    audit = Audit(page, axe_source)
    page.goto(site + "/league/")
    table = page.locator("[data-league-standings]")
    assert table.get_attribute("data-tier") == "1"
    assert page.locator("[data-league-member]").count() == len(NAMES)
    assert page.locator("[data-league-promotion-line]").count() == 1
    assert page.locator("[data-league-relegation-line]").count() == 0  # the lowest tier
    ann = page.locator('[data-league-member="ann"]')
    before = float(ann.locator("[data-league-points]").inner_text().replace(",", "."))
    days = ann.locator("[data-league-day]")
    assert days.count() == 7
    assert days.nth(0).inner_text().split()[-1].lstrip("+-").isdigit()  # Monday: its par diff
    if size == "phone":
        assert no_sideways_scroll(page)
    shot(page, f"league-{size}-{language}")
    audit.in_both_schemes("standings")

    play_today_by_api(page, site)  # Thursday: ann's day, provisional, nothing of it shown
    page.reload()
    ann = page.locator('[data-league-member="ann"]')
    after = float(ann.locator("[data-league-points]").inner_text().replace(",", "."))
    assert after == before + 100  # the only game of the day so far: the 100th percentile
    thursday_cell = ann.locator("[data-league-day]").nth(3)
    assert thursday_cell.get_attribute("data-played") is not None
    assert thursday_cell.inner_text().endswith("✓")
    shot(page, f"league-played-{size}-{language}")
    audit.in_both_schemes("played")

    page.goto(site + "/me/")  # the profile's leagues: this week's, not settled yet
    tiers = page.locator("[data-league-tiers]")
    assert tiers.locator("[data-league-tier-week]").count() == 1
    tiers.scroll_into_view_if_needed()
    shot(page, f"league-profile-{size}-{language}")
    audit.in_both_schemes("profile")
    assert not audit.found, audit.report()
    context.close()
