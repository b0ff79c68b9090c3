"""One screen per turn (docs/design.md Phase 3, "The play screen"): a whole daily with a hint, on a
phone (390x844, touch) and a laptop (1366x900). Before every tap the test reads the boxes the
player would see: the empty spaces, the hand, the market and the hint button must lie inside
the viewport and be the element found at their centre (not under the tray, not scrolled
away). Playwright's own clicks scroll their target into view, which would hide exactly this
problem, so nothing here is clicked before it is checked."""

import pytest
from browser_helpers import TURNS, WORKER_WAIT_MS, api_get, current_turn

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}

# Every node matching each selector: inside the viewport, and what a tap at its centre hits.
UNSEEN = """(selectors) => {
  const problems = [];
  for (const selector of selectors) {
    const nodes = document.querySelectorAll(selector);
    if (!nodes.length) problems.push(`${selector}: none on the page`);
    for (const node of nodes) {
      const box = node.getBoundingClientRect();
      const label = node.getAttribute("data-cell") || node.textContent.trim().slice(0, 30);
      const name = `${selector} ${label}`;
      if (!box.width || !box.height) { problems.push(`${name}: no box`); continue; }
      if (box.left < 0 || box.top < 0
          || box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5) {
        const where = `${Math.round(box.top)}..${Math.round(box.bottom)} of ${innerHeight}`;
        problems.push(`${name}: outside the viewport (${where})`);
        continue;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(hit === node || node.contains(hit))) {
        problems.push(`${name}: covered by ${hit ? hit.outerHTML.slice(0, 60) : "nothing"}`);
      }
    }
  }
  return problems;
}"""

DECISION = ['[data-cell][data-empty="true"]', "[data-hand-index]", '[data-action="hint"]']
MARKET = ["[data-market-index]"]


def unseen(page, selectors) -> list[str]:
    return page.evaluate(UNSEEN, selectors)


def assert_on_screen(page, selectors, when: str):
    problems = unseen(page, selectors)
    assert not problems, f"{when}: {problems}"


def no_scroll_needed(page):
    """The player never scrolled: no horizontal overflow either."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_daily_needs_no_scroll_from_start_to_the_result(
    site_with_worker, browser, size, shot
):
    site = site_with_worker
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    act = page.tap if size == "phone" else page.click
    page.goto(site + "/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    # The goal picker's board and Start on the first screen.
    assert_on_screen(page, ['[data-action="start"]', "[data-goal]"], "setup")
    shot(page, f"play-screen-01-setup-{size}")
    act('[data-action="start"]')
    page.wait_for_selector("[data-game-id] [data-cell]")
    game_id = page.get_attribute("[data-game-id]", "data-game-id")
    shot(page, f"play-screen-02-first-turn-{size}")

    for turn in range(1, TURNS + 1):
        page.wait_for_selector(f'[data-stat-turn="{turn}/{TURNS}"]')
        assert_on_screen(page, DECISION + ([] if turn == TURNS else MARKET), f"turn {turn}")
        if turn == 2:
            act('[data-action="hint"]')
            page.wait_for_selector("[data-hint-text]", timeout=WORKER_WAIT_MS)
            # The ringed space and its words together, with the way to play it.
            assert_on_screen(
                page,
                ["[data-hint-cell]", "[data-hint-text]", '[data-action="play-hint"]', *DECISION],
                "the hint",
            )
            text = page.inner_text("[data-hint-text]")
            assert "ringed space" in text and "Play this move" in text
            shot(page, f"play-screen-03-hint-{size}")
            act('[data-action="play-hint"]')
            page.wait_for_selector(f'[data-stat-turn="3/{TURNS}"]')
            continue
        cell = page.get_attribute('[data-cell][data-empty="true"]', "data-cell")
        act('[data-hand-index="0"]')
        act(f'[data-cell="{cell}"]')
        if turn < TURNS:
            assert_on_screen(page, MARKET, f"turn {turn}, the market take")
            act(f'[data-market-index="{turn % 3}"]')
            continue
        # The last turn: no market step; the placement waits for a confirmation and can be
        # undone until then.
        assert_on_screen(page, ['[data-action="confirm"]', '[data-action="undo"]'], "turn 22")
        shot(page, f"play-screen-04-confirm-{size}")
        assert api_get(page, site, f"/api/games/{game_id}/")["turn"] == TURNS
        act('[data-action="undo"]')
        assert page.locator("[data-confirm-bar]").is_hidden()
        assert current_turn(page) == TURNS
        assert_on_screen(page, DECISION, "turn 22 after undo")
        act(f'[data-cell="{cell}"]')
        act('[data-action="confirm"]')

    result = page.wait_for_selector("[data-result]")
    game = api_get(page, site, f"/api/games/{game_id}/")
    assert game["status"] == "finished" and game["hints_used"] == 1
    assert result.get_attribute("data-result-score") == str(game["score"]["total"])
    page.wait_for_timeout(200)  # the scroll that follows the end screen
    assert_on_screen(page, ["[data-result]"], "the result")
    assert "rank" in page.inner_text("[data-result]").lower()
    assert "next daily quilt opens in" in page.inner_text("[data-next-daily]")
    no_scroll_needed(page)
    shot(page, f"play-screen-05-result-{size}")
    context.close()
