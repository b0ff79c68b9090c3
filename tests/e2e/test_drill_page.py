"""The drill in Chromium (issue 38): a turn of yours that the review marked ?? comes back as a
position; chosen by taps (a hand patch, a space, a market patch) without scrolling, judged
(here by the worker's own service, while the page polls), solved or not; on a phone and a
laptop, in English and Spanish, axe-clean in both schemes; the empty drill says what it is."""

import datetime
import time

import pytest
from axe_audit import Audit
from browser_helpers import log_in
from helpers.robot_games import robot_game

from accounts.services.players import do_register
from drill.models import DrillAnswer
from drill.services import do_judge_answer
from puzzles.game_state import deal_of, today
from puzzles.models import Analysis
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long password 1"
SPACES = ("2,3", "3,4", "4,2")
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}


@pytest.fixture(autouse=True)
def small_judge(settings):
    settings.CALICO_ANALYSIS_OPTIONS = {"samples": 4, "candidates": 3}


@pytest.fixture
def drill_of_ann():
    ann = do_register("ann", password=PASSWORD)
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=1))
    goals = dict(zip(SPACES, deal_of(challenge).setup.goal_options, strict=False))
    game = robot_game(challenge, ann, goals, "random", "drill-e2e")
    turns = [
        {"turn": t, "loss": 7.0 if t == 5 else 0.0, "mark": "??" if t == 5 else ""}
        for t in range(1, 23)
    ]
    Analysis.objects.create(game=game, status="ready", result={"turns": turns})
    return ann


def press(page, selector: str, touch: bool):
    (page.tap if touch else page.click)(selector)


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    viewport = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_marked_turn_is_drilled_by_taps(
    drill_of_ann, site, browser, axe_source, shot, size, language
):
    touch = size == "phone"
    context = browser.new_context(
        **SIZES[size], locale=language, extra_http_headers={"Accept-Language": language}
    )
    page = context.new_page()
    log_in(page, site, "ann", PASSWORD)
    page.goto(site + "/me/")
    page.click("[data-drill-link]")
    page.wait_for_selector("[data-drill-root] [data-board] [data-cell]")
    assert page.get_attribute("[data-drill-root]", "data-drill-left") == "1"
    assert page.inner_text("[data-drill-mark]") == "??"
    audit = Audit(page, axe_source)
    audit.in_both_schemes("drill")
    shot(page, f"drill-{size}-{language}")

    press(page, "[data-hand] .slot >> nth=1", touch)
    empty = page.locator('[data-board] [data-empty="true"]').first
    cell = empty.get_attribute("data-cell")
    (empty.tap if touch else empty.click)()
    press(page, "[data-market] .slot >> nth=2", touch)
    for part in ("[data-board] svg", "[data-hand]", "[data-market]", '[data-action="check"]'):
        assert in_view(page, part), f"{part} is off the screen: the player would scroll"
    press(page, '[data-action="check"]', touch)
    deadline = time.monotonic() + 30
    while not (row := DrillAnswer.objects.first()):
        assert time.monotonic() < deadline, "the page sent no answer"
        time.sleep(0.1)
    assert row.move == {"hand_index": 1, "cell": cell, "market_index": 2}
    judged = do_judge_answer(row.pk)
    page.wait_for_selector("[data-drill-solved]")
    assert (
        page.get_attribute("[data-drill-solved]", "data-drill-solved") == str(judged.solved).lower()
    )
    if not judged.solved:
        assert page.locator("[data-best-cell]").count() == 1  # the better move, ringed
    shot(page, f"drill-judged-{size}-{language}")
    audit.in_both_schemes("judged")
    assert not audit.found, audit.report()
    context.close()


def test_an_empty_drill_says_what_it_is(site, browser):
    page = browser.new_context(**SIZES["phone"]).new_page()
    page.goto(site + "/drill/")
    assert "Nothing to drill" in page.inner_text("[data-drill-empty]")
    page.context.close()
