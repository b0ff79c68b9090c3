"""A first day's rough edges (issue 53: 3, 6, 11, 13) in Chromium, on a phone and a laptop, in
English and Spanish, light and dark, axe-clean: the day's story before the close says when it
opens and counts down; day two's strengths and rating read plainly; the words are right (no
doubled full stop, buttons as the rules count them, no keyboard legend on a phone, the time
zones by name with the device's first); no word is cut inside itself."""

import pytest
from axe_audit import Audit
from browser_helpers import ARTIFACTS

from puzzles.game_state import today
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
