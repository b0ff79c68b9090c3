"""A player who forgot their password gets back in by taps on a phone (issue 37): log-in page,
"Forgot your password?", their verified email, the emailed link (the worker's task run
here, read from the site's outbox), a new password, logged in with their games; then log in
by email. And the account pages at 390x844 and 1366x900, in English and Spanish, fit the
screen, with the daily reminder turned on in the browser's time zone (screenshots in
test-artifacts/e2e/)."""

import re

import pytest
from django.core import mail

from accounts.services.players import do_register
from puzzles.game_state import today
from puzzles.models import Game, Player
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long password 1"
NEW_PASSWORD = "a brand new password 2"
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
LAPTOP = {"viewport": {"width": 1366, "height": 900}}


def player_with_verified_email(name: str, email: str) -> Player:
    player = do_register(name, password=PASSWORD)
    player.email, player.email_verified = email, True
    player.save(update_fields=["email", "email_verified"])
    return player


def fits(page) -> None:
    """Nothing wider than the screen, and nothing past the card's right edge."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url}: {width} px wide"
    sticking_out = page.evaluate(
        """() => {
          const card = document.querySelector('.card');
          if (!card) return [];
          const edge = card.getBoundingClientRect().right;
          return [...card.querySelectorAll('input, select, button, a')]
            .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
            .map((el) => el.outerHTML.slice(0, 80));
        }"""
    )
    assert sticking_out == [], sticking_out


def test_reset_a_forgotten_password_by_taps_on_a_phone(site, browser, shot, sent_tasks, settings):
    settings.CALICO_SITE_URL = site  # the emailed link's address
    fay = player_with_verified_email("fay", "fay@example.org")
    Game.objects.create(challenge=do_ensure_challenge(today()), player=fay, ranked=True)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/login/")
    page.tap("[data-forgot-password]")
    page.wait_for_selector("[data-password-reset]")
    page.fill('input[name="email"]', "Fay@Example.org")
    shot(page, "reset-phone-ask")
    page.tap('[data-action="send-reset"]')
    page.wait_for_selector("[data-reset-sent]")
    fits(page)
    shot(page, "reset-phone-sent")

    sent_tasks.run("accounts.tasks.send_password_reset")  # a worker's part, here
    (message,) = mail.outbox
    assert message.to == ["fay@example.org"]
    (link,) = re.findall(r"https?://\S+/password-reset/\S+", message.body)
    page.goto(link)  # as the mail app opens it
    page.wait_for_selector("[data-new-password]")
    page.fill('input[name="new_password1"]', NEW_PASSWORD)
    page.fill('input[name="new_password2"]', NEW_PASSWORD)
    shot(page, "reset-phone-new-password")
    page.tap('[data-action="set-password"]')
    page.wait_for_selector("[data-reset-done]")
    assert page.locator('.who[data-player="fay"]').count() == 1  # logged in
    fits(page)
    shot(page, "reset-phone-done")

    page.tap("[data-menu-button]")  # the header's links fold under the menu on a phone
    page.tap('.site-nav form button[type="submit"]')  # log out
    page.wait_for_selector('a[href="/login/"]', state="attached")
    page.goto(f"{site}/login/")
    page.fill('input[name="username"]', "fay@example.org")
    page.fill('input[name="password"]', NEW_PASSWORD)
    page.tap('.auth button[type="submit"]')
    page.wait_for_selector('.who[data-player="fay"]', state="attached")
    games = page.evaluate("fetch('/api/me/').then(r => r.json())")
    assert games["username"] == "fay" and games["email_verified"] is True
    assert Game.objects.filter(player=fay).count() == 1 and not errors
    context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_account_pages_fit_a_phone_and_a_laptop(site, browser, shot, language):
    for size, options in (("phone", PHONE), ("laptop", LAPTOP)):
        name = f"gil-{size}"
        player_with_verified_email(name, f"{name}@example.org")
        context = browser.new_context(
            **options, locale="es-ES" if language == "es" else "en-GB", timezone_id="Europe/Madrid"
        )
        page = context.new_page()
        page.goto(f"{site}/login/")
        shot(page, f"account-{language}-{size}-login")
        page.fill('input[name="username"]', name)
        page.fill('input[name="password"]', PASSWORD)
        page.click('.auth button[type="submit"]')
        page.wait_for_selector(f'.who[data-player="{name}"]', state="attached")
        for path, ready, name in (
            ("/me/account/", "[data-account]", "settings"),
            ("/me/account/password/", '[data-action="change-password"]', "password"),
        ):
            page.goto(site + path)
            page.wait_for_selector(ready)
            assert page.locator("html").get_attribute("lang") == language
            fits(page)
            shot(page, f"account-{language}-{size}-{name}")
        page.goto(f"{site}/me/account/")
        zone = page.locator("[data-reminder-time-zone]")
        assert zone.input_value() == "Europe/Madrid"  # the browser's, until one is chosen
        page.check("[data-reminder-email]")
        page.select_option("[data-reminder-hour]", "8")
        page.click('[data-action="save-reminder"]')
        page.wait_for_selector('[data-done][role="status"]')
        assert page.is_checked("[data-reminder-email]")
        assert page.locator("[data-reminder-hour]").input_value() == "8"
        shot(page, f"account-{language}-{size}-reminder-saved")
        page.fill('input[name="email"]', f"{name}.new@example.org")
        page.fill("[data-email-password]", PASSWORD)  # the password confirms a new email
        page.click("[data-change-email] button")
        page.wait_for_selector('[data-done][role="status"]')
        assert page.locator('[data-email-status="waiting"]').count() == 1
        shot(page, f"account-{language}-{size}-email-sent")
        if language == "es":
            assert "Te hemos enviado un enlace" in page.inner_text("[data-done]")
        context.close()
