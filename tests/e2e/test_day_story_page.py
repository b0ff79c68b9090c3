"""The day's story in Chromium (issue 36): a closed day told from its players' real games, on
a phone and a laptop, in English and Spanish, axe-clean in both schemes, no sideways scroll on
the phone; reached from the leaderboard, the archive and the share page by taps."""

import datetime

import pytest
from axe_audit import Audit
from test_phone_pages import compute_par, log_in, play_through
from test_players_pages import no_sideways_scroll

from accounts.services.players import do_register
from crowd.services import do_tell_day
from puzzles.game_state import today
from puzzles.services.analysis import do_analyse_unasked

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}


@pytest.fixture(autouse=True)
def tiny_solver(settings):
    settings.CALICO_PAR_OPTIONS = {"playout_width": 1, "samples": 1, "depth": 1}


@pytest.fixture
def told_day():
    """Yesterday, closed: three players' real games, par, and the story told."""
    yesterday = today() - datetime.timedelta(days=1)
    games = [
        play_through(do_register(name, password="a long password 1"), yesterday, market=market)
        for name, market in (("ann", 0), ("ben", 1), ("cat", 2))
    ]
    compute_par(yesterday)
    do_tell_day(games[0].challenge)
    return yesterday, games


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_story_of_a_closed_day(told_day, site, browser, axe_source, shot, size, language):
    day, games = told_day
    context = browser.new_context(
        **SIZES[size], locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    audit = Audit(page, axe_source)

    page.goto(f"{site}/leaderboard/{day}/")
    story_link = page.locator("[data-day-story]").first
    story_link.tap() if size == "phone" else story_link.click()
    page.wait_for_url(f"{site}/day/{day}/")
    assert page.locator("[data-story-scores] h2").inner_text().startswith("3 ")
    label = page.locator("[data-story-scores] [data-difficulty]").get_attribute("data-difficulty")
    assert label in ("gentle", "usual", "tough", "brutal")
    assert page.locator("[data-goal-choice]").count() >= 1
    assert page.locator("[data-first-move]").count() >= 1
    assert page.locator("[data-story-heat] polygon").count() == 49
    assert page.locator("[data-story-button]").count() == 6
    # Numbers in the SVG never take the Spanish decimal comma.
    points = page.locator("[data-story-heat] polygon").first.get_attribute("points")
    assert points.count(",") == 6 and "." in points
    cell = page.locator("[data-first-move]").first.inner_text()
    assert ("row " if language == "en" else "fila ") in cell
    if size == "phone":
        assert no_sideways_scroll(page)
    shot(page, f"day-story-{size}-{language}")
    audit.in_both_schemes("day story")

    page.goto(f"{site}/archive/")
    row = page.locator(f'[data-day="{day}"]')
    assert row.locator("[data-difficulty]").get_attribute("data-difficulty") == label
    row.locator("[data-day-story]").click()
    page.wait_for_url(f"{site}/day/{day}/")
    page.goto(f"{site}/share/{games[0].pk}/")
    page.locator("[data-day-story]").click()
    page.wait_for_url(f"{site}/day/{day}/")
    # The day's word beside par on the game's page (here the closed day's practice).
    page.goto(f"{site}/play/{day}/")
    assert (
        page.locator("[data-stat-par][data-difficulty]").get_attribute("data-difficulty") == label
    )
    assert not audit.found, audit.report()
    context.close()


def test_before_the_close_no_link_and_no_story(site, page):
    game = play_through(do_register("dan", password="a long password 1"), today(), market=0)
    page.goto(f"{site}/leaderboard/")
    assert page.locator("[data-day-story]").count() == 0
    page.goto(f"{site}/share/{game.pk}/")
    assert page.locator("[data-day-story]").count() == 0
    # the day's own page says when its story opens, and tells nothing of it yet
    answer = page.goto(f"{site}/day/{today()}/")
    assert answer.status == 200
    assert page.locator("[data-day-open]").count() == 1
    assert page.locator("[data-day-story]").count() == 0
    assert page.locator("[data-countdown]").count() == 1


def test_the_review_beside_the_crowd(told_day, site, browser, shot):
    day, games = told_day
    do_analyse_unasked(games[0])
    page = log_in(browser, site, "ann")
    page.goto(f"{site}/review/{games[0].pk}/")
    lines = page.locator("[data-crowd-lines]")
    lines.wait_for()
    assert int(lines.locator("[data-crowd-goals]").get_attribute("data-crowd-goals")) == 3
    assert int(lines.locator("[data-crowd-first-move]").get_attribute("data-crowd-first-move")) >= 1
    assert "of 3 players" in lines.inner_text()
    page.wait_for_selector("[data-key-moments]:not([hidden])")
    moments = page.locator("[data-key-moment]")
    for turn in [moments.nth(i).get_attribute("data-key-moment") for i in range(moments.count())]:
        page.locator(f'[data-key-moment="{turn}"]').tap()
        page.wait_for_selector(f'[data-crowd-turn="{turn}"]')
    shot(page, "review-beside-the-crowd-phone")
    lines.locator("[data-day-story]").tap()
    page.wait_for_url(f"{site}/day/{day}/")
    page.context.close()
