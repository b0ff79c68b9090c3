"""The rating in Chromium: the profile's card with its history and the rating board, on a
phone and a laptop, in English and Spanish, axe-clean in both schemes, with no sideways
scroll on the phone."""

import datetime

import pytest
from axe_audit import Audit
from browser_helpers import log_in
from test_players_pages import finished_game, no_sideways_scroll

from accounts.services.players import do_register
from puzzles.game_state import today
from ratings.services import do_rate_closed_days

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long password 1"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}


@pytest.fixture
def rated_days():
    """Six closed days of three players and par: ann ahead of par every day, cat behind."""
    players = [do_register(name, password=PASSWORD) for name in ("ann", "ben", "cat")]
    for n in range(6, 0, -1):
        day = today() - datetime.timedelta(days=n)
        for player, score in zip(players, (80, 70, 60), strict=True):
            finished_game(player, day, score=score, par=72)
    assert len(do_rate_closed_days()) == 6
    return players


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_rating_on_the_profile_and_the_board(
    rated_days, site, browser, axe_source, shot, size, language
):
    context = browser.new_context(
        **SIZES[size], locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    log_in(page, site, "ann", PASSWORD)
    audit = Audit(page, axe_source)

    page.goto(site + "/me/")
    card = page.locator("[data-rating]")
    rating = int(card.get_attribute("data-rating"))
    assert rating > 2000 and card.get_attribute("data-rating-provisional") is None
    points = page.locator("[data-rating] polyline").get_attribute("points")
    assert len(points.split()) == 6 and "," in points and points.count(",") == 6  # x,y pairs
    card.scroll_into_view_if_needed()
    shot(page, f"ratings-profile-{size}-{language}")
    audit.in_both_schemes("profile")

    page.get_by_role(
        "link", name="Rating board" if language == "en" else "Clasificación por valoración"
    ).click()
    page.wait_for_selector("[data-rating-board]")
    entries = page.locator("[data-rating-entry]")
    assert [entries.nth(i).get_attribute("data-rating-entry") for i in range(3)] == [
        "ann",
        "ben",
        "cat",
    ]
    assert int(page.get_attribute("[data-my-rating]", "data-my-rating")) == rating
    if size == "phone":
        assert no_sideways_scroll(page)
    shot(page, f"ratings-board-{size}-{language}")
    audit.in_both_schemes("board")
    assert not audit.found, audit.report()
    context.close()
