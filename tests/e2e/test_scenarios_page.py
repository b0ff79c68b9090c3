"""The solo scenarios in the browser: the cards, one scenario started and finished with the
keyboard alone, the result card (condition by condition, as the engine judges), and phones."""

import pytest
from browser_helpers import TURNS, api_get

from puzzles.models import ScenarioPassRate
from solver.game import SCENARIOS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The 22 patch spaces as a snake the arrow keys walk: along row 1, down, back along row 2...
# (the cursor steps over goal spaces by itself). From the start cursor 3,3: up (over 2,3)
# to 1,3, then left twice to 1,1.
TO_FIRST = ["ArrowUp", "ArrowLeft", "ArrowLeft"]
SNAKE_KEYS = (
    ["ArrowRight"] * 4
    + ["ArrowDown"]
    + ["ArrowLeft"] * 3
    + ["ArrowDown"]
    + ["ArrowRight"] * 3
    + ["ArrowDown"]
    + ["ArrowLeft"] * 3
    + ["ArrowDown"]
    + ["ArrowRight"] * 4
)


def cursor(page) -> str:
    """The space the board's aria-activedescendant names (each board's ids are its own)."""
    return page.evaluate(
        "document.getElementById(document.querySelector('.board')"
        ".getAttribute('aria-activedescendant')).dataset.cell"
    )


def test_the_cards_and_a_scenario_played_to_the_end_by_keyboard(site, page, shot, reference_scorer):
    ScenarioPassRate.objects.create(number=1, status="ready", deals=6, passes=2, scores=[60] * 6)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/scenarios/")
    page.wait_for_selector('[data-scenario="10"]')
    assert page.locator("[data-scenario]").count() == len(SCENARIOS)
    first = page.locator('[data-scenario="1"]')
    assert first.locator("[data-solver-rate]").get_attribute("data-solver-rate") == "33"
    assert "passes this one in 33% of deals" in first.inner_text()
    ninth = page.locator('[data-scenario="9"]')
    assert [c.get_attribute("data-condition") for c in ninth.locator("[data-condition]").all()] == [
        c.kind for c in SCENARIOS[9].conditions[1:]
    ]
    assert ninth.locator("[data-cat]").count() == 3 and ninth.locator("[data-goal]").count() == 3
    assert "68" in ninth.inner_text()
    shot(page, "20-scenarios-desktop")

    # Start scenario 1 from its card with the keyboard: the three goals are preplaced.
    first.locator('[data-action="play"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/scenarios/1/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    assert page.locator("[data-goal-option]").count() == 3
    assert page.locator(".goal-option.unused").count() == 0
    assert page.locator("[data-scenario-card] [data-condition]").count() == 2
    shot(page, "21-scenario-setup-desktop")
    page.focus('[data-action="start"]')
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-game-id] [data-cell]")
    game_id = page.get_attribute("[data-game-id]", "data-game-id")
    game = api_get(page, site, f"/api/games/{game_id}/")
    assert game["scenario"]["number"] == 1 and game["seed"] is None
    assert game["setup"]["goals"] == {"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}

    # Every turn by keys: Enter places the first hand patch at the cursor, Enter takes the
    # market patch by the bag (focus moves there), an arrow moves on along the snake.
    for key in TO_FIRST:
        page.keyboard.press(key)
    assert cursor(page) == "1,1"
    for turn in range(1, TURNS + 1):
        cell = cursor(page)
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")  # the market patch by the bag, or the last turn's confirm
        if turn < TURNS:
            page.wait_for_selector(f'[data-stat-turn="{turn + 1}/{TURNS}"]')
            page.keyboard.press(SNAKE_KEYS[turn - 1])
        page.wait_for_selector(f'[data-cell="{cell}"][data-empty="false"]')
        if turn == 12:
            live = api_get(page, site, f"/api/games/{game_id}/")["scenario"]["conditions"]
            shown = page.locator("[data-scenario-card] [data-condition]").all()
            assert [c.get_attribute("data-status") for c in shown] == [c["status"] for c in live]
            shot(page, "22-scenario-mid-game-desktop")

    end = page.wait_for_selector(".scenario-end")
    game = api_get(page, site, f"/api/games/{game_id}/")
    assert game["status"] == "finished" and len(game["quilt"]["placements"]) == TURNS
    total = int(page.get_attribute(".scenario-end [data-score-total]", "data-score-total"))
    assert total == game["score"]["total"] == reference_scorer.score(game["quilt"])["total"]
    check = SCENARIOS[1].check(game["score"])  # solver.game's own verdict
    assert end.get_attribute("data-passed") == str(all(check.values())).lower()
    assert game["scenario"]["passed"] == all(check.values())
    marked = {
        node.get_attribute("data-condition"): node.get_attribute("data-status")
        for node in page.locator(".scenario-end [data-condition]").all()
    }
    assert marked == {c.kind: "met" if check[c.text] else "missed" for c in SCENARIOS[1].conditions}
    assert game["seed"] and game["seed"] in page.inner_text(".scenario-end [data-seed]")
    shot(page, "23-scenario-result-desktop")

    page.goto(site + "/scenarios/")
    card = page.wait_for_selector('[data-scenario="1"]')
    assert f"{total}" in card.inner_text()
    assert card.get_attribute("data-passed") == str(all(check.values())).lower()


def test_scenarios_on_a_phone(site, browser, shot):
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(site + "/scenarios/")
    page.wait_for_selector('[data-scenario="10"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    top = shot(page, "24-scenarios-phone")
    page.screenshot(path=str(top.with_name("24-scenarios-phone-top.png")))
    page.tap('[data-scenario="7"] [data-action="play"]')
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    page.tap('[data-action="start"]')
    page.wait_for_selector("[data-game-id] [data-cell]")
    page.tap('[data-hand-index="0"]')
    page.tap('[data-cell="1,1"]')
    page.tap('[data-market-index="0"]')
    page.wait_for_selector(f'[data-stat-turn="2/{TURNS}"]')
    assert page.locator("[data-scenario-card] [data-condition]").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "25-scenario-playing-phone")
    context.close()
