"""The weekly special in Chromium (issue 36): its page (the scenario's rules, the commitment,
the board) leads by taps to the week's one ranked try on the game page, which then resumes
it; on a phone and a laptop, in English and Spanish, axe-clean in both schemes."""

import pytest
from axe_audit import Audit
from test_players_pages import no_sideways_scroll

from puzzles.models import Game
from weekly.models import WeeklyEntry, WeeklySpecial

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}
PLAY = {"en": "Play your one ranked try", "es": "Juega tu único intento clasificatorio"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_weeks_try_is_started_by_taps(site, browser, axe_source, shot, size, language):
    touch = size == "phone"
    context = browser.new_context(
        **SIZES[size], locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    page.goto(site + "/scenarios/")
    (page.tap if touch else page.click)("[data-weekly-link]")
    page.wait_for_selector("[data-weekly-root]")
    special = WeeklySpecial.objects.get()
    assert page.inner_text("[data-weekly-commitment]") == special.commitment
    assert special.seed not in page.content()
    if touch:
        assert no_sideways_scroll(page)
    audit = Audit(page, axe_source)
    audit.in_both_schemes("weekly")
    shot(page, f"weekly-{size}-{language}")

    (page.tap if touch else page.click)(f"text={PLAY[language]}")
    page.wait_for_selector(f'[data-game-root][data-weekly="{special.week}"]')
    start = '[data-action="start"]:not([disabled])'
    page.wait_for_selector(start)
    (page.tap if touch else page.click)(start)
    page.wait_for_selector("[data-game-id] [data-cell]")
    game = Game.objects.get()
    assert game.seed == special.seed and WeeklyEntry.objects.get().game == game
    assert special.week in page.inner_text("[data-heading]")
    shot(page, f"weekly-game-{size}-{language}")

    page.goto(site + "/weekly/play/")  # a later visit resumes the try
    page.wait_for_selector(f'[data-game-id="{game.pk}"] [data-cell]')
    audit.in_both_schemes("weekly game")
    assert not audit.found, audit.report()
    context.close()
