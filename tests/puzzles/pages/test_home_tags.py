"""The home page as a shared link previews it (issue 35, point 7): a description and Open
Graph tags with absolute links, in the reader's language; every other page a description."""

from html.parser import HTMLParser

import pytest
from django.test import Client


class _Meta(HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and "content" in attrs:
            self.meta[attrs.get("property") or attrs.get("name")] = attrs["content"]


def meta_of(response) -> dict:
    parser = _Meta()
    parser.feed(response.content.decode())
    return parser.meta


@pytest.mark.django_db
def test_the_home_page_has_a_description_and_open_graph_tags():
    meta = meta_of(Client().get("/"))
    assert meta["description"].startswith("A daily puzzle of the board game Calico")
    assert meta["og:title"] == "Calico Daily: one shared quilt a day"
    assert meta["og:description"] == meta["description"]
    assert meta["og:url"] == "http://testserver/"
    assert meta["og:image"].startswith("http://testserver/") and meta["og:image"].endswith(".png")
    assert meta["og:type"] == "website" and meta["twitter:card"] == "summary"
    assert meta["og:locale"] == "en_GB"

    spanish = meta_of(Client(HTTP_ACCEPT_LANGUAGE="es").get("/"))
    assert spanish["og:description"].startswith("Un puzle diario del juego de mesa Calico")
    assert spanish["og:locale"] == "es_ES"


@pytest.mark.django_db
def test_other_pages_describe_the_site_without_the_home_s_preview():
    meta = meta_of(Client().get("/archive/"))
    assert meta["description"].startswith("A daily puzzle of the board game Calico")
    assert "og:title" not in meta
