"""The strengths card in Chromium: a profile with five closed days (par beside them, two
reviewed), on a phone and a laptop, in English and Spanish, axe-clean in both schemes, its
charts drawn and no sideways scroll on the phone."""

import datetime

import pytest
from axe_audit import Audit
from browser_helpers import log_in
from helpers.robot_games import robot_game
from test_players_pages import no_sideways_scroll

from accounts.services.players import do_register
from puzzles.game_state import deal_of, today
from puzzles.models import Analysis, SolverRun
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long password 1"
SPACES = ("2,3", "3,4", "4,2")
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}


@pytest.fixture
def history():
    ann = do_register("ann", password=PASSWORD)
    for n in range(5, 0, -1):
        challenge = do_ensure_challenge(today() - datetime.timedelta(days=n))
        goals = dict(zip(SPACES, deal_of(challenge).setup.goal_options, strict=False))
        game = robot_game(challenge, ann, goals, "random" if n % 2 else "greedy", f"e2e-{n}")
        par = robot_game(
            challenge, do_register(f"par{n}", password=PASSWORD), goals, "greedy", f"par-{n}"
        )
        SolverRun.objects.update_or_create(
            challenge=challenge,
            kind="par",
            defaults={"status": "ready", "score": par.score, "goals": goals, "moves": par.moves},
        )
        if n <= 2:
            turns = [
                {"turn": t, "loss": (t % 7) * 1.1, "mark": "?" if t % 7 == 3 else ""}
                for t in range(1, 23)
            ]
            Analysis.objects.create(game=game, status="ready", result={"turns": turns})
    return ann


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_strengths_card_on_the_profile(
    history, site, browser, axe_source, shot, size, language
):
    context = browser.new_context(
        **SIZES[size], locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    log_in(page, site, "ann", PASSWORD)
    page.goto(site + "/me/")
    card = page.locator("[data-strengths]")
    assert card.get_attribute("data-strengths-days") == "5"
    assert page.locator("[data-strengths-goal]").count() >= 3
    assert page.locator("[data-strengths-cat]").count() >= 3  # three a day, dealt anew
    bars = page.locator("[data-strengths-phases] rect")
    assert bars.count() == 3 and all(
        "," not in (bars.nth(i).get_attribute("height") or "") for i in range(3)
    )  # locale-neutral numbers: a decimal comma would break the SVG
    assert page.locator("[data-strengths-marks] rect").count() == 2  # a "?" kind per game
    card.scroll_into_view_if_needed()
    shot(page, f"strengths-{size}-{language}")
    if size == "phone":
        assert no_sideways_scroll(page)
    audit = Audit(page, axe_source)
    audit.in_both_schemes("profile")
    assert not audit.found, audit.report()
    context.close()
