"""Your time (issue 37): the close said on the reader's own clock, in two time zones; the day
itself stays the UTC day."""

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("zone", "clock"), [("America/New_York", "19:00"), ("Asia/Tokyo", "09:00")]
)
def test_the_close_on_the_readers_clock(site, browser, zone, clock):
    context = browser.new_context(timezone_id=zone, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{site}/leaderboard/")
    close = page.locator("time[data-local-time]")
    assert close.get_attribute("datetime").endswith("T00:00:00Z")  # the UTC day's end
    page.wait_for_function(
        "() => !document.querySelector('time[data-local-time]').textContent.includes('UTC')"
    )
    assert close.inner_text().startswith(clock), close.inner_text()
    context.close()
