"""Come back tomorrow (issue 23): the end screen shares the server's text, link and picture
(copied where the browser has no Web Share), the daily's number from the API in the title and
heading, and the streak on the home page once a daily is finished."""

import io

import pytest
from browser_helpers import ARTIFACTS, TURNS, api_get, empty_cells, play_turn, start_daily
from PIL import Image

from puzzles.models import Game
from puzzles.services.games import do_play_move
from solver.game import cell_name

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = ARTIFACTS / "share"
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


# A share sheet that records what it was given (each file as its type and its pixel size).
WEB_SHARE = """
navigator.canShare = (data) => (data.files || []).every((file) => file instanceof File);
navigator.share = async (data) => {
  const files = await Promise.all((data.files || []).map(async (file) => {
    const bitmap = await createImageBitmap(file);
    return [file.type, bitmap.width, bitmap.height];
  }));
  window.shared = { text: data.text, url: data.url, files };
};
"""


@pytest.fixture(autouse=True)
def tiny_solver(settings):
    settings.CALICO_PAR_OPTIONS = {"playout_width": 1, "samples": 1, "depth": 1}


def snap(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _all_but_the_last_turn(game_id):
    """Turns 1 to 21 by the services, for the page's own player (the guest its Start made)."""
    game = Game.objects.get(pk=game_id)
    player, state = game.player, None
    for turn in range(1, TURNS):
        cell = "1,1" if state is None else cell_name(state.quilt.empty_cells[0])
        move = {"turn": turn, "hand_index": 0, "cell": cell, "market_index": turn % 3}
        game, state, _ = do_play_move(game.pk, player=player, data=move)


def test_the_end_screen_shares_the_servers_text_and_picture(site, browser):
    context = browser.new_context(**DESKTOP, permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    game_id = start_daily(page, site)
    daily = api_get(page, site, "/api/daily/")
    assert isinstance(daily["number"], int)
    assert f"#{daily['number']}" in page.title()
    assert page.get_attribute("[data-puzzle-number]", "data-puzzle-number") == str(daily["number"])
    assert page.locator("[data-home-streak]").is_hidden()  # no finished daily yet

    _all_but_the_last_turn(game_id)
    page.reload()
    page.wait_for_selector(f'[data-stat-turn="{TURNS}/{TURNS}"]')
    play_turn(page, 0, empty_cells(page)[0], None)

    share_button = page.wait_for_selector('[data-action="share"]')
    game = api_get(page, site, f"/api/games/{game_id}/")
    share = game["share"]
    assert game["status"] == "finished" and share["spoiler_free"] is True
    # The browser under test has no Web Share: the button copies the server's words.
    assert page.evaluate("typeof navigator.share") == "undefined"
    assert page.inner_text("[data-share]") == share["text"]

    image = page.locator("[data-share-image]")
    assert image.get_attribute("src") == share["image"]
    assert share["text"].split("\n")[0] in image.get_attribute("alt")
    page.wait_for_function(
        "document.querySelector('[data-share-image]').complete"
        " && document.querySelector('[data-share-image]').naturalWidth > 0"
    )
    natural = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert natural == [1200, 630] == [share["image_width"], share["image_height"]]
    answer = page.request.get(share["image"])
    assert answer.ok and answer.headers["content-type"] == "image/png"
    picture = Image.open(io.BytesIO(answer.body()))
    assert (picture.format, picture.size) == ("PNG", (1200, 630))

    share_button.click()
    page.wait_for_selector('[data-action="share"]:text-is("Copied")')
    assert page.evaluate("navigator.clipboard.readText()") == share["text"]

    assert game["number"] == daily["number"]
    assert f"#{game['number']}" in page.title()
    assert f"#{game['number']}" in page.inner_text("[data-heading]")
    page.locator(".end").scroll_into_view_if_needed()
    snap(page, "end-screen-desktop")

    # The next page load: the home page shows the streak the finished daily began.
    page.goto(site + "/")
    streak = page.wait_for_selector("[data-home-streak]:not([hidden])")
    me = api_get(page, site, "/api/me/")
    assert me["stats"]["current_streak"] == 1
    assert streak.get_attribute("data-home-streak") == "1"
    assert "Streak: 1 day in a row" in streak.inner_text()
    snap(page, "home-streak-desktop")

    # A browser with Web Share (as on a phone): the sheet gets the words, the link and the PNG.
    # Chromium on Linux has no share sheet, so the page's one stands in and records its call.
    sharing = browser.new_context(**DESKTOP, storage_state=context.storage_state())
    sharing.add_init_script(WEB_SHARE)
    with_sheet = sharing.new_page()
    with_sheet.goto(site + "/")
    with_sheet.click('[data-action="share"]')
    sent = with_sheet.wait_for_function("window.shared").json_value()
    assert sent["url"] == share["url"]
    assert sent["text"] + "\n" + share["url"] == share["text"]
    assert sent["files"] == [["image/png", 1200, 630]]
    sharing.close()

    phone = browser.new_context(**PHONE, storage_state=context.storage_state())
    on_phone = phone.new_page()
    on_phone.goto(site + "/")
    on_phone.wait_for_selector("[data-home-streak]:not([hidden])")
    on_phone.wait_for_function("document.querySelector('[data-share-image]')?.complete")
    snap(on_phone, "end-screen-phone")
    assert on_phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.close()
    context.close()


def test_a_visitor_sees_no_streak(site, browser):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(site + "/")
    page.wait_for_selector('[data-action="start"]:not([disabled])')
    page.wait_for_load_state("networkidle")
    assert page.locator("[data-home-streak]").is_hidden()
    assert page.inner_text("[data-home-streak]") == ""
    number = api_get(page, site, "/api/daily/")["number"]
    assert f"#{number}" in page.inner_text("[data-heading]")
    snap(page, "visitor-home-phone")
    context.close()
