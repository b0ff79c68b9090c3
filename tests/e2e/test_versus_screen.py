"""The versus page, one screen per turn, with a hint (issue 22 for the table, docs/versus.md): a
whole 4-player table played by taps on a phone (390x844, touch) and by clicks on a laptop
(1366x900). Before every tap the test reads the boxes the player would see (``test_play_screen``'s
check: inside the viewport, and what a tap at its centre hits): your board's empty spaces, your
hand, the market and the hint button; after a hint, its ringed space and its words together.
At the end the standings are in view, the table replays move by move and your moves are
reviewed; axe-core finds no violation in the hint, the replay or the review."""

import re

import pytest
from axe_audit import Audit
from browser_helpers import ARTIFACTS, TURNS, WORKER_WAIT_MS, api_get
from test_play_screen import SIZES, assert_on_screen, no_scroll_needed

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MINE = '[data-my-board] [data-cell][data-empty="true"]'
DECISION = [MINE, "[data-hand-index]", '[data-action="hint"]']
MARKET = ["[data-market-index]"]
PLACED = "{} [data-cell]:has(> title)"  # a sewn patch is titled; an empty space is not


def keep(shot, page, name: str) -> None:
    shot(page, name)
    page.screenshot(path=str(ARTIFACTS / f"{name}-viewport.png"))


def says_no_nonsense(page, when: str) -> None:
    text = page.inner_text("main")
    assert not re.search(r"\b(null|undefined|NaN)\b", text), f"{when}: {text[:400]}"


def wait_for_my_turn(page, turn: int) -> None:
    page.wait_for_selector('[data-stat-to-move="you"]', timeout=WORKER_WAIT_MS)
    page.wait_for_selector(f'[data-stat-turn="{turn}/{TURNS}"]')


@pytest.mark.parametrize("size", SIZES)
def test_a_versus_table_with_a_hint_needs_no_scroll(site_with_worker, browser, size, shot, request):
    site = site_with_worker
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    # axe-core on the states this test reaches first (the axe_source fixture: conftest.py)
    audit = Audit(page, request.getfixturevalue("axe_source"))
    act = page.tap if size == "phone" else page.click
    page.goto(site + "/versus/")
    page.wait_for_selector('[data-action="sit-down"]')
    page.check('input[name="opponents"][value="3"]')
    page.check('input[name="level"][value="easy"]')
    act('[data-action="sit-down"]')
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    assert_on_screen(page, ['[data-action="start"]'], "choosing goals")
    act('[data-action="start"]')
    page.wait_for_selector('[data-versus-root][data-phase="playing"]')
    game_id = page.get_attribute("[data-my-board]", "data-game-id")

    for turn in range(1, TURNS + 1):
        wait_for_my_turn(page, turn)
        assert_on_screen(page, DECISION + ([] if turn == TURNS else MARKET), f"turn {turn}")
        if turn == 1:
            keep(shot, page, f"versus-screen-01-first-turn-{size}")
        if turn in (2, TURNS):
            act('[data-action="hint"]')
            page.wait_for_selector("[data-hint-text]", timeout=WORKER_WAIT_MS)
            # The ringed space and its words together, with the way to play it.
            together = ["[data-hint-cell]", "[data-hint-text]", '[data-action="play-hint"]']
            assert_on_screen(page, together + DECISION, f"the hint of turn {turn}")
            text = page.inner_text("[data-hint-text]")
            assert "ringed space" in text and "Play this move" in text
            says_no_nonsense(page, f"the hint of turn {turn}")
            if turn == 2:
                audit("versus-hint")
            hint_cell = page.get_attribute("[data-my-board] [data-hint-cell]", "data-hint-cell")
            keep(shot, page, f"versus-screen-02-hint-turn-{turn}-{size}")
            act('[data-action="play-hint"]')
            if turn == TURNS:  # the last turn's move waits for its confirmation
                assert_on_screen(page, ['[data-action="confirm"]'], "turn 22's confirmation")
                act('[data-action="confirm"]')
            page.wait_for_selector(f'[data-my-board] [data-cell="{hint_cell}"][data-empty="false"]')
            continue
        cell = page.get_attribute(MINE, "data-cell")
        act('[data-hand-index="0"]')
        act(f'[data-my-board] [data-cell="{cell}"]')
        assert_on_screen(page, MARKET, f"turn {turn}, the market take")
        act(f'[data-market-index="{turn % 3}"]')
        page.wait_for_selector(f'[data-my-board] [data-cell="{cell}"][data-empty="false"]')

    page.wait_for_selector("[data-standings] tr[data-rank]", timeout=WORKER_WAIT_MS)
    game = api_get(page, site, f"/api/versus/{game_id}/")
    assert game["status"] == "finished" and game["hints_used"] == 2
    page.wait_for_timeout(200)  # the scroll that follows the end
    assert_on_screen(page, ["[data-headline]"], "the result")
    assert page.get_attribute("[data-hints-used]", "data-hints-used") == "2"
    no_scroll_needed(page)
    says_no_nonsense(page, "the result")
    keep(shot, page, f"versus-screen-03-result-{size}")

    # The replay: every seat's moves, one step at a time.
    page.locator('[data-action="replay"]').scroll_into_view_if_needed()
    act('[data-action="replay"]')
    page.wait_for_selector("[data-replay-caption]")
    assert page.locator(PLACED.format("[data-my-board]")).count() == 0
    act('[data-action="replay-next"]')
    assert "You:" in page.inner_text("[data-replay-caption]")
    assert page.locator(PLACED.format("[data-my-board]")).count() == 1
    act('[data-action="replay-next"]')
    assert "Marmalade:" in page.inner_text("[data-replay-caption]")
    assert page.locator(PLACED.format('[data-opponent="Marmalade"]')).count() == 1
    page.fill("[data-replay-step]", "5")  # a round of four, then your turn-2 move
    assert "(after a hint)" in page.inner_text("[data-replay-caption]")  # your turn-2 move
    assert page.locator(PLACED.format("[data-my-board]")).count() == 2
    keep(shot, page, f"versus-screen-04-replay-{size}")

    # The review of your moves, as a solo game's.
    act('[data-action="review"]')
    accuracy = page.wait_for_selector("[data-review-accuracy]", timeout=WORKER_WAIT_MS)
    review = api_get(page, site, f"/api/versus/{game_id}/analysis/")
    assert review["status"] == "ready" and len(review["turns"]) == TURNS
    assert float(accuracy.get_attribute("data-review-accuracy")) == review["accuracy"]  # 67 is 67.0
    marked = [turn["turn"] for turn in review["turns"] if turn["mark"]]
    shown = page.eval_on_selector_all(
        "[data-versus-review-turn]", "ns => ns.map(n => +n.dataset.versusReviewTurn)"
    )
    assert shown == marked
    says_no_nonsense(page, "the review")
    audit("versus-replay-and-review")
    assert not audit.found, audit.report()
    keep(shot, page, f"versus-screen-05-review-{size}")
    context.close()
