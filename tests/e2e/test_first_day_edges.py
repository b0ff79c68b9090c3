"""A first day's rough edges (issue 53: 3, 6, 11, 13) in Chromium, on a phone and a laptop, in
English and Spanish, light and dark, axe-clean: the day's story before the close says when it
opens and counts down; day two's strengths and rating read plainly; the words are right (no
doubled full stop, buttons as the rules count them, no keyboard legend on a phone, the time
zones by name with the device's first); no word is cut inside itself."""

import datetime

import pytest
from axe_audit import Audit
from browser_helpers import ARTIFACTS, log_in, sit_down
from django.core.management import call_command
from helpers.robot_games import robot_game

from accounts.services.players import do_register
from puzzles.game_state import deal_of, today
from puzzles.models import SolverRun
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PASSWORD = "a long password 1"
SPACES = ("2,3", "3,4", "4,2")
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}
LONG_NAME = "bartholomew_featherstonehaugh_quatrefoil"

# Words whose letters sit on more than one line: a word cut inside itself.
CUT_WORDS = """(selector) => {
  const cut = [];
  for (const node of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const match of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
          .map((r) => Math.round(r.top)));
        if (tops.size > 1) cut.push(match[0]);
      }
    }
  }
  return cut;
}"""


def context_for(browser, size, language, **options):
    return browser.new_context(
        **SIZES[size],
        locale=language,
        extra_http_headers={"Accept-Language": language},
        **options,
    )


