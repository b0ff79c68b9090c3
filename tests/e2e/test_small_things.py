"""The smaller things of issue 35 (point 10), each as a player meets it."""

import datetime
import re

import pytest
import time_machine
from browser_helpers import ARTIFACTS, finish_by_api, play_versus_turn, sit_down, start_daily
from test_players_pages import finished_game

from accounts.services.players import do_register
from groups.services import do_create_group
from puzzles.models import Analysis
from puzzles.services.analysis import do_compute_analysis
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
    page.wait_for_function(  # every opponent's last move said, not only the first one's
        "[...document.querySelectorAll('[data-opponent-last]')].every((e) => e.textContent.trim())"
    )
    assert page.evaluate(DUPLICATE_IDS) == []
    assert page.evaluate(BOARD_WORDS) == []
    for last in page.locator("[data-opponent-last]").all_inner_texts():
        assert re.fullmatch(r"Turn 1: \w+ \w+ at row \d, place \d", last), last
    shot(page, "versus-boards-laptop")
    page.context.close()


def test_the_end_screen_names_a_group_board_without_a_possessive(site, browser):
    """A group called "Quilters" was "Quilters's board"."""
    do_create_group(do_register("alice", password="a long password 1"), name="Quilters")
    page = browser.new_context(**PHONE).new_page()
    page.goto(site + "/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', "a long password 1")
    page.click('button[type="submit"]')
    page.wait_for_url(site + "/")
    finish_by_api(page, site, start_daily(page, site))
    page.reload()
    link = page.wait_for_selector("[data-end-group]")
    assert link.inner_text() == "Group board: Quilters"
    page.context.close()


AWARDS = """async () => {
  const { awardWords } = await import('/static/puzzles/js/award.js');
  return [awardWords({ cat: 'cira' }, 17, 8), awardWords({ cat: 'cira' }, 9, 0),
          awardWords(null, 8, 8), awardWords({ button: 'pink' }, 3, 0), awardWords(null, 0, 0)];
}"""


def test_a_toast_names_a_goal_met_on_the_same_move_as_a_cat(site, browser):
    """The toast's words (award.js, as the game page says them after a move): a goal met
    with a cat was "Cira came to nap! · +17", its 8 goal points unnamed."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(site + "/archive/")
    assert page.evaluate(AWARDS) == [
        ["Cira came to nap!", "A design goal is met!", "+17"],
        ["Cira came to nap!", "+9"],
        ["A design goal is met!", "+8"],
        ["Button! A pink group", "+3"],
        [],
    ]
    page.context.close()


SLOT_FIT = """() => {
  const out = [];
  for (const label of document.querySelectorAll('.slot .slot-label')) {
    label.textContent = 'amarilla de enredaderas';  // the longest patch name, in Spanish
    const slot = label.closest('.slot').getBoundingClientRect();
    const box = label.getBoundingClientRect();
    const outside = box.left < slot.left - 0.5 || box.right > slot.right + 0.5;
    if (outside || label.scrollWidth > label.clientWidth + 1)
      out.push(['label', Math.round(box.width), Math.round(slot.width)]);
  }
  const tags = [...document.querySelectorAll('.slot .slot-tag')].filter((t) => t.offsetParent);
  for (const tag of tags) {
    const row = tag.closest('.slots').getBoundingClientRect();
    const box = tag.getBoundingClientRect();
    if (box.left < row.left - 0.5 || box.right > row.right + 0.5)
      out.push(['tag out', tag.textContent]);
    for (const other of tags) {
      const o = other.getBoundingClientRect();
      const meet = box.left < o.right && o.left < box.right
        && box.top < o.bottom && o.top < box.bottom;
      if (other !== tag && meet)
        out.push(['tags overlap', tag.textContent, other.textContent]);
    }
  }
  return out;
}"""


def test_spanish_patch_names_and_tags_stay_in_their_slots(site, browser, shot):
    page = browser.new_context(locale="es-ES", **PHONE).new_page()
    start_daily(page, site)
    page.wait_for_selector("[data-market] .slot-tag", state="attached")
    assert page.evaluate(SLOT_FIT) == []
    page.locator("[data-hand]").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "slots-spanish-phone.png"))
    page.context.close()


def test_the_streak_calendar_names_the_current_month(site, browser):
    """On Saturday 5 December 2026 the last week began on 30 November: "Dec" was missing
    (a month was named only over a week whose Monday was among its first 7 days)."""
    day = datetime.date(2026, 12, 5)
    with time_machine.travel(datetime.datetime(2026, 12, 5, 12, tzinfo=datetime.UTC), tick=False):
        alice = do_register("alice", password="a long password 1")
        finished_game(alice, day - datetime.timedelta(days=1), 60)
        page = browser.new_context(**PHONE).new_page()
        page.goto(site + "/players/alice/")
        page.wait_for_selector('[data-chart="streak"] [data-played="true"]', state="attached")
        months = page.eval_on_selector_all(
            '[data-chart="streak"] [data-month]', "ns => ns.map((n) => n.dataset.month)"
        )
        assert months[-1] == "2026-12" and "2026-11" in months, months
        assert page.text_content('[data-chart="streak"] [data-month="2026-12"]') == "Dec"
        page.context.close()


def test_an_analysed_end_screen_leads_on_to_the_review(site, browser):
    """Once the analysis is ready, the end screen's next step is the review (its button used
    to grey out beside one line)."""
    page = browser.new_context(**PHONE).new_page()
    game_id = start_daily(page, site)
    finish_by_api(page, site, game_id)
    page.reload()
    page.wait_for_selector('[data-action="analyse"]')
    with page.expect_response(lambda response: "/analysis/" in response.url):
        page.click('[data-action="analyse"]')
    do_compute_analysis(Analysis.objects.get(game_id=game_id).pk)
    page.wait_for_selector("[data-accuracy]")
    assert page.locator('[data-action="analyse"]').count() == 0
    link = page.locator('[data-action="review-analysed"]')
    assert link.inner_text() == "See where you lost points"
    assert "btn-primary" in link.get_attribute("class")
    link.click()
    page.wait_for_url(f"{site}/review/{game_id}/")
    page.goto(site + "/")  # a later visit remembers it: no button to press again
    page.wait_for_selector("[data-accuracy]")
    assert page.locator('[data-action="analyse"]').count() == 0
    assert page.locator('[data-action="review-analysed"]').count() == 1
    page.context.close()
