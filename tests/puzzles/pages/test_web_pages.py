"""The site's own pages for errors (404 and 500: styled, with a way home) and the
leaderboard's steps to the days before and after (only days with a challenge)."""

import datetime
import json
import re
from pathlib import Path

import pytest
from django.test import RequestFactory

from puzzles.game_state import today
from puzzles.services.challenges import do_ensure_challenge
from solver.game import GOAL_CELLS, PATCH_CELLS, TURNS, cell_name

SCRIPTS = Path(__file__).resolve().parents[3] / "puzzles" / "static" / "puzzles" / "js"

pytestmark = pytest.mark.django_db


def test_an_unknown_address_gets_the_sites_own_404_page(client):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert 'data-error-page="404"' in html
    assert "/no/such/page/" in html  # says what was asked for
    assert "calico.css" in html and 'class="site-header"' in html  # the site's look
    assert 'href="/"' in html  # and a way home


def test_a_server_error_gets_the_sites_own_500_page():
    from core.api.errors import server_error  # after Django's set-up: DRF's settings import it

    # The site's handler500 renders the page with no request context: it must need none.
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    html = response.content.decode()
    assert 'data-error-page="500"' in html
    assert "calico.css" in html and 'href="/"' in html
    assert "Something went wrong" in html


def test_the_leaderboard_steps_only_to_days_with_a_challenge(client):
    day = today()
    first = day - datetime.timedelta(days=3)
    for back in (3, 1):  # no challenge two days ago
        do_ensure_challenge(day - datetime.timedelta(days=back))
    do_ensure_challenge(day)

    html = client.get(f"/leaderboard/{first}/").content.decode()
    assert 'data-day-step="-1"' not in html, "no Earlier before the first day"
    yesterday = day - datetime.timedelta(days=1)
    assert f'data-day-step="1" href="/leaderboard/{yesterday}/"' in html  # skips the gap

    html = client.get("/leaderboard/").content.decode()
    assert f'data-day-step="-1" href="/leaderboard/{yesterday}/"' in html
    assert 'data-day-step="1"' not in html, "no Later after today"


def test_the_pages_get_the_engines_constants_and_no_script_retypes_them(client):
    html = client.get("/").content.decode()
    found = re.search(r'<script id="calico-engine" type="application/json">(.*?)</script>', html)
    assert json.loads(found.group(1)) == {
        "goal_cells": [cell_name(cell) for cell in GOAL_CELLS],
        "patch_cells": [cell_name(cell) for cell in PATCH_CELLS],
        "turns": TURNS,
    }
    scripts = {path.name: path.read_text() for path in SCRIPTS.glob("*.js")}
    for cell in GOAL_CELLS:
        retyped = [name for name, text in scripts.items() if f'"{cell_name(cell)}"' in text]
        assert not retyped, f"goal space {cell_name(cell)} retyped in {retyped}"


@pytest.mark.django_db
def test_a_day_that_had_no_daily_is_a_404_page_with_the_way_to_today(daily):
    """Issue 35, point 10: ``/play/<a day with no challenge>/`` answered 200 and its script
    said the API's error ("date: there is no challenge for …")."""
    from django.test import Client

    page = Client().get("/play/2001-01-01/", HTTP_ACCEPT_LANGUAGE="es")
    assert page.status_code == 404 and b'data-error-page="404"' in page.content
    assert "No hubo colcha diaria el 2001-01-01" in page.content.decode()
    assert b'href="/"' in page.content
    assert Client().get(f"/play/{daily.date}/").status_code == 200
