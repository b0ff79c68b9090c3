"""A Spanish browser in Chromium (locale es-ES, docs/design.md, Phase 3 "Languages"): the
translated pages say lang="es" and speak Spanish, the scripts too (the JavaScript catalog); the
language switch in the footer works by a tap, is remembered across pages, and makes no player
and no session; a review's reasons come in Spanish."""

import datetime

import pytest
import time_machine
from axe_audit import Audit
from browser_helpers import (
    ARTIFACTS,
    TURNS,
    empty_cells,
    finish_by_api,
    play_turn,
    start_daily,
)
from catalogs import english_patterns, english_words
from django.contrib.sessions.models import Session

from accounts.services.players import do_register
from groups.services import do_create_group
from puzzles.game_state import deal_of, today
from puzzles.models import Analysis, Player
from puzzles.services.analysis import do_compute_analysis, do_request_analysis
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.games import do_play_move, do_start_game
from solver.game import cell_name
from versus.services import do_play_opponents

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long password 1"
SIZES = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "laptop": {"viewport": {"width": 1366, "height": 900}},
}


@pytest.fixture
def bobs_game(settings):
    """Bob's finished ranked game of yesterday (a closed day: anyone may see it), played by
    the services, and its analysis by a tiny fair solver."""
    settings.CALICO_ANALYSIS_OPTIONS = {"samples": 2, "candidates": 2, "playout_width": 1}
    day = today() - datetime.timedelta(days=1)
    bob = do_register("bob", password=PASSWORD)
    with time_machine.travel(datetime.datetime.combine(day, datetime.time(12), datetime.UTC)):
        challenge = do_ensure_challenge(day)
        goals = dict(
            zip(("2,3", "3,4", "4,2"), deal_of(challenge).setup.goal_options, strict=False)
        )
        game, state = do_start_game(bob, date=day, goals=goals), None
        for turn in range(1, TURNS + 1):
            cell = "1,1" if state is None else cell_name(state.quilt.empty_cells[0])
            move = {
                "turn": turn,
                "hand_index": 0,
                "cell": cell,
                "market_index": None if turn == TURNS else 1,
            }
            game, state, _ = do_play_move(game.pk, player=bob, data=move)
    do_compute_analysis(do_request_analysis(game.pk, player=bob).pk)
    return game


def lang(page) -> str:
    return page.get_attribute("html", "lang")


# Every text a reader meets (text on screen, and the aria-label, title and placeholder of
# anything), outside the regions still to come (docs/access.md).
VISIBLE_TEXTS = """(skip) => {
  const outside = (node) => !skip || !node.closest(skip);
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, noscript") || !outside(parent)) continue;
    const text = node.textContent.trim();
    if (parent.getClientRects().length && text) texts.push(text);
  }
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      if (node.getAttribute(name) && outside(node)) texts.push(node.getAttribute(name).trim());
    }
  }
  for (const node of document.querySelectorAll("svg title")) {
    if (outside(node) && node.textContent.trim()) texts.push(node.textContent.trim());
  }
  if (document.title) texts.push(document.title);
  return texts;
}"""
# Nothing is left in English on a Spanish page: no region is skipped any more.
STILL_ENGLISH = ""


def english_left(page, skip: str = "") -> list[str]:
    """The catalogued English texts still on the page (none, once it is translated): whole
    texts, and texts made from an English text with placeholders ("a group of 3 or more")."""
    english, patterns = english_words("es"), english_patterns("es")
    return [
        text
        for text in page.evaluate(VISIBLE_TEXTS, skip or None)
        if text in english or any(pattern.fullmatch(text) for pattern in patterns)
    ]


