"""Spanish on a phone (issue 35, point 5): every table fits its box at 390 px, no SVG number
is written with a decimal comma, and no page logs a console error (Chromium logs one for
each SVG length it rejects), in Spanish and in English."""

import datetime

import pytest
from test_players_pages import finished_game

from accounts.services.players import do_register
from groups.services import do_create_group
from puzzles.game_state import today
from puzzles.models import Player

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PASSWORD = "a long password 1"
NUMERIC = [
    "x",
    "y",
    "x1",
    "x2",
    "y1",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "width",
    "height",
    "stroke-width",
    "font-size",
    "opacity",
    "fill-opacity",
    "viewBox",
    "points",
]

# Each table wider than the box it sits in (its parent's inner width), and each SVG numeric
# attribute with a decimal comma: a digit, a comma, a digit with no space (a points list
# writes "x,y" pairs, so there a pair is two numbers: "1.5,2" is right, "1,5,2" is not).
TABLES_AND_SVG = """(numeric) => {
  const wide = [...document.querySelectorAll('main table')].filter((t) => t.offsetParent)
    .map((t) => [t.className, Math.round(t.getBoundingClientRect().width),
                 t.parentElement.clientWidth])
    .filter(([, width, box]) => width > box);
  const commas = [];
  for (const node of document.querySelectorAll('svg, svg *')) {
    for (const name of numeric) {
      const value = node.getAttribute(name);
      if (value === null) continue;
      const bad = name === 'points'
        ? value.trim().split(/\\s+/).some((pair) => pair.split(',').length !== 2)
        : /\\d,\\d/.test(value);
      if (bad) commas.push(`${node.tagName} ${name}="${value}"`);
    }
  }
  return {wide, commas};
}"""


@pytest.fixture
def a_full_day(db):
    """Yesterday (closed) with eight ranked quilts of long names, with hints; alice among them,
    in a group; a game of hers today."""
    day = today() - datetime.timedelta(days=1)
    alice = do_register("alice", password=PASSWORD)
    for n, score in enumerate((91, 88, 84, 80, 77, 73, 70, 65)):
        player = alice if n == 3 else Player.objects.create(username=f"quilter_{n}_longname")
        game = finished_game(player, day, score, par=83)
        game.hints_used = n % 3
        game.save(update_fields=["hints_used"])
    finished_game(alice, today(), 71)
    group = do_create_group(alice, name="Las colchas de Ana")
    return day, group


@pytest.mark.parametrize("locale", ["es-ES", "en-GB"])
def test_every_table_fits_a_phone_and_no_svg_number_has_a_comma(
    site, browser, shot, a_full_day, locale
):
    day, group = a_full_day
    page = browser.new_context(locale=locale, **PHONE).new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site + "/login/")
    page.fill('input[name="username"]', "alice")
    page.fill('input[name="password"]', PASSWORD)
    page.click('button[type="submit"]')
    page.wait_for_url(site + "/")
    pages = {
        "leaderboard": f"/leaderboard/{day}/",
        "leaderboard-today": "/leaderboard/",
        "archive": "/archive/",
        "profile": "/me/",
        "player": "/players/quilter_0_longname/",
        "group": f"/groups/{group.pk}/",
        "groups": "/groups/",
        "ratings": "/ratings/",
        "day": f"/day/{day}/",
        "scenarios": "/scenarios/",
    }
    seen_tables = 0
    for name, path in pages.items():
        page.goto(site + path)
        page.wait_for_load_state("networkidle")
        found = page.evaluate(TABLES_AND_SVG, NUMERIC)
        if found["wide"]:
            shot(page, f"tables-{name}-{locale[:2]}-too-wide")
        assert not found["wide"], (name, found["wide"])
        assert not found["commas"], (name, found["commas"][:5])
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        seen_tables += page.locator("main table").count()
        shot(page, f"tables-{name}-{locale[:2]}")
    assert seen_tables >= 5
    assert not errors, errors
    page.context.close()
