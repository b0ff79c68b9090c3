"""Numbers written into markup are locale-neutral (issue 35, point 5): every ``data-*``
attribute and every SVG attribute of a server-rendered page is the same in Spanish as in
English (Spanish writes a decimal comma, which Chromium rejects in an SVG length and a script
reads as two numbers)."""

import datetime
from html.parser import HTMLParser

import pytest
from django.test import Client
from test_read_pages import finished_game

from groups.services import do_create_group
from puzzles.models import Player

LANGUAGES = {"en": "en-GB,en;q=0.9", "es": "es-ES,es;q=0.9"}
SVG_TAGS = {"svg", "rect", "line", "polyline", "polygon", "circle", "ellipse", "path", "text", "g"}
WORDS = {"aria-label", "title", "alt"}  # what a reader reads, in the reader's language


class _Numbers(HTMLParser):
    """Each tag's machine attributes, in document order: ``data-*`` anywhere, all of an SVG
    element's but its words."""

    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("data-") or (tag in SVG_TAGS and name not in WORDS):
                self.found.append((tag, name, value))


def numbers_of(html: str) -> list[tuple]:
    parser = _Numbers()
    parser.feed(html)
    return parser.found


@pytest.mark.django_db
def test_every_data_and_svg_attribute_is_the_same_in_spanish(daily, alice):
    """Pages with fractional numbers in them: the end screen's standing where alice is second
    of three (a percentile of 66.7), the leaderboard, her profile, a group, the archive, the
    ratings and the day's story."""
    day = daily.date - datetime.timedelta(days=1)
    for name, score in (("bea", 70), ("dan", 50)):
        finished_game(Player.objects.create(username=name), day, score, par=55)
    finished_game(alice, day, 60, par=55)
    group = do_create_group(alice, name="Las colchas de Ana")
    pages = [
        "/archive/",
        f"/leaderboard/{day}/",
        f"/leaderboard/{day}/standing/",
        "/leaderboard/",
        "/groups/",
        f"/groups/{group.pk}/",
        "/me/",
        "/players/alice/",
        "/scenarios/",
        "/ratings/",
        f"/day/{day}/",
        "/",
        "/versus/",
    ]
    readers = {}
    for language, accept in LANGUAGES.items():
        readers[language] = Client(HTTP_ACCEPT_LANGUAGE=accept)
        readers[language].force_login(alice)
    checked = 0
    for path in pages:
        found = {}
        for language, reader in readers.items():
            response = reader.get(path)
            assert response.status_code == 200, (path, language, response.status_code)
            found[language] = numbers_of(response.content.decode())
        differ = [(en, es) for en, es in zip(found["en"], found["es"], strict=True) if en != es]
        assert not differ, (path, differ)
        checked += sum(any(c.isdigit() for c in value or "") for _, _, value in found["en"])
    standing = readers["es"].get(f"/leaderboard/{day}/standing/").content.decode()
    percentile = [v for _, name, v in numbers_of(standing) if name == "data-percentile"]
    assert percentile == ["66.7"], percentile  # a fraction, so the comparison above can fail
    assert checked > 100