def test_a_spanish_browser_reads_the_pages_in_spanish_and_switches_by_a_tap(
    site, browser, shot, bobs_game
):
    before = (Player.objects.count(), Session.objects.count())
    for size, options in SIZES.items():
        context = browser.new_context(locale="es-ES", **options)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(f"{site}/login/")
        assert lang(page) == "es"
        assert page.inner_text("h1") == "Iniciar sesión"
        assert "Nombre de usuario" in page.inner_text("main")
        assert not english_left(page)
        shot(page, f"i18n-login-{size}")
        page.goto(f"{site}/signup/")
        assert lang(page) == "es" and page.inner_text("h1") == "Registrarse"
        assert not english_left(page)
        shot(page, f"i18n-signup-{size}")
        page.goto(f"{site}/no-such-page/")
        assert lang(page) == "es" and page.inner_text("h1") == "Aquí no hay nada"
        assert not english_left(page)
        shot(page, f"i18n-404-{size}")

        # The review: its template and its script's words, by the catalog.
        page.goto(f"{site}/review/{bobs_game.pk}/")
        page.wait_for_selector('[data-review-turn="1"]')
        assert lang(page) == "es"
        assert page.inner_text("[data-review-turn]") == f"Turno 1 de {TURNS}"
        assert "La colcha de bob" in page.inner_text("[data-heading]")
        assert "Solo quien jugó una colcha" in page.inner_text("[data-analysis]")
        note = page.inner_text("[data-turn-note]")
        assert "fila 2, casilla 2" in note and " de " in note  # a patch: "amarilla de flores"
        assert not english_left(page, STILL_ENGLISH)
        shot(page, f"i18n-review-{size}")

        # The switch, by a tap (a click on the laptop): English, remembered on the next page.
        act = page.tap if size == "phone" else page.click
        page.goto(f"{site}/login/")
        act('[data-language="en"]')
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert page.url == f"{site}/login/" and page.inner_text("h1") == "Log in"
        assert "Log in" in english_left(page)  # the check sees English where there is some
        page.goto(f"{site}/signup/")
        assert lang(page) == "en" and page.inner_text("h1") == "Sign up"
        act('[data-language="es"]')
        page.wait_for_function("document.documentElement.lang === 'es'")
        assert page.url == f"{site}/signup/" and page.inner_text("h1") == "Registrarse"
        page.locator("[data-language-switch]").scroll_into_view_if_needed()
        shot(page, f"i18n-switch-{size}")
        assert not errors, errors
        context.close()
    assert (Player.objects.count(), Session.objects.count()) == before


