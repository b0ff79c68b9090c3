"""The share picture before and after its day's close, against a live server whose clock is
moved (gunicorn under libfaketime, as tests/puzzles/live/test_day_close_live.py does): a PNG of the
size its share page's Open Graph tags state, with no sewn patch of the quilt before the close
(its silhouette: the public border in colour, the sewn spaces in one tone) and the quilt itself
after it. The page and the picture are read by the browser as a visitor's
link preview would be."""

import io
import json
from pathlib import Path

import pytest
from browser_helpers import ARTIFACTS, TURNS, csrf_token
from helpers import processes
from PIL import Image

from puzzles.share.card import PATCH_RGB, _centre
from solver.game import GOAL_CELLS, PATCH_CELLS, cell_name

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
DAY = "2031-05-06"
SHOTS = ARTIFACTS / "teach"


def server_at(clock: str):
    """gunicorn whose clock starts at ``clock`` (UTC) and runs on; returns it and its URL."""
    if not Path(FAKETIME).exists():
        pytest.skip(f"needs libfaketime at {FAKETIME}")
    port = processes.free_port()
    server = processes.start_gunicorn(port, LD_PRELOAD=FAKETIME, FAKETIME=f"@{clock}", TZ="UTC")
    return server, f"http://127.0.0.1:{port}"


def post(page, url: str, body: dict) -> dict:
    headers = {"X-CSRFToken": csrf_token(page), "Content-Type": "application/json"}
    answer = page.request.post(url, data=json.dumps(body), headers=headers)
    assert answer.ok, f"{url}: {answer.status} {answer.text()}"
    return answer.json()


def patch_pixels(picture: Image.Image, cells=None) -> int:
    """Pixels of a patch colour (within a small distance: the drawing is anti-aliased); with
    ``cells``, only those near their hexes' centres."""
    if cells is not None:
        rgb = picture.convert("RGB")
        centres = [_centre(cell) for cell in cells]
        pixels = (
            rgb.getpixel((round(cx + dx), round(cy + dy)))
            for cx, cy in centres
            for dx in range(-30, 31, 5)
            for dy in range(-30, 31, 5)
        )
        near = lambda p, q: sum((a - b) ** 2 for a, b in zip(p, q, strict=True)) < 100  # noqa: E731
        return sum(1 for p in pixels if any(near(p, c) for c in PATCH_RGB))
    small = picture.convert("RGB").resize((600, 315))
    pixels = (small.getpixel((x, y)) for y in range(315) for x in range(600))
    near = lambda p, q: sum((a - b) ** 2 for a, b in zip(p, q, strict=True)) < 100  # noqa: E731
    return sum(1 for p in pixels if any(near(p, c) for c in PATCH_RGB))


def og_picture(page, share_url: str, name: str) -> Image.Image:
    """The share page's og:image as a link preview fetches it, checked against its tags."""
    page.goto(share_url)
    tag = lambda prop: page.get_attribute(f'meta[property="{prop}"]', "content")  # noqa: E731
    assert tag("og:url") == share_url and tag("og:image:type") == "image/png"
    answer = page.request.get(tag("og:image"))
    assert answer.ok and answer.headers["content-type"] == "image/png"
    picture = Image.open(io.BytesIO(answer.body()))
    assert picture.format == "PNG"
    assert picture.size == (int(tag("og:image:width")), int(tag("og:image:height")))
    assert picture.size[0] >= 1200 and picture.size[1] >= 630
    SHOTS.mkdir(parents=True, exist_ok=True)
    picture.save(SHOTS / f"{name}.png")
    return picture


def test_the_share_picture_hides_the_quilt_until_the_day_closes(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    before, site = server_at(f"{DAY} 23:40:00")
    try:
        # A visitor's browser: the page gives it its CSRF cookie, its first write a guest.
        # (This server serves no static files: the game is played by the page's API calls.)
        page.goto(site + "/")
        daily = page.request.get(f"{site}/api/daily/").json()
        goals = dict(zip([cell_name(c) for c in GOAL_CELLS], daily["goal_options"], strict=False))
        game = post(page, f"{site}/api/games/", {"goals": goals})
        game_id = game["id"]
        assert game["date"] == DAY and game["ranked"]
        while game["status"] == "playing":
            move = {
                "turn": game["turn"],
                "hand_index": 0,
                "cell": game["empty_cells"][0],
                "market_index": None if game["turn"] == TURNS else 0,
            }
            game = post(page, f"{site}/api/games/{game_id}/moves/", move)
        share = game["share"]
        assert share["spoiler_free"] is True
        assert share["url"].startswith(site)
        spoiler_free = og_picture(page, share["url"], "share-image-before-close")
        assert patch_pixels(spoiler_free, PATCH_CELLS) == 0  # the border alone is coloured
    finally:
        before.stop()

    after, site_after = server_at("2031-05-07 00:00:30")
    try:
        url = share["url"].replace(site, site_after)
        game = page.request.get(f"{site_after}/api/games/{game_id}/").json()
        assert game["share"]["spoiler_free"] is False
        with_quilt = og_picture(page, url, "share-image-after-close")
        # The quilt: its 22 patches and the printed border, in the patch colours.
        assert patch_pixels(with_quilt) > 20_000
    finally:
        after.stop()
    context.close()