def shots(page, name: str) -> None:
    """Full-page screenshots, light then dark (the device's scheme)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"first-day-{name}-{scheme}.png"), full_page=True)
    page.emulate_media(color_scheme="light")


def audited(page, axe_source, state: str) -> None:
    audit = Audit(page, axe_source)
    audit.in_both_schemes(state)
    assert not audit.found, audit.report()


@pytest.fixture
def day_two():
    """Ann's second day: yesterday's ranked game (goals: the first three on offer), the day
    before's too with par's game on the last three (one Ann never chose); yesterday's par not
    ready, nothing rated yet (the close was minutes ago)."""
    ann = do_register("ann", password=PASSWORD)
    games = []
    for n in (2, 1):
        challenge = do_ensure_challenge(today() - datetime.timedelta(days=n))
        options = deal_of(challenge).setup.goal_options
        goals = dict(zip(SPACES, options[:3], strict=True))
        games.append(robot_game(challenge, ann, goals, "greedy", f"first-day-{n}"))
        if n == 2:
            par_goals = dict(zip(SPACES, options[-3:], strict=True))
            par_player = do_register("parbot", password=PASSWORD)
            par = robot_game(challenge, par_player, par_goals, "greedy", "first-day-par")
            SolverRun.objects.update_or_create(
                challenge=challenge,
                kind="par",
                defaults={
                    "status": "ready",
                    "score": par.score,
                    "goals": par_goals,
                    "moves": par.moves,
                },
            )
    long = do_register(LONG_NAME, password=PASSWORD)
    robot_game(games[-1].challenge, long, games[-1].goals, "greedy", "long")
    call_command("rebuild_tallies")  # the leaderboards' counts of the games stored above
    do_ensure_challenge(today())
    return ann, games


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_story_before_the_close_says_when_it_opens(site, browser, axe_source, size, language):
    day = do_ensure_challenge(today()).date
    context = context_for(browser, size, language, timezone_id="UTC")
    page = context.new_page()
    answer = page.goto(f"{site}/day/{day}/")
    assert answer.status == 200
    countdown = page.locator("[data-day-open] time[data-countdown]")
    first = int(countdown.get_attribute("data-seconds-left"))
    page.wait_for_timeout(2100)
    assert 0 < int(countdown.get_attribute("data-seconds-left")) < first
    words = page.inner_text("[data-day-open]")
    assert ("00:00" in words) and (" h " in words or " min " in words)
    assert ".." not in page.inner_text("main")
    assert not page.locator("[data-day-story]").count()
    shots(page, f"story-open-{size}-{language}")
    audited(page, axe_source, "the story before the close")
    context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_day_two_strengths_and_rating_read_plainly(
    day_two, site, browser, axe_source, size, language
):
    _, games = day_two
    context = context_for(browser, size, language, timezone_id="UTC")
    page = context.new_page()
    log_in(page, site, "ann", PASSWORD)
    page.goto(site + "/me/")
    used = {goal for game in games for goal in game.goals.values()}
    rows = page.locator("[data-strengths-goal]")
    shown = {rows.nth(i).get_attribute("data-strengths-goal") for i in range(rows.count())}
    assert shown == used  # none of par's goals that Ann never chose
    assert "par –" not in page.inner_text("[data-strengths]")
    updates = page.locator("[data-rating-updates]")
    assert "00:10" in updates.inner_text()  # the beat's next rating, on the reader's clock
    page.locator("[data-rating]").scroll_into_view_if_needed()
    shots(page, f"profile-day-two-{size}-{language}")
    audited(page, axe_source, "profile on day two")
    context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_words_of_a_first_day(day_two, site, browser, axe_source, size, language):
    _, games = day_two
    context = context_for(browser, size, language, timezone_id="America/Bogota")
    page = context.new_page()
    log_in(page, site, "ann", PASSWORD)

    # How to play counts buttons as the rules do; the live region never says "..".
    page.goto(site + "/")
    rules = page.locator("[data-how-to-picture='buttons']").locator("xpath=..")
    words = rules.text_content()
    assert "of all six" not in words and "de todos los seis" not in words
    assert ("each such group" in words) if language == "en" else ("cada grupo" in words)
    script = page.get_attribute("script[src*='announce']", "src")
    page.evaluate(
        """async (src) => {
          const { announce } = await import(src);
          announce("The first sentence.");
          announce("the second without a stop");
        }""",
        script,
    )
    page.wait_for_function(
        "document.querySelector('[data-announcer]').textContent.includes('second')"
    )
    said = page.text_content("[data-announcer]")
    assert said == "The first sentence. the second without a stop."

    # The review: the keyboard's legend only where there is a keyboard.
    page.goto(f"{site}/review/{games[-1].pk}/")
    page.wait_for_selector(".tray .slot")  # the review drawn
    assert page.locator(".keys").is_visible() is (size == "laptop")
    if size == "phone":  # a phone's width without touch emulation (as a screenshot captures)
        narrow = browser.new_context(viewport=SIZES["phone"]["viewport"]).new_page()
        narrow.goto(f"{site}/review/{games[-1].pk}/")
        narrow.wait_for_selector("[data-turn-note]", state="attached")
        assert not narrow.locator(".keys").is_visible()
        narrow.context.close()
    shots(page, f"review-{size}-{language}")
    audited(page, axe_source, "review")

    # The reminder's time zone: the device's first, then common ones by name.
    page.goto(site + "/me/account/")
    select = page.locator("[data-reminder-time-zone]")
    first = select.locator("option").first
    assert first.get_attribute("value") == "America/Bogota"
    assert select.input_value() == "America/Bogota"
    common = select.locator("optgroup[data-common-zones] option")
    assert common.count() >= 12
    assert "Madrid" in common.all_text_contents()[2]
    select.scroll_into_view_if_needed()
    shots(page, f"account-{size}-{language}")
    audited(page, axe_source, "account")

    # The leaderboard: a long name ends in an ellipsis, never cut inside a word.
    page.goto(f"{site}/leaderboard/{games[-1].challenge.date}/")
    assert page.evaluate(CUT_WORDS, "[data-leaderboard-root] table") == []
    name = page.locator(f"[data-leaderboard-root] td:has-text('{LONG_NAME[:12]}')")
    assert name.evaluate("td => getComputedStyle(td).textOverflow") == "ellipsis"
    shots(page, f"leaderboard-{size}-{language}")
    audited(page, axe_source, "leaderboard")
    context.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "es"])
def test_versus_hand_and_market_words_are_never_cut(site, browser, axe_source, size, language):
    do_ensure_challenge(today())
    context = context_for(browser, size, language)
    page = context.new_page()
    sit_down(page, site, 3, "easy")
    page.click('[data-action="start"]')
    page.wait_for_selector('[data-stat-to-move="you"]')
    labels = page.locator(".tray .slot-label")
    assert labels.count() >= 5
    assert page.evaluate(CUT_WORDS, ".tray .slot-label") == []
    # Whatever the deal: no label may cut a word ("quatrefoi / l" in a 56 px slot).
    wraps = labels.evaluate_all("ls => ls.map((l) => getComputedStyle(l).overflowWrap)")
    assert set(wraps) == {"normal"}
    shots(page, f"versus-{size}-{language}")
    audited(page, axe_source, "versus")
    context.close()