def test_the_players_own_review_says_its_reasons_in_spanish(site, browser, shot, bobs_game):
    context = browser.new_context(locale="es-ES", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.goto(f"{site}/login/")
    page.fill('input[name="username"]', "bob")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"].btn-primary')
    page.wait_for_url(f"{site}/")
    page.goto(f"{site}/review/{bobs_game.pk}/#turn-2")
    page.wait_for_selector("[data-accuracy]")
    page.wait_for_selector('[data-review-turn="2"]')
    assert "La colcha de bob" not in page.inner_text("[data-heading]")
    assert page.inner_text("[data-heading]").startswith("Tu colcha")
    assert "precisión" in page.inner_text("[data-analysis]")
    played = page.eval_on_selector_all(
        "[data-played-reasons] li", "ls => ls.map(l => l.textContent)"
    )
    english = ("take ", "pair", "group", "around", "button", "completes", "earns")
    assert played and not any(word in reason for reason in played for word in english), played
    assert not english_left(page, STILL_ENGLISH)
    shot(page, "i18n-own-review-laptop")
    context.close()


# The game page's script-made parts (its template's words are checked by test_languages.py).
SCRIPT_PARTS = (
    "[data-picker], [data-prompt], [data-hint-count], [data-hand], [data-market], [data-stats], "
    "[data-board], [data-cats], [data-score], [data-goal-list], [data-hint-box], [data-toasts], "
    "[data-tutorial]"
)
TEXTS_IN = """(roots) => {
  const texts = [];
  for (const root of document.querySelectorAll(roots)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      if (text && node.parentElement.getClientRects().length) texts.push(text);
    }
    for (const node of [root, ...root.querySelectorAll("[aria-label], [title]")]) {
      for (const name of ["aria-label", "title"]) {
        if (node.getAttribute(name)) texts.push(node.getAttribute(name).trim());
      }
    }
    for (const node of root.querySelectorAll("title")) texts.push(node.textContent.trim());
  }
  return texts;
}"""


def english_in(page, roots: str = SCRIPT_PARTS) -> list[str]:
    english, patterns = english_words("es"), english_patterns("es")
    return [
        text
        for text in page.evaluate(TEXTS_IN, roots)
        if text in english or any(pattern.fullmatch(text) for pattern in patterns)
    ]


def test_a_spanish_game_mid_play_speaks_spanish_in_what_its_scripts_draw(site, browser, shot):
    context = browser.first_visit_context(locale="es-ES", **SIZES["phone"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    assert "Elige tus objetivos de diseño" in page.inner_text("[data-picker]")
    # The first visit's walkthrough, in Spanish: at the picker, then on the board.
    assert "Primero, elige tres objetivos" in page.inner_text('[data-tutorial="pick"]')
    assert not english_in(page), english_in(page)
    page.tap('[data-action="tutorial-done"]')
    page.wait_for_selector("[data-tutorial]", state="detached")
    page.tap('[data-action="start"]')
    page.wait_for_selector('[data-tutorial="place"]')
    assert "Cose una loseta de tu mano" in page.inner_text("[data-tutorial]")
    assert "Paso 1 de 4" in page.inner_text("[data-tutorial]")
    assert not english_in(page, "[data-tutorial]"), english_in(page, "[data-tutorial]")
    shot(page, "i18n-game-tutorial-phone")
    page.tap('[data-action="tutorial-close"]')
    page.wait_for_selector("[data-tutorial]", state="detached")

    prompt = page.inner_text("[data-prompt]")
    assert prompt.startswith("Coloca tu loseta") and "casilla vacía" in prompt, prompt
    assert page.inner_text("[data-hint-count]") == "0 pistas usadas"
    hand = page.get_attribute('[data-hand-index="0"]', "aria-label")
    assert hand.startswith("Loseta 1 de la mano: "), hand
    market = page.get_attribute('[data-market-index="0"]', "aria-label")
    assert market.startswith("Loseta 1 del mercado, junto a la bolsa: "), market
    assert not english_in(page), english_in(page)

    # One whole turn, then the next one mid-way: a patch placed, the market open.
    play_turn(page, 0, empty_cells(page)[0], 1, tap=True)
    page.tap('[data-hand-index="0"]')
    page.tap(f'[data-cell="{empty_cells(page)[0]}"]')
    page.wait_for_function(
        "document.querySelector('[data-prompt]').textContent.startsWith('Ahora toma')"
    )
    assert "Turno" in page.text_content("[data-stats]")
    cell = page.get_attribute('[data-cell][data-empty="false"]', "aria-label")
    assert cell.startswith("Fila "), cell
    assert not english_in(page), english_in(page)
    shot(page, "i18n-game-mid-play-phone")
    assert not errors, errors
    context.close()


# The parts of the server-rendered pages that their scripts fill (charts, group forms' answers):
# the scripts' catalog (djangojs) is translated separately.
SCRIPTS_FILL = "[data-chart-scores], [data-chart-streak], [data-chart-histogram], [data-message]"


def test_the_server_rendered_pages_read_in_spanish_on_a_phone(site, browser, shot, bobs_game):
    """Bob, on a Spanish phone: every read-only page (and the 400 page) says lang="es", speaks
    Spanish and leaves no catalogued English text in what he sees or hears."""
    group = do_create_group(bobs_game.player, name="Las colchas de Bob")
    day = bobs_game.challenge.date.isoformat()
    context = browser.new_context(locale="es-ES", **SIZES["phone"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{site}/login/")
    page.fill('input[name="username"]', "bob")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"].btn-primary')
    page.wait_for_url(f"{site}/")
    pages = {
        "archive": ("/archive/", "Días anteriores"),
        "leaderboard": (f"/leaderboard/{day}/", "Colchas clasificadas"),
        "groups": ("/groups/", "Tus grupos"),
        "group": (f"/groups/{group.pk}/", "Miembros"),
        "join": (f"/groups/join/{group.invite_code}/", "Eres miembro."),
        "me": ("/me/", "Cómo se cuentan"),
        "player": ("/players/bob/", "Días recientes"),
        "scenarios": ("/scenarios/", "Escenarios en solitario"),
        "400": ("/archive/?page=zero", "Esa dirección pide algo extraño"),
    }
    for name, (path, phrase) in pages.items():
        page.goto(f"{site}{path}")
        page.wait_for_load_state("networkidle")
        assert lang(page) == "es", path
        assert phrase in page.inner_text("main"), (path, phrase)
        assert not english_left(page, SCRIPTS_FILL), (path, english_left(page, SCRIPTS_FILL))
        shot(page, f"i18n-{name}-phone")
        # nothing wider than the phone: long Spanish words wrap
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
    assert not errors, errors
    context.close()


SHOTS = ARTIFACTS / "es"
# The states whose screenshots are kept in SHOTS (phone and laptop).
SHOWN = {
    "game-mid-play",
    "game-end-screen",
    "review",
    "versus-playing",
    "scenarios",
    "scenario-game",
    "versus-choosing",
}


# The elements that reach past the screen's right edge, innermost (what to fix), outside the
# parts that scroll by themselves (the header's links).
WIDE = """(width) => {
  const out = (n) => n.getBoundingClientRect().right > width + 0.5;
  const inNav = (n) => Boolean(n.closest("nav"));  // the header's links scroll by themselves
  const name = (n) => `${n.tagName.toLowerCase()}.${[...n.classList].join(".")}`;
  const said = (n) => `"${(n.textContent || "").trim().slice(0, 30)}"`;
  return [...document.body.querySelectorAll("*")]
    .filter((n) => out(n) && !inNav(n) && ![...n.children].some(out)).slice(0, 8)
    .map((n) => `${name(n)} ${said(n)} ${Math.round(n.getBoundingClientRect().right)}`);
}"""


class Reader:
    """Reads each state as a Spanish reader meets it: lang="es", every visible text (and
    every aria-label, title, alt and placeholder) checked against the catalogued English,
    nothing wider than the screen, and axe-core in the light and the dark scheme (the Spanish
    words are other words: their names, contrast and fit are audited again); what is left is
    kept under the state's name."""

    def __init__(self, page, size: str, axe_source: str):
        self.page, self.size, self.found = page, size, {}
        self.audit = Audit(page, axe_source)

    def __call__(self, state: str) -> None:
        page = self.page
        page.wait_for_load_state("networkidle")
        problems = [] if lang(page) == "es" else [f'lang="{lang(page)}"']
        problems += english_left(page)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.viewport_size["width"]:
            screen = page.viewport_size["width"]
            problems.append(f"{width} px wide: {page.evaluate(WIDE, screen)}")
        if problems:
            self.found[state] = problems
        self.audit.in_both_schemes(state)
        if state in SHOWN:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{state}-{self.size}.png"), full_page=True)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_every_page_and_state_reads_in_spanish(
    site, browser, settings, bobs_game, size, axe_source
):
    """Accept-Language es on every page and state a player meets: the daily (before start,
    mid-play, the end screen, analysed), the review, the share, the scenarios and a scenario
    game, versus (choosing, mid-table), the archive, a day's leaderboard, the profile, groups
    and a group, log-in, sign-up, 404 and 400: lang="es" and no catalogued English text."""
    group = do_create_group(bobs_game.player, name="Las colchas de Bob")
    day = bobs_game.challenge.date.isoformat()
    context = browser.new_context(locale="es-ES", **SIZES[size])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    read = Reader(page, size, axe_source)
    act = page.tap if size == "phone" else page.click

    for state, path, ready in [
        ("home", "/", '[data-action="start"]:not([disabled])'),
        ("archive", "/archive/", "main"),
        ("leaderboard", f"/leaderboard/{day}/", "[data-entries]"),
        ("scenarios", "/scenarios/", '[data-scenario="10"] svg'),
        ("login", "/login/", 'input[name="username"]'),
        ("signup", "/signup/", 'input[name="username"]'),
        ("400", "/archive/?page=zero", "main"),
        ("404", "/no-such-page/", "main"),
    ]:
        page.goto(site + path)
        page.wait_for_selector(ready, state="attached")
        read(state)

    # The daily: mid-play (a patch placed, the market open), then the end screen, analysed.
    game_id = start_daily(page, site)
    read("game-first-turn")
    play_turn(page, 0, empty_cells(page)[0], 1, tap=size == "phone")
    act('[data-hand-index="1"]')
    act(f'[data-cell="{empty_cells(page)[0]}"]')
    page.wait_for_selector('[data-market-index="0"]:not([disabled])')
    read("game-mid-play")
    finish_by_api(page, site, game_id)
    page.reload()
    page.wait_for_selector('[data-action="analyse"]')
    read("game-end-screen")
    share = page.inner_text("[data-share]")  # the words the player copies, and the link
    assert " puntos" in share and share.split("\n")[-1].endswith("?lang=es"), share
    with page.expect_response(lambda response: "/analysis/" in response.url):
        act('[data-action="analyse"]')
    do_compute_analysis(Analysis.objects.get(game_id=game_id).pk)
    page.wait_for_selector("[data-accuracy]")
    read("game-end-screen-analysed")
    page.goto(f"{site}/review/{game_id}/#turn-2")
    page.wait_for_selector('[data-review-turn="2"]')
    page.wait_for_selector("[data-moves] li[data-loss]")
    read("review")
    page.goto(share.split("\n")[-1])
    read("share")
    page.goto(site + "/me/")
    page.wait_for_selector('[data-profile-root][data-loaded="true"]')
    read("profile")

    page.goto(site + "/scenarios/2/")
    act('[data-action="start"]:not([disabled])')
    page.wait_for_selector('[data-game-id] [data-cell][data-empty="true"]')
    page.wait_for_selector("[data-scenario-conditions] li")
    read("scenario-game")

    # Versus: choosing the goals, then mid-table once the opponents have answered.
    page.goto(site + "/versus/")
    read("versus-setup")
    page.check('input[name="opponents"][value="2"]')
    page.check('input[name="level"][value="easy"]')
    act('[data-action="sit-down"]')
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    versus_id = page.get_attribute("[data-my-board]", "data-game-id")
    read("versus-choosing")
    act('[data-action="start"]')
    page.wait_for_selector('[data-stat-to-move="you"]')
    cell = page.get_attribute('[data-my-board] [data-cell][data-empty="true"]', "data-cell")
    act('[data-hand-index="1"]')
    act(f'[data-my-board] [data-cell="{cell}"]')
    act('[data-market-index="0"]:not([disabled])')
    page.wait_for_selector(f'[data-my-board] [data-cell="{cell}"][data-empty="false"]')
    do_play_opponents(int(versus_id))
    page.wait_for_selector('[data-stat-turn="2/22"]', timeout=60_000)
    read("versus-playing")

    # Bob's pages: his groups, a group, his profile.
    page.goto(f"{site}/login/")
    page.fill('input[name="username"]', "bob")
    page.fill('input[name="password"]', PASSWORD)
    act('button[type="submit"].btn-primary')
    page.wait_for_url(f"{site}/")
    for state, path, ready in [
        ("groups", "/groups/", "[data-group-list] li"),
        ("group", f"/groups/{group.pk}/", "[data-group-root]"),
        ("player", "/players/bob/", "main"),
    ]:
        page.goto(site + path)
        page.wait_for_selector(ready, state="attached")
        read(state)
    assert not errors, errors
    context.close()
    assert not read.found, read.found
    assert not read.audit.found, read.audit.report()
