"""The read-only pages are the server's (issue 22): with JavaScript turned off, a phone still
reads the archive, the leaderboards, the groups, a profile's tables and the scenarios; their
pages are plain links; none scrolls sideways or prints null/undefined/NaN. And the end
screen says the streak once."""

import datetime
import re

import pytest
from test_phone_pages import BAD_WORDS, PASSWORD, PHONE, play_through
from test_players_pages import finished_game, play_today_by_api

from accounts.services.players import do_register
from groups.services import do_create_group, do_join_group
from puzzles.game_state import today
from puzzles.models import Player
from puzzles.selectors.challenges import ARCHIVE_PAGE_SIZE
from puzzles.selectors.leaderboards import PAGE_SIZE
from puzzles.services.challenges import do_ensure_challenge
from solver.game import SCENARIOS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"viewport": {"width": 1366, "height": 900}}


@pytest.fixture(autouse=True)
def tiny_solver(settings):
    settings.CALICO_PAR_OPTIONS = {"playout_width": 1, "samples": 1, "depth": 1}


def logged_in(browser, site, username, **options):
    """A browser logged in by the log-in form (a plain POST: no script needed)."""
    page = browser.new_context(**options).new_page()
    page.goto(site + "/login/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    page.wait_for_url(site + "/")
    return page


def reads_right(page, name: str, shot, width: int = 390):
    shot(page, name)
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{name}: {scroll} px wide"
    words = BAD_WORDS.findall(page.inner_text("body"))
    assert not words, f"{name} shows {words}"


def test_the_read_only_pages_need_no_javascript(site, browser, shot):
    yesterday = today() - datetime.timedelta(days=1)
    for back in range(ARCHIVE_PAGE_SIZE + 2, 1, -1):  # two pages of past days
        do_ensure_challenge(today() - datetime.timedelta(days=back))
    quilter = do_register("quilter", password=PASSWORD)
    bob = do_register("bob", password=PASSWORD)
    mine = play_through(quilter, yesterday, market=1)
    play_through(bob, yesterday, market=0)
    do_ensure_challenge(today())
    group = do_create_group(quilter, name="Quilting club")
    do_join_group(bob, invite_code=group.invite_code)

    page = logged_in(browser, site, "quilter", java_script_enabled=False, **PHONE)
    page.goto(site + "/archive/")
    row = page.locator(f'[data-day="{yesterday}"]')
    assert row.locator("[data-my-score]").get_attribute("data-my-score") == str(mine.score)
    assert page.locator("[data-day]").count() == ARCHIVE_PAGE_SIZE
    assert "Practice" in row.inner_text()
    assert page.locator("noscript, .error-box").count() == 0  # no "turn JavaScript on"
    reads_right(page, "nojs-archive-phone", shot)
    page.click('[data-page-link="2"]')  # Older →: a plain link
    page.wait_for_url("**/archive/?page=2")
    assert page.locator("[data-day]").count() == 2
    reads_right(page, "nojs-archive-2-phone", shot)

    page.goto(f"{site}/leaderboard/{yesterday}/")
    assert page.locator("[data-entry-score]").count() == 2
    assert page.locator("tr.me [data-entry-score]").inner_text() == str(mine.score)
    assert "You scored" in page.inner_text("[data-me]")
    assert page.locator("[data-histogram] svg [data-bar-score]").count() >= 1
    assert page.get_attribute("[data-seed]", "data-seed")
    reads_right(page, "nojs-leaderboard-closed-phone", shot)
    page.click('[data-exclude-hints="false"]')
    page.wait_for_url("**?hints=exclude")
    assert page.locator("[data-entry-score]").count() == 2  # nobody took a hint
    page.click('[data-day-step="-1"]')  # ← Earlier: a day with no game
    assert "Nobody finished a ranked quilt on this day." in page.inner_text("[data-entries]")
    # The day form, sent without a script.
    page.fill("#lb-date", str(yesterday))
    page.click('[data-date-form] button[type="submit"]')
    page.wait_for_url(f"**/leaderboard/{yesterday}/")
    page.goto(site + "/leaderboard/")
    assert "Be the first!" in page.inner_text("[data-entries]")
    reads_right(page, "nojs-leaderboard-today-phone", shot)

    page.goto(site + "/groups/")
    assert page.locator(f'[data-group="{group.pk}"]').inner_text().endswith("2 members")
    reads_right(page, "nojs-groups-phone", shot)
    page.goto(f"{site}/groups/{group.pk}/?date={yesterday}")
    assert page.locator("[data-entry]").count() == 2
    assert page.locator("[data-member]").count() == 2
    assert group.invite_code in page.input_value("[data-invite-link]")
    reads_right(page, "nojs-group-phone", shot)
    page.click('[data-standing-days="30"]')
    page.wait_for_selector('[data-standings-title]:has-text("Last 30 days")')
    assert page.locator("[data-standing]").count() == 2

    page.goto(site + "/me/")
    assert page.inner_text('[data-stat="ranked_games"] b') == "1"
    assert page.locator("[data-recent-day]").count() == 1
    assert page.locator("[data-versus-level]").count() == 3
    reads_right(page, "nojs-profile-phone", shot)
    page.goto(site + "/players/bob/")
    assert page.inner_text("[data-heading]") == "bob"
    assert page.locator(f'[data-recent-day="{yesterday}"]').count() == 1

    page.goto(site + "/scenarios/")
    assert page.locator("[data-scenario]").count() == len(SCENARIOS)
    assert page.locator('[data-scenario="1"] [data-condition]').count() >= 1
    assert page.locator('[data-scenario="1"] [data-goal]').count() == 3
    reads_right(page, "nojs-scenarios-phone", shot)
    page.context.close()

    # With scripts on, at both sizes: the pages' own scripts add only the pictures.
    for size, options in (("phone", PHONE), ("laptop", LAPTOP)):
        page = logged_in(browser, site, "quilter", **options)
        page.wait_for_load_state("networkidle")  # the game page's own fetches are done
        errors, fetched = [], []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.on("request", lambda request, fetched=fetched: fetched.append(request.url))
        width = options["viewport"]["width"]
        for name, path in (
            ("archive", "/archive/"),
            ("leaderboard", f"/leaderboard/{yesterday}/"),
            ("groups", "/groups/"),
            ("group", f"/groups/{group.pk}/?date={yesterday}"),
            ("profile", "/me/"),
            ("scenarios", "/scenarios/"),
        ):
            page.goto(site + path)
            page.wait_for_load_state("networkidle")
            reads_right(page, f"server-{name}-{size}", shot, width)
        assert page.locator('[data-scenario="1"] .scenario-cat .portrait').count() == 3
        page.goto(site + "/me/")
        assert page.locator('[data-chart="scores"] [data-point]').count() == 1
        assert not errors, errors
        api = [url for url in fetched if "/api/" in url]
        assert not api, f"the read-only pages fetched {api}"
        page.context.close()


def test_the_leaderboards_pages_are_links(site, browser, shot):
    day = today() - datetime.timedelta(days=1)
    quilter = do_register("quilter", password=PASSWORD)
    for n in range(PAGE_SIZE + 2):
        finished_game(Player.objects.create(username=f"p{n:02}"), day, score=50 + n % 20)
    finished_game(quilter, day, score=10)  # the last: page 2
    page = logged_in(browser, site, "quilter", **PHONE)
    page.goto(f"{site}/leaderboard/{day}/")
    assert page.locator("[data-entry-score]").count() == PAGE_SIZE
    assert "52 of the day's 53 ranked quilts scored more than yours" in page.inner_text("[data-me]")
    page.click('[data-page-link="2"]')  # Next →
    page.wait_for_url("**?page=2")
    assert page.locator("[data-entry-score]").count() == 3
    assert page.locator("tr.me td").first.inner_text() == "53"
    reads_right(page, "server-leaderboard-page-2-phone", shot)
    page.click('[data-page-link="1"]')  # ← Previous
    page.wait_for_url("**?page=1")
    assert page.locator("[data-entry-score]").count() == PAGE_SIZE
    page.context.close()


def test_the_end_screen_says_the_streak_once(site, browser, shot):
    quilter = do_register("quilter", password=PASSWORD)
    for back in (1, 2):
        finished_game(quilter, today() - datetime.timedelta(days=back), score=50)
    page = logged_in(browser, site, "quilter", **PHONE)
    play_today_by_api(page, site)
    page.goto(site + "/")
    page.wait_for_selector("[data-end-links]")
    page.wait_for_selector("[data-home-streak]:not([hidden])")
    page.wait_for_load_state("networkidle")
    shown = re.findall(r"Streak: \d+ days? in a row", page.inner_text("main"))
    assert shown == ["Streak: 3 days in a row"], shown  # it was under the heading and in the card
    assert page.get_attribute("[data-end-links]", "data-end-streak") == "3"  # the card's hook
    shot(page, "server-end-streak-once-phone")
    page.context.close()


def test_the_symbol_key_is_drawn_when_the_display_menu_opens(site, browser):
    """A read-only page fetches no svg.js (the symbol key's drawing) until its display menu
    opens; then the key shows one symbol per colour."""
    page = browser.new_context(**LAPTOP).new_page()
    fetched = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page.goto(site + "/leaderboard/")
    page.wait_for_load_state("networkidle")
    assert "settings.js" in fetched and "svg.js" not in fetched
    page.click("[data-display-menu] summary")
    page.wait_for_selector("[data-symbol-key] svg")
    assert page.locator("[data-symbol-key] svg").count() == 6
    assert "svg.js" in fetched
    page.context.close()
