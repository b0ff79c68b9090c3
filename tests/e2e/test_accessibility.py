"""Accessibility in Chromium: axe-core (the npm package, pinned in package-lock.json) run on
every page and every state of play (WCAG 2.0, 2.1 and 2.2, levels A and AA), on a laptop and
a phone, in the light and the dark scheme; then the display settings: the dark scheme, the
colour-blind symbols on every patch, and reduced motion.

No worker runs here: what a worker would compute (the analysis, the versus opponents' moves)
is computed in this process, with small search options, while the page polls for it."""

import datetime

import pytest
from axe_audit import Audit
from browser_helpers import (
    ARTIFACTS,
    api_get,
    finish_by_api,
    play_turn,
    play_versus_turn,
    post_json,
    sit_down,
    start_daily,
)

from accounts.services.players import do_register
from groups.services import do_create_group
from puzzles.game_state import today
from puzzles.models import Analysis, ScenarioPassRate
from puzzles.services.analysis import do_compute_analysis
from puzzles.services.challenges import do_ensure_challenge
from versus.services import do_play_opponents

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long password 1"
TURNS = 22
SIZES = {"laptop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_axe_finds_no_violation_on_any_page_or_state(
    site, browser, settings, axe_source, size, scheme
):
    settings.CALICO_ANALYSIS_OPTIONS = {"samples": 2, "candidates": 2}
    alice = do_register("alice", password=PASSWORD)
    group = do_create_group(alice, name="Cats")
    do_ensure_challenge(today())
    yesterday = do_ensure_challenge(today() - datetime.timedelta(days=1)).date
    ScenarioPassRate.objects.create(number=1, status="ready", deals=6, passes=2, scores=[60] * 6)
    context = browser.new_context(
        viewport=SIZES[size],
        color_scheme=scheme,
        is_mobile=size == "phone",
        has_touch=size == "phone",
    )
    page = context.new_page()
    audit = Audit(page, axe_source)

    # A visitor's pages.
    for state, path, ready in [
        ("home", "/", '[data-action="start"]:not([disabled])'),
        ("game-before-start", f"/play/{yesterday}/", '[data-action="start"]:not([disabled])'),
        ("leaderboard", "/leaderboard/", "[data-entries]"),
        ("archive", "/archive/", "main"),
        ("scenarios", "/scenarios/", '[data-scenario="10"]'),
        ("login", "/login/", 'input[name="username"]'),
        ("signup", "/signup/", 'input[name="username"]'),
    ]:
        page.goto(site + path)
        page.wait_for_selector(ready, state="attached")
        audit(state)
    assert page.goto(site + "/no-such-page/").status == 404
    audit("404")
    if page.locator("[data-display-menu]").count():  # (the other test requires it)
        page.click("[data-display-menu] summary")
        page.wait_for_selector("[data-symbol-key] svg")  # drawn when the menu first opens
        audit("display-settings-open")

    # The daily, mid-play: after a placement (the market waits), a hand patch selected, then a
    # space chosen (the market open).
    game_id = start_daily(page, site)
    audit("game-first-turn")
    play_turn(page, 0, "1,1", 0)
    audit("game-after-placement")
    page.click('[data-hand-index="1"]')
    audit("game-hand-selected")
    page.click('[data-cell][data-empty="true"]:not([data-cell="1,1"])')
    page.wait_for_selector('[data-market-index="0"]:not([disabled])')
    audit("game-placing")

    # The end screen, the analysis (computed here) and the review.
    finish_by_api(page, site, game_id)
    page.reload()
    page.wait_for_selector('[data-action="analyse"]')
    audit("game-end-screen")
    with page.expect_response(lambda response: "/analysis/" in response.url):
        page.click('[data-action="analyse"]')
    do_compute_analysis(Analysis.objects.get(game_id=game_id).pk)
    page.wait_for_selector("[data-accuracy]")
    audit("game-end-screen-analysed")
    analysis = api_get(page, site, f"/api/games/{game_id}/analysis/")
    moments = analysis["key_moments"]
    turn = moments[0]["turn"] if moments else 2
    page.goto(f"{site}/review/{game_id}/#turn-{turn}")
    page.wait_for_selector(f'[data-review-turn="{turn}"]')
    page.wait_for_selector("[data-moves] li[data-loss]")
    audit("review")
    page.goto(f"{site}/share/{game_id}/")
    audit("share")
    page.goto(site + "/me/")
    page.wait_for_selector('[data-profile-root][data-loaded="true"]')
    audit("profile")

    # A scenario game, started.
    page.goto(site + "/scenarios/1/")
    page.click('[data-action="start"]:not([disabled])')
    page.wait_for_selector('[data-game-id] [data-cell][data-empty="true"]')
    audit("scenario-game")

    # Versus: choosing the goals, then mid-play once the opponent has answered.
    versus_id = sit_down(page, site, 2, "easy")
    audit("versus-choosing")
    page.click('[data-action="start"]')
    play_versus_turn(page, 1)
    do_play_opponents(int(versus_id))
    page.wait_for_selector('[data-stat-to-move="you"]', timeout=60_000)
    page.wait_for_selector('[data-stat-turn="2/22"]')
    audit("versus-playing")

    # A player's groups.
    page.goto(site + "/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    page.wait_for_selector('[data-player="alice"]', state="attached")  # folded on a phone
    page.goto(site + "/groups/")
    page.wait_for_selector("[data-group-list] li")
    audit("groups")
    page.goto(f"{site}/groups/{group.pk}/")
    page.wait_for_selector("[data-group-root]")
    page.wait_for_load_state("networkidle")
    audit("group")
    context.close()

    count = sum(len(v) for v in audit.found.values())
    assert not audit.found, f"{count} axe violations ({size}, {scheme}):\n{audit.report()}"


SHOTS = ARTIFACTS / "a11y"


def _luminance(page, selector: str, prop: str = "background-color") -> float:
    """The relative luminance (0 black to 1 white) of an element's computed colour."""
    return page.evaluate(
        """([selector, prop]) => {
          const value = getComputedStyle(document.querySelector(selector))[prop];
          const [r, g, b] = value.match(/[\\d.]+/g).slice(0, 3).map(Number).map((c) => {
            c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        }""",
        [selector, prop],
    )


def _choose(page, theme: str | None = None, symbols: bool | None = None) -> None:
    """Set the display settings by the header's menu, as a reader does."""
    page.click("[data-display-menu] summary")
    if theme is not None:
        page.check(f'[data-theme-choice][value="{theme}"]')
    if symbols is not None:
        page.set_checked("[data-symbols-choice]", symbols)
    page.keyboard.press("Escape")
    assert not page.evaluate("document.querySelector('[data-display-menu]').open")


def _shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(300)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _shown_symbols(page, scope: str) -> list[str]:
    return page.eval_on_selector_all(
        f"{scope} [data-color-symbol]",
        "gs => gs.filter((g) => getComputedStyle(g).display !== 'none')"
        ".map((g) => g.dataset.colorSymbol)",
    )


def test_dark_scheme_colour_symbols_and_reduced_motion(site, browser, settings):
    from django.contrib.sessions.models import Session

    from puzzles.models import Player

    settings.CALICO_ANALYSIS_OPTIONS = {"samples": 2, "candidates": 2}
    do_ensure_challenge(today())

    # A visitor's choices stay in the browser: no player, no session row written.
    context = browser.new_context(viewport=SIZES["laptop"], color_scheme="light")
    page = context.new_page()
    page.goto(site + "/leaderboard/")
    # The skip link: the first Tab shows it; following it puts the focus in the content.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert page.eval_on_selector(".skip-link", "e => e.getBoundingClientRect().top") >= 0
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    assert _luminance(page, "body") > 0.8
    _choose(page, theme="dark", symbols=True)
    assert page.get_attribute("html", "data-theme") == "dark"
    assert _luminance(page, "body") < 0.05
    assert _luminance(page, ".site-header") < 0.05
    page.goto(site + "/archive/")  # remembered on the next page, before its first paint
    assert page.get_attribute("html", "data-symbols") == "on"
    assert _luminance(page, "body") < 0.05
    assert (Player.objects.count(), Session.objects.count()) == (0, 0)
    _choose(page, theme="system", symbols=False)
    assert page.get_attribute("html", "data-theme") is None
    assert _luminance(page, "body") > 0.8
    page.emulate_media(color_scheme="dark")  # "as my device" follows the device
    assert _luminance(page, "body") < 0.05
    context.close()

    for size in ("laptop", "phone"):
        context = browser.new_context(
            viewport=SIZES[size],
            is_mobile=size == "phone",
            has_touch=size == "phone",
            color_scheme="light",
        )
        page = context.new_page()

        # The daily mid-play: a hand patch chosen and placed, the market open.
        game_id = start_daily(page, site)
        play_turn(page, 0, "1,1", 0)
        page.click('[data-hand-index="1"]')
        page.click('[data-cell][data-empty="true"]:not([data-cell="1,1"])')
        page.wait_for_selector('[data-market-index="0"]:not([disabled])')
        assert _shown_symbols(page, "[data-game-root]") == []
        _choose(page, symbols=True)
        patches = page.eval_on_selector_all(
            "[data-board] .patch-shape",
            "ps => ps.map((p) => !!p.querySelector('[data-color-symbol]'))",
        )
        assert patches and all(patches), "every patch on the board carries its symbol"
        for scope in ("[data-board]", "[data-hand]", "[data-market]"):
            assert _shown_symbols(page, scope), f"no symbols shown in {scope}"
        described = page.eval_on_selector_all(
            "[data-hand] [data-hand-index], [data-market] [data-market-index]",
            "bs => bs.map((b) => [b.querySelector('.slot-label').textContent.split(' ')[0],"
            " b.querySelector('[data-color-symbol]').dataset.colorSymbol])",
        )
        assert all(color == symbol for color, symbol in described), described
        # Focus is always seen: the board (an outline and its cursor), a market button (a ring).
        page.focus("[data-board] svg.board")
        focused = "getComputedStyle(document.activeElement)"
        assert page.evaluate("document.activeElement.matches(':focus-visible')")
        assert page.evaluate(f"{focused}.outlineStyle") == "solid"
        assert page.locator("[data-board] .cursor").count() == 1
        _shoot(page, f"focus-board-{size}")
        page.focus('[data-market-index="1"]')
        assert page.evaluate(f"{focused}.boxShadow") != "none"
        for scheme in ("light", "dark"):
            _choose(page, theme=scheme)
            for symbols in (False, True):
                _choose(page, symbols=symbols)
                tag = f"{size}-{scheme}-{'symbols' if symbols else 'plain'}"
                _shoot(page, f"game-{tag}")

        # The review (its analysis computed here).
        _choose(page, theme="light", symbols=False)
        finish_by_api(page, site, game_id)
        post_json(page, site, f"/api/games/{game_id}/analysis/")
        do_compute_analysis(Analysis.objects.get(game_id=game_id).pk)
        page.goto(f"{site}/review/{game_id}/")
        page.wait_for_selector("[data-moves] li[data-loss]")
        for scheme in ("light", "dark"):
            _choose(page, theme=scheme)
            for symbols in (False, True):
                _choose(page, symbols=symbols)
                tag = f"{size}-{scheme}-{'symbols' if symbols else 'plain'}"
                _shoot(page, f"review-{tag}")
        assert _shown_symbols(page, "[data-board]")

        # Versus, mid-play, and the home page.
        _choose(page, theme="light", symbols=False)
        versus_id = sit_down(page, site, 2, "easy")
        page.click('[data-action="start"]')
        play_versus_turn(page, 1)
        do_play_opponents(int(versus_id))
        page.wait_for_selector('[data-stat-turn="2/22"]', timeout=60_000)
        for scheme in ("light", "dark"):
            _choose(page, theme=scheme)
            for symbols in (False, True):
                _choose(page, symbols=symbols)
                tag = f"{size}-{scheme}-{'symbols' if symbols else 'plain'}"
                _shoot(page, f"versus-{tag}")
        assert _shown_symbols(page, "[data-opponent]")
        page.goto(site + "/")
        page.wait_for_selector("[data-board] [data-cell]")
        for scheme in ("light", "dark"):
            _choose(page, theme=scheme)
            for symbols in (False, True):
                _choose(page, symbols=symbols)
                _shoot(page, f"home-{size}-{scheme}-{'symbols' if symbols else 'plain'}")
        page.click("[data-display-menu] summary")
        page.wait_for_selector("[data-symbol-key] svg")
        page.screenshot(path=str(SHOTS / f"display-menu-{size}.png"))
        page.keyboard.press("Escape")
        context.close()

    # Reduced motion: no toast slide, no pop, no opponent highlight; otherwise they move.
    for motion, moving in (("no-preference", True), ("reduce", False)):
        context = browser.new_context(viewport=SIZES["laptop"], reduced_motion=motion)
        page = context.new_page()
        page.goto(site + "/versus/")
        names = page.evaluate(
            """() => {
              const probe = (html) => {
                const holder = document.createElement("div");
                holder.innerHTML = html;
                document.body.append(holder);
                return getComputedStyle(holder.querySelector("[data-probe]")).animationName;
              };
              return [
                probe('<div class="toast" data-probe></div>'),
                probe('<svg class="board"><g class="just-placed">'
                  + '<g class="patch-shape" data-probe></g></g></svg>'),
                probe('<div class="versus"><div class="opponent placing" data-probe></div></div>'),
              ];
            }"""
        )
        assert all((name != "none") == moving for name in names), (motion, names)
        context.close()
