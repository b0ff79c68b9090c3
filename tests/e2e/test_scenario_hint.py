"""A scenario game's hint panel says the chance of passing after the hinted move, in words (a
phone, a laptop, and Spanish; axe finds nothing, light or dark); a daily's hint panel says
none. The hint is computed here, by the task's own service at a small strength, while the
page polls for it (no worker)."""

import re
import time

import pytest
from axe_audit import Audit

from puzzles.models import Hint
from puzzles.services.hints import do_compute_hint

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}
SHOWN = {
    "en-US": r"Chance to pass after this move: (\d+)%",
    "es-ES": r"Probabilidad de superar el escenario tras este movimiento: (\d+)\u00a0%",
}


@pytest.fixture(autouse=True)
def small_hints(settings):
    settings.CALICO_HINT_OPTIONS = {"samples": 4, "candidates": 4}


def ask_and_compute(page, game_id: str) -> Hint:
    """Press the hint button, compute the hint the page asked for, and wait for its words."""
    page.click('[data-action="hint"]')
    deadline = time.monotonic() + 30
    while not (row := Hint.objects.filter(game_id=game_id).first()):
        assert time.monotonic() < deadline, "the page asked for no hint"
        time.sleep(0.1)
    row = do_compute_hint(row.pk)
    assert row.status == "ready", row.error
    page.wait_for_selector("[data-hint-text]")
    return row


@pytest.mark.parametrize(
    ("size", "locale"), [("phone", "en-US"), ("laptop", "en-US"), ("phone", "es-ES")]
)
def test_a_scenario_hint_shows_the_chance_to_pass(site, browser, shot, axe_source, size, locale):
    context = browser.new_context(locale=locale, **SIZES[size])
    page = context.new_page()
    page.goto(site + "/scenarios/3/")
    page.click('[data-action="start"]:not([disabled])')
    page.wait_for_selector("[data-game-id] [data-cell]")
    row = ask_and_compute(page, page.get_attribute("[data-game-id]", "data-game-id"))

    said = page.locator("[data-hint-pass]")
    assert said.is_visible()
    percent = re.fullmatch(SHOWN[locale], said.inner_text())
    assert percent and int(percent[1]) == round(row.pass_chance * 100)
    assert float(said.get_attribute("data-hint-pass")) == row.pass_chance
    name = f"scenario-hint-{size}{'' if locale == 'en-US' else '-es'}"
    page.screenshot(path=str(shot(page, name).with_name(f"{name}-screen.png")))
    audit = Audit(page, axe_source)
    audit.in_both_schemes("the scenario hint")
    assert not audit.found, audit.report()
    context.close()


def test_a_dailys_hint_panel_says_no_chance(site, page, daily):
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(site + "/")
    page.click('[data-action="start"]:not([disabled])')
    page.wait_for_selector("[data-game-id] [data-cell]")
    row = ask_and_compute(page, page.get_attribute("[data-game-id]", "data-game-id"))
    assert row.pass_chance is None
    assert "ringed space" in page.inner_text("[data-hint-text]")
    assert page.locator("[data-hint-pass]").count() == 0
