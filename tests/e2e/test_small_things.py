"""The smaller things of issue 35 (point 10), each as a player meets it."""

import pytest

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
