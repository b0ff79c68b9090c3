"""The reminder form when the site offers Web Push (issue 37), in Chromium at 390x844: saved
without push, the form still posts (its script lets it through once this browser holds no
subscription); asked to notify this device where notifications are blocked, it says so and
saves nothing. (A push service to subscribe to is not reachable here: the push itself is
tested against the tests' own endpoint, tests/reminders/test_reminder_push.py.)"""

import base64

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from accounts.services.players import do_register
from reminders.models import Reminder

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture
def push_offered(settings):
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    settings.VAPID_PUBLIC_KEY = base64.urlsafe_b64encode(point).rstrip(b"=").decode()
    settings.VAPID_PRIVATE_KEY = (
        base64.urlsafe_b64encode(key.private_numbers().private_value.to_bytes(32, "big"))
        .rstrip(b"=")
        .decode()
    )


def test_the_reminder_form_with_push_offered(site, browser, shot, push_offered):
    player = do_register("hal", password="a long password 1")
    player.email, player.email_verified = "hal@example.org", True
    player.save()
    context = browser.new_context(**PHONE, timezone_id="America/New_York")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/login/")
    page.fill('input[name="username"]', "hal")
    page.fill('input[name="password"]', "a long password 1")
    page.tap('.auth button[type="submit"]')
    page.wait_for_selector('.who[data-player="hal"]', state="attached")
    page.goto(f"{site}/me/account/")
    page.wait_for_selector("[data-reminder-push]")
    page.check("[data-reminder-email]")
    page.tap('[data-action="save-reminder"]')
    page.wait_for_selector('[data-done][role="status"]')
    reminder = Reminder.objects.get(player=player)
    assert (reminder.email, reminder.push, reminder.time_zone) == (True, False, "America/New_York")

    page.check("[data-reminder-push]")  # Playwright's Chromium denies notifications
    page.tap('[data-action="save-reminder"]')
    problem = page.wait_for_selector("[data-push-problem]:not([hidden])")
    assert "blocked" in problem.inner_text()
    shot(page, "reminder-push-blocked-phone")
    reminder.refresh_from_db()
    assert reminder.push is False and not errors
    context.close()
