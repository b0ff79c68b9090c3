"""One scale of expected points on the pages (issue 35, point 2), by taps on a phone and in
both languages: the hint's expected final score names par for what it is (the solver's own
game on this deal); the review's chart is titled with its scale, says that scale is a hint's,
and shows the API's values (which ``analysis.on_expected_scale`` put on the hints' scale:
tests/solver/search/test_expected_scale.py holds the two within 2 points)."""

import datetime
import math
import re

import pytest
from browser_helpers import (
    ARTIFACTS,
    WORKER_WAIT_MS,
    api_get,
    finish_by_api,
    post_json,
    start_daily,
)

from puzzles.game_state import today

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"width": 1366, "height": 900}
SHOTS = ARTIFACTS / "expected-scale"
WORDS = {
    "en-GB": {
        "par": "par, {par}, is what the solver's own games made of this deal on average",
        "axis": "expected final score (points)",
        "note": "the same estimate a hint gives",
        "decimal": ".",
        "how": "Par is what the solver made of this very deal",
    },
    "es-ES": {
        "par": "el par, {par}, es lo que sacaron de media las partidas del propio solucionador",
        "axis": "puntuación final esperada (puntos)",
        "note": "la misma estimación que da una pista",
        "decimal": ",",
        "how": "El par es lo que el solucionador sacó de este mismo reparto",
    },
}


def _snap(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _ready_par(page, site: str) -> int:
    """Par's score once the worker's run is ready (its state, not a guess at its time)."""
    deadline = datetime.datetime.now() + datetime.timedelta(milliseconds=WORKER_WAIT_MS)
    while datetime.datetime.now() < deadline:
        par = api_get(page, site, f"/api/challenges/{today().isoformat()}/")["par"]
        if par and par["status"] == "ready":
            return par["score"]
        page.wait_for_timeout(200)
    raise AssertionError("par's run never became ready")


@pytest.mark.parametrize("locale", WORDS)
def test_the_hint_names_par_and_the_review_shows_the_hints_scale(site_with_worker, browser, locale):
    site, words = site_with_worker, WORDS[locale]
    page = browser.new_context(locale=locale, **PHONE).new_page()
    game_id = start_daily(page, site)
    par = _ready_par(page, site)
    page.reload()  # the game resumes, with par ready in its status
    page.wait_for_selector(f'[data-stat-par="{par}"]')

    page.tap('[data-action="hint"]')
    said = page.wait_for_selector("[data-hint-expected]", timeout=WORKER_WAIT_MS)
    asked = post_json(page, site, f"/api/games/{game_id}/hints/")  # the same hint again
    hint = api_get(page, site, f"/api/games/{game_id}/hints/{asked['id']}/")
    # the page rounds as JavaScript does (68.5 is 69), never as Python's round (68.5 is 68)
    assert said.get_attribute("data-hint-expected") == str(math.floor(hint["expected_score"] + 0.5))
    assert words["par"].format(par=par) in said.text_content()
    _snap(page, f"hint-phone-{locale[:2]}")
    page.set_viewport_size(LAPTOP)
    _snap(page, f"hint-laptop-{locale[:2]}")
    page.set_viewport_size(PHONE["viewport"])
    page.tap('[data-action="play-hint"]')
    page.wait_for_selector('[data-stat-turn="2/22"]')

    finish_by_api(page, site, game_id)
    page.reload()
    page.tap('[data-action="analyse"]')
    page.wait_for_selector("[data-accuracy]", timeout=WORKER_WAIT_MS)
    page.goto(f"{site}/review/{game_id}/")
    page.wait_for_selector('[data-review-turn="1"]')
    axis = page.wait_for_selector("[data-chart-axis]")
    assert axis.text_content() == words["axis"]
    assert words["note"] in page.text_content("[data-scale-note]")
    page.tap(".how-to summary")  # how the values are made, and what par is instead
    assert words["how"] in page.locator("[data-scale-how]").inner_text()
    # The page shows the API's values: turn 1's in the verdict, every turn's range on the axis.
    turns = api_get(page, site, f"/api/games/{game_id}/analysis/")["turns"]
    first = f"{turns[0]['played_value']:.1f}".replace(".", words["decimal"])
    assert first in page.text_content("[data-turn-note]")
    texts = page.eval_on_selector_all(".review-chart text", "ts => ts.map(t => t.textContent)")
    labels = [int(t) for t in texts if re.fullmatch(r"\d+", t)]  # the axis's two numbers
    values = [v for t in turns for v in (t["played_value"], t["best_value"])]
    assert min(labels) <= min(values) and max(labels) >= max(values)
    page.locator(".review-chart").scroll_into_view_if_needed()
    _snap(page, f"review-phone-{locale[:2]}")
    page.set_viewport_size(LAPTOP)
    page.locator(".review-chart").scroll_into_view_if_needed()
    _snap(page, f"review-laptop-{locale[:2]}")
    page.context.close()
