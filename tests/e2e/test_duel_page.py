"""A duel by taps on a phone: two players (two browser contexts, two guests) play today's
daily as a duel; the second opens the link, accepts and plays; both see the result screen
with both quilts, the chart of their expected scores (both analyses computed by a real
worker) and the verdict, in English and Spanish, light and dark, with axe run on each."""

import pytest
from axe_audit import Audit
from browser_helpers import TURNS, empty_cells, play_turn, post_json

from puzzles.game_state import today

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ANALYSIS_WAIT_MS = 300_000


def _play_daily_by_taps(page, site: str) -> None:
    page.goto(site + "/")
    page.tap('[data-action="start"]:not([disabled])')
    page.wait_for_selector("[data-game-id] [data-cell]")
    for turn in range(1, TURNS + 1):
        play_turn(page, 0, empty_cells(page)[0], None if turn == TURNS else turn % 3, tap=True)


def test_two_players_duel_by_taps_and_both_see_the_result(
    site_with_worker, browser, shot, axe_source
):
    site = site_with_worker
    alice = browser.new_context(**PHONE).new_page()
    _play_daily_by_taps(alice, site)
    made = post_json(alice, site, "/api/duels/", {"date": today().isoformat()})
    alice.goto(site + made["url"])
    alice.wait_for_selector("[data-duel-link]:not([hidden])")
    link = alice.input_value("[data-link-input]")
    assert link.endswith(made["url"])
    audit = Audit(alice, axe_source)
    audit.in_both_schemes("the challenger's link")
    shot(alice, "duel-link-phone")

    bob = browser.new_context(**PHONE, locale="es", extra_http_headers={"Accept-Language": "es"})
    bob = bob.new_page()
    bob.goto(link)
    bob.wait_for_selector("[data-duel-invite]:not([hidden])")
    assert bob.inner_text("[data-invite-title]").endswith(" te reta")  # a guest: "Guest 3f9a"
    assert bob.query_selector("[data-duel-result] .board") is None  # nothing of alice's quilt
    bob_audit = Audit(bob, axe_source)
    bob_audit.in_both_schemes("the invitation, in Spanish")
    shot(bob, "duel-invite-phone-es")
    bob.tap('[data-action="accept"]')
    bob.wait_for_url(site + "/")
    bob.tap('[data-action="start"]:not([disabled])')
    bob.wait_for_selector("[data-game-id] [data-cell]")
    for turn in range(1, TURNS + 1):
        play_turn(bob, 0, empty_cells(bob)[-1], None if turn == TURNS else (turn + 1) % 3, tap=True)

    for page, check, name in ((bob, bob_audit, "es"), (alice, audit, "en")):
        page.goto(site + made["url"])
        page.wait_for_selector("[data-duel-result]:not([hidden]) [data-duel-player] .board")
        assert len(page.query_selector_all("[data-duel-player] .board")) == 2
        page.wait_for_selector("[data-duel-chart] svg polyline", timeout=ANALYSIS_WAIT_MS)
        assert len(page.query_selector_all("[data-duel-chart] polyline")) == 2
        assert page.query_selector_all("[data-verdict] li")
        assert page.inner_text("[data-winner]").strip()
        check.in_both_schemes(f"the result ({name})")
        shot(page, f"duel-result-phone-{name}")
    assert not audit.found and not bob_audit.found, audit.report() + "\n" + bob_audit.report()
