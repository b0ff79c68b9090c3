"""A versus table in progress is found again (issue 35, point 6): the lobby lists your
unfinished tables (``data-versus-resume``) in any browser of your account, and in a new tab
of a guest's, and one tap resumes the table where it was."""

import pytest
from browser_helpers import my_empty_cells, play_versus_turn, sit_down

from accounts.services.players import do_register
from versus.services import do_play_opponents

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}
PASSWORD = "a long password 1"


def log_in(context, site):
    page = context.new_page()
    page.goto(site + "/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    page.wait_for_url(site + "/")
    return page


def test_a_table_is_resumed_from_another_browser_of_the_account(site, browser, shot):
    do_register("alice", password=PASSWORD)
    first = log_in(browser.new_context(**LAPTOP), site)
    versus_id = sit_down(first, site, 2, "easy")
    first.click('[data-action="start"]')
    cell = play_versus_turn(first, 1)
    do_play_opponents(int(versus_id))
    first.wait_for_selector('[data-stat-turn="2/22"]')

    other = browser.new_context(locale="es-ES", **PHONE)  # another device, in Spanish
    page = log_in(other, site)
    page.goto(site + "/versus/")
    resume = page.wait_for_selector(f'[data-versus-resume="{versus_id}"]')
    assert "turno 2 de 22" in resume.inner_text()
    box = resume.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, "versus-resume-lobby-phone-es")
    resume.tap()
    page.wait_for_selector(f'[data-my-board][data-game-id="{versus_id}"]')
    page.wait_for_selector('[data-versus-root][data-phase="playing"]')
    page.wait_for_selector('[data-stat-turn="2/22"]')
    assert page.get_attribute(f'[data-my-board] [data-cell="{cell}"]', "data-empty") == "false"
    # the board is drawn in one go: once one empty space is there, all of them are
    page.wait_for_selector('[data-my-board] [data-cell][data-empty="true"]', state="attached")
    assert len(my_empty_cells(page)) == 21  # 22 spaces but the goals', less the one played
    assert "table=" not in page.url  # a reload after "New table" shows the lobby, not this
    shot(page, "versus-resume-table-phone-es")
    # The tab remembers it as its own: a reload comes back to the table.
    page.reload()
    page.wait_for_selector(f'[data-my-board][data-game-id="{versus_id}"]')
    other.close()
    first.context.close()


def test_a_guest_finds_a_table_in_a_new_tab(site, browser, shot):
    context = browser.new_context(**LAPTOP)
    page = context.new_page()
    versus_id = sit_down(page, site, 1, "easy")
    tab = context.new_page()  # sessionStorage is per tab: the new one knows no table
    tab.goto(site + "/versus/")
    tab.wait_for_selector(f'[data-versus-resume="{versus_id}"]')
    assert "choosing goals" in tab.inner_text(f'[data-versus-resume="{versus_id}"]')
    shot(tab, "versus-resume-lobby-laptop")
    tab.click(f'[data-versus-resume="{versus_id}"]')
    tab.wait_for_selector('[data-versus-root][data-phase="choosing"]')
    assert tab.get_attribute("[data-my-board]", "data-game-id") == versus_id
    # A visitor who never played sees no list.
    fresh = browser.new_context(**LAPTOP).new_page()
    fresh.goto(site + "/versus/")
    fresh.wait_for_selector("[data-new-table]:not([hidden])")
    assert fresh.locator("[data-versus-resume]").count() == 0
    fresh.context.close()
    context.close()
