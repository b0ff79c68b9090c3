"""The smaller things of issue 35 (point 10), each as a player meets it."""

import re

import pytest
from browser_helpers import play_versus_turn, sit_down, start_daily

from versus.services import do_play_opponents

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
VISITOR_PAGES = ["/", "/leaderboard/", "/archive/", "/scenarios/", "/versus/", "/groups/", "/me/"]


def test_a_new_visitors_pages_log_no_console_error(site, browser):
    """A visitor who has never played has no profile: the home page no longer asks for it
    (its 403 was logged in the console)."""
    page = browser.new_context(**PHONE).new_page()
    errors = []
    page.on("console", lambda m: errors.append((page.url, m.text)) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append((page.url, str(e))))
    for path in VISITOR_PAGES:
        page.goto(site + path)
        page.wait_for_load_state("networkidle")
    assert not errors, errors
    page.context.close()


def test_the_keyboard_legend_shows_only_where_there_is_a_keyboard(site, browser):
    """Hidden on a touch screen by ``@media (hover: none)``. (A full-page screenshot shows it:
    Playwright drops the touch emulation while it captures, so look at this, not the PNG.)"""
    for options, shown in ((PHONE, False), (LAPTOP, True)):
        page = browser.new_context(**options).new_page()
        start_daily(page, site)
        assert page.locator(".keys").is_visible() is shown, options
        page.context.close()


BOARD_WORDS = """() => [...document.querySelectorAll('[data-cell]')].flatMap((cell) => {
  const filled = cell.querySelector('.patch-shape') !== null;
  const label = cell.getAttribute('aria-label');
  const saysEmpty = /: empty$/.test(label);
  return filled === saysEmpty ? [label] : [];
})"""
DUPLICATE_IDS = """() => { const ids = [...document.querySelectorAll('[id]')].map((n) => n.id);
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]; }"""


def test_versus_boards_name_their_cells_rightly_and_repeat_no_id(site, browser, shot):
    """Four boards on one page (yours and three opponents'): each id once, each space's words
    right (a filled one is not "empty"), and a placement said as "row R, place P"."""
    page = browser.new_context(**LAPTOP).new_page()
    versus_id = sit_down(page, site, 3, "easy")
    page.click('[data-action="start"]')
    play_versus_turn(page, 1)
    do_play_opponents(int(versus_id))
    page.wait_for_selector('[data-stat-turn="2/22"]')
    page.wait_for_selector("[data-opponent-last]:not(:empty)")
    assert page.evaluate(DUPLICATE_IDS) == []
    assert page.evaluate(BOARD_WORDS) == []
    for last in page.locator("[data-opponent-last]").all_inner_texts():
        assert re.fullmatch(r"Turn 1: \w+ \w+ at row \d, place \d", last), last
    shot(page, "versus-boards-laptop")
    page.context.close()
