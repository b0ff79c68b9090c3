"""The site as an app on the home screen, in Chromium: the manifest and the service worker
register, Chromium finds the page installable, and with the network cut a page is the offline
page (in the reader's language) while the API is never answered from a cache."""

import shutil

import pytest
from conftest import ARTIFACTS, CHROMIUM, CHROMIUM_FLAGS, SEEN_TUTORIAL

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def ready_worker(page, site):
    page.goto(site + "/")
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null || "
        "navigator.serviceWorker.ready.then(() => true)"
    )
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now controlled by the worker
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def test_the_app_installs_and_shows_its_offline_page(site, playwright, shot):
    # a profile of its own (Chromium never offers to install from an incognito window, which
    # every other test's context is), in the repository's ignored artefacts
    profile = ARTIFACTS / "app-profile"
    shutil.rmtree(profile, ignore_errors=True)
    context = playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=CHROMIUM_FLAGS,
        headless=True,
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    context.add_init_script(SEEN_TUTORIAL)
    page = context.pages[0] if context.pages else context.new_page()
    ready_worker(page, site)
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("/")
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == [], errors

    context.set_offline(True)
    page.goto(site + "/leaderboard/")
    page.wait_for_selector("[data-offline]")
    assert page.locator("h1").inner_text() == "You are offline"
    shot(page, "app-offline-phone")
    answer = page.evaluate("fetch('/api/daily/').then(r => 'answered ' + r.status, e => 'refused')")
    assert answer == "refused"  # no cached API answer, ever
    context.set_offline(False)
    page.click("[data-action=retry]")
    page.wait_for_selector("[data-picker], [data-game-root], main")
    assert page.locator("[data-offline]").count() == 0
    context.close()
    shutil.rmtree(profile, ignore_errors=True)


def test_the_offline_page_speaks_the_readers_language(site, browser):
    context = browser.new_context(locale="es", extra_http_headers={"Accept-Language": "es"})
    page = context.new_page()
    ready_worker(page, site)
    context.set_offline(True)
    page.goto(site + "/archive/")
    page.wait_for_selector("[data-offline]")
    assert page.locator("h1").inner_text() == "Sin conexión"
    context.close()
