"""The share of a finished game: its words and links in the game JSON, its picture (a PNG of
the Open Graph size that shows no sewn patch before the day's close, only the quilt's
silhouette, and the quilt after it,
cached by ETag) and its page's Open Graph tags; nothing of an unfinished game."""

import datetime
import io
import re
from html.parser import HTMLParser

import pytest
import time_machine
from PIL import Image

from puzzles.game_state import replay, today
from puzzles.models import Game, Player
from puzzles.share.card import HEX_R, PATCH_RGB, SEWN, _centre
from solver.game import GOAL_CELLS, PATCH_CELLS

# a pixel this close to a patch colour (each channel) counts as that colour: well under the
# distance from any of them to the page's cream, ink and goal-space colours
NEAR = 6


def _after_close():
    midnight = datetime.datetime.combine(today(), datetime.time(), datetime.UTC)
    return time_machine.travel(midnight + datetime.timedelta(days=1, seconds=5), tick=False)


@pytest.fixture
def finished(alice_api, start_game, play_through, settings):
    settings.CALICO_FIRST_DAILY = today() - datetime.timedelta(days=6)
    return play_through(alice_api, start_game(alice_api))[-1]


def _image(response) -> Image.Image:
    assert response.status_code == 200, response.content[:200]
    assert response["Content-Type"] == "image/png"
    image = Image.open(
        io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content)
    )
    assert image.format == "PNG"
    return image.convert("RGB")


def _patch_pixels(image: Image.Image) -> dict[int, int]:
    """How many pixels are (nearly) each patch colour, by colour index."""
    counts = dict.fromkeys(range(len(PATCH_RGB)), 0)
    for count, rgb in image.getcolors(maxcolors=image.width * image.height):
        for k, patch in enumerate(PATCH_RGB):
            if all(abs(a - b) <= NEAR for a, b in zip(rgb, patch, strict=True)):
                counts[k] += count
    return counts


def test_a_finished_game_has_its_share_and_an_unfinished_one_none(
    alice_api, finished, start_game, make_player, client_for
):
    share = finished["share"]
    game_id = finished["id"]
    assert share["url"] == f"http://testserver/share/{game_id}/"
    assert share["image"] == f"http://testserver/share/{game_id}/image.png"
    assert "Calico Daily #6" in share["text"] and share["url"] in share["text"]
    assert f"{finished['score']['total']} points" in share["text"]
    assert share["spoiler_free"] is True
    assert alice_api.get(f"/api/games/{game_id}/").json()["share"] == share
    bob_game = start_game(client_for(make_player("bob")))
    assert "share" not in bob_game


def test_the_picture_shows_no_patch_before_the_close_and_the_quilt_after(client, finished):
    url = f"/share/{finished['id']}/image.png"
    before = _image(client.get(url))
    assert before.size == (1200, 630)
    assert _interior_colours(before) == set(), "a sewn patch's colour before the close"
    with _after_close():
        after = _image(client.get(url))
        assert after.size == (1200, 630)
        assert client.get(f"/api/games/{finished['id']}/").status_code in (401, 403)
    state, _ = replay(Game.objects.get(pk=finished["id"]))
    shown = _patch_pixels(after)
    for colour in {patch // 6 for patch in state.quilt.cells if patch >= 0}:
        assert shown[colour] > 2000, (colour, shown)  # a hex is about 7,000 pixels
    assert before.tobytes() != after.tobytes()


def _interior_colours(image: Image.Image) -> set[int]:
    """The patch colours seen on the quilt's sewn spaces (a grid of points in each hex)."""
    seen = set()
    for cell in PATCH_CELLS:
        cx, cy = _centre(cell)
        for dx in range(-30, 31, 6):
            for dy in range(-30, 31, 6):
                rgb = image.getpixel((round(cx + dx), round(cy + dy)))
                for k, patch in enumerate(PATCH_RGB):
                    if all(abs(a - b) <= NEAR for a, b in zip(rgb, patch, strict=True)):
                        seen.add(k)
    return seen


def test_before_the_close_the_picture_is_the_quilts_silhouette(client, finished):
    """Issue 53 (10): the advert is the quilt's outline, not three hexes and dots: the
    board's printed border in its colours (public: the challenge's ``border``), every sewn
    space in one cloth tone, no sewn patch's colour anywhere."""
    image = _image(client.get(f"/share/{finished['id']}/image.png"))
    state, _ = replay(Game.objects.get(pk=finished["id"]))
    edge = HEX_R * 0.7  # inside the hex, clear of its motif and symbol
    for cell, patch in enumerate(state.quilt.cells):
        cx, cy = _centre(cell)
        pixel = image.getpixel((round(cx - edge), round(cy)))
        if cell in PATCH_CELLS:
            assert pixel == SEWN, (cell, pixel)
        elif cell not in GOAL_CELLS:
            assert pixel == PATCH_RGB[patch // 6], (cell, pixel)
    assert _interior_colours(image) == set()


def test_the_picture_is_cached_by_etag_until_the_close(client, finished):
    url = f"/share/{finished['id']}/image.png"
    first = client.get(url)
    etag = first["ETag"]
    assert etag and "public" in first["Cache-Control"]
    closes = datetime.datetime.combine(
        today() + datetime.timedelta(days=1), datetime.time(), datetime.UTC
    )
    max_age = int(first["Cache-Control"].split("max-age=")[1].split(",")[0])
    left = (closes - datetime.datetime.now(datetime.UTC)).total_seconds()
    assert 0 < max_age <= min(3600, left + 1)  # never kept past the close
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again["ETag"] == etag
    with _after_close():
        closed = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert closed.status_code == 200 and closed["ETag"] != etag  # now with the quilt


def test_the_share_page_names_the_picture_in_its_open_graph_tags(client, finished):
    players = Player.objects.count()
    response = client.get(f"/share/{finished['id']}/")
    assert response.status_code == 200
    page = _Tags()
    page.feed(response.content.decode())
    og = page.meta
    assert og["og:image"] == finished["share"]["image"]
    assert og["og:image"].startswith("http://testserver/")
    assert (og["og:image:width"], og["og:image:height"]) == ("1200", "630")
    assert "Calico Daily #6" in og["og:title"] and str(finished["score"]["total"]) in og["og:title"]
    assert og["og:description"] and og["og:url"] == finished["share"]["url"]
    assert "/" in page.links  # play today's daily
    assert Player.objects.count() == players and "sessionid" not in response.cookies


def test_an_unfinished_or_unknown_game_shows_nothing(client, make_player, client_for, start_game):
    game = start_game(client_for(make_player("bob")))
    for path in ("/share/{}/", "/share/{}/image.png"):
        unfinished = client.get(path.format(game["id"]))
        unknown = client.get(path.format(game["id"] + 1000))
        assert unfinished.status_code == unknown.status_code == 404
        same = [
            _page_text(r).replace(f"game {n} ", "game N ")
            for r, n in ((unfinished, game["id"]), (unknown, game["id"] + 1000))
        ]
        assert same[0] == same[1]
    assert client.get(f"/share/{10**30}/image.png").status_code == 404


def _page_text(response) -> str:
    """The body without the page's CSRF tokens (new ones for each response) and the language
    switch's way back (the page's own address)."""
    body = re.sub(r'name="csrf-token" content="[^"]*"', "", response.content.decode())
    return re.sub(r'name="(csrfmiddlewaretoken|next)" value="[^"]*"', "", body)


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta, self.links = {}, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and "property" in attrs:
            self.meta[attrs["property"]] = attrs.get("content")
        if tag == "a":
            self.links.append(attrs.get("href"))


def test_every_patch_in_the_picture_carries_its_colours_symbol(client, finished):
    """The colour-blind aid (always on in the picture): a white disc under each patch's motif,
    holding one of six different ink shapes."""
    from PIL import ImageDraw

    from puzzles.share.card import SYMBOL_OFFSET, SYMBOL_R, WHITE, _centre, _symbol

    with _after_close():
        image = _image(client.get(f"/share/{finished['id']}/image.png"))
    state, _ = replay(Game.objects.get(pk=finished["id"]))
    placed = [cell for cell, patch in enumerate(state.quilt.cells) if patch >= 0]
    assert placed
    for cell in placed:
        cx, cy = _centre(cell)
        disc = (round(cx + SYMBOL_R * 0.8), round(cy + SYMBOL_OFFSET))  # inside, off the glyph
        assert image.getpixel(disc) == WHITE, (cell, image.getpixel(disc))
    drawn = []
    for colour in range(len(PATCH_RGB)):
        tile = Image.new("RGB", (40, 40), PATCH_RGB[colour])
        _symbol(ImageDraw.Draw(tile), colour, 20, 20)
        drawn.append(tile.tobytes())
    assert len(set(drawn)) == len(PATCH_RGB)
    # a symbol is told apart by its shape, not its patch's colour: the same on any ground
    grey = [Image.new("RGB", (40, 40), (128, 128, 128)) for _ in PATCH_RGB]
    for colour, tile in enumerate(grey):
        _symbol(ImageDraw.Draw(tile), colour, 20, 20)
    assert len({tile.tobytes() for tile in grey}) == len(PATCH_RGB)


def test_a_spanish_players_share_says_its_words_in_spanish_and_its_links_carry_them(
    client, alice_api, finished
):
    """The share's words are the player's, in the player's language (the API's answer is in
    the caller's): text, links, the page's tags and the picture; English links stay as they
    were, and an unknown language is a 400."""
    game_id = finished["id"]
    share = alice_api.get(f"/api/games/{game_id}/", HTTP_ACCEPT_LANGUAGE="es").json()["share"]
    assert share["url"] == f"http://testserver/share/{game_id}/?lang=es"
    assert share["image"] == f"http://testserver/share/{game_id}/image.png?lang=es"
    head, _grid, shape, url = share["text"].split("\n")
    assert head.startswith("Calico Daily #6") and f": {finished['score']['total']} puntos" in head
    assert shape.startswith("objetivos ") and " de 3 · gatos " in shape and "botones " in shape
    assert shape.endswith(" · sin pistas")
    assert url == share["url"]
    assert alice_api.get(f"/api/games/{game_id}/").json()["share"] == finished["share"]

    # A friend with an English browser opens the Spanish link: the share's words are Spanish,
    # the page around them English.
    page = client.get(f"/share/{game_id}/?lang=es", HTTP_ACCEPT_LANGUAGE="en")
    tags = _Tags()
    tags.feed(page.content.decode())
    assert tags.meta["og:title"].endswith(f"{finished['score']['total']} puntos")
    assert tags.meta["og:image"] == share["image"] and tags.meta["og:url"] == share["url"]
    assert tags.meta["og:description"] == share["text"].rsplit("\n", 1)[0].replace("\n", " · ")
    assert (
        '<h1 lang="es">' in page.content.decode() and "Play today's puzzle" in page.content.decode()
    )

    english = client.get(f"/share/{game_id}/image.png")
    spanish = client.get(f"/share/{game_id}/image.png?lang=es", HTTP_ACCEPT_LANGUAGE="en")
    assert spanish["ETag"] != english["ETag"]
    assert _image(spanish).tobytes() != _image(english).tobytes()  # other words, same quilt
    assert (
        client.get(f"/share/{game_id}/image.png", HTTP_ACCEPT_LANGUAGE="es")["ETag"]
        == (english["ETag"])
    )  # a link without a language is English, whoever opens it
    for path in ("/share/{}/?lang=xx", "/share/{}/image.png?lang=xx"):
        refused = client.get(path.format(game_id))
        assert refused.status_code == 400 and "not a language" in refused.content.decode()


def test_no_request_header_draws_or_stores_another_picture(client, finished, monkeypatch):
    """Issue 41, point 1: the ETag (and the shared cache's key) came from the Host header, so
    ``Host: localhost:1``, ``:2``, … each drew a picture and stored it for a day. Now the
    picture and its ETag come from the game and the day alone: one drawing, one ETag, nothing
    in the shared cache, and at most ``DRAWN_KEPT`` pictures kept by a process."""
    from django.core.cache import cache

    from puzzles.selectors import share as share_reads
    from puzzles.web import share as share_page

    drawn = []
    draw = share_reads.image_png
    monkeypatch.setattr(share_reads, "image_png", lambda game: drawn.append(game.pk) or draw(game))
    share_page._drawn.clear()
    url = f"/share/{finished['id']}/image.png"
    answers = [client.get(url, HTTP_HOST=f"localhost:{port}") for port in range(1, 21)]
    assert {answer.status_code for answer in answers} == {200}
    assert len({answer["ETag"] for answer in answers}) == 1
    assert drawn == [finished["id"]]  # drawn once, whatever the hosts
    assert cache.get(f"share-png:{answers[0]['ETag']}") is None
    for n in range(share_page.DRAWN_KEPT + 5):  # other pictures push the oldest out
        share_page._drawn[f"other-{n}"] = b""
        share_page._drawn_png(Game.objects.get(pk=finished["id"]), f"other-{n}")
    assert len(share_page._drawn) <= share_page.DRAWN_KEPT
