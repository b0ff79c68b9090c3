"""Holes closed in the API: login CSRF, tokens that outlive a log-out, and inputs that gave a
500 (``page=²``, a deeply nested JSON body), plus a sweep of query strings on every GET."""

import re
import string

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from puzzles.services.players import do_ensure_token

PASSWORD = "a long password 1"


def csrf_token_of(client: Client) -> str:
    """What the page's own log-in form carries: the CSRF cookie and the token in the form."""
    page = client.get("/login/")
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)


def token_works(token: str) -> bool:
    """Authenticated (404: not my game) or refused ("Invalid token.")."""
    response = APIClient(HTTP_AUTHORIZATION=f"Token {token}").get("/api/games/999/")
    assert response.status_code == 404 or "Invalid token" in response.json()["detail"]
    return response.status_code == 404


def test_a_foreign_page_cannot_log_a_visitor_in(make_player):
    make_player("mallory")
    victim = APIClient(enforce_csrf_checks=True)  # as a browser: a POST from another site
    response = victim.post("/api/auth/login/", {"username": "mallory", "password": PASSWORD})
    assert response.status_code == 403
    assert response.json()["error"] == "permission_denied" and "CSRF" in response.json()["detail"]
    assert "_auth_user_id" not in victim.session


def test_the_sites_own_log_ins_keep_working_with_csrf_checked(make_player):
    make_player("hank")
    page = Client(enforce_csrf_checks=True)
    form = {"username": "hank", "password": PASSWORD, "csrfmiddlewaretoken": csrf_token_of(page)}
    assert page.post("/login/", form).status_code == 302
    assert page.session["_auth_user_id"]

    script = APIClient(enforce_csrf_checks=True)  # a page script sends the header
    header = {"HTTP_X_CSRFTOKEN": csrf_token_of(script)}
    body = {"username": "hank", "password": PASSWORD}
    assert script.post("/api/auth/login/", body, **header).status_code == 200


def test_logging_out_revokes_the_token_the_session_was_given(make_player):
    make_player("ivy")
    browser = APIClient()
    token = browser.post("/api/auth/login/", {"username": "ivy", "password": PASSWORD})
    token = token.json()["token"]
    assert token_works(token)
    browser.post("/logout/")
    assert not token_works(token)
    assert not Token.objects.filter(key=token).exists()


def test_a_player_rotates_their_token(alice):
    old = do_ensure_token(alice)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {old}")
    response = api.post("/api/auth/token/rotate/")
    assert response.status_code == 200
    new = response.json()["token"]
    assert new != old
    assert not token_works(old) and token_works(new)
    assert APIClient().post("/api/auth/token/rotate/").status_code in (401, 403)


@pytest.mark.parametrize("number", ["²", "٣x", "1.5", "-1", "0", " ", "x" * 2000])
def test_a_page_that_is_not_a_page_number_is_a_400(daily, number):
    response = APIClient().get(f"/api/leaderboards/{daily.date}/", {"page": number})
    assert response.status_code == 400, response.content
    assert response.json()["error"] == "bad_request" and "page" in response.json()["detail"]


# Every POST that reads a body (asking for a hint and rotating a token read none).
POSTS = [
    "/api/auth/register/",
    "/api/auth/token/",
    "/api/auth/login/",
    "/api/games/",
    "/api/games/{game}/moves/",
]


@pytest.mark.parametrize("depth", [100_000, 2_000])
@pytest.mark.parametrize("path", POSTS)
def test_a_deeply_nested_body_is_a_400_on_every_post(alice_api, start_game, daily, path, depth):
    game = start_game(alice_api)
    body = "[" * depth + "]" * depth
    url = path.format(game=game["id"])
    response = alice_api.post(url, body, content_type="application/json")
    assert response.status_code == 400, (url, response.status_code)
    assert response.json()["error"] == "bad_request" and "JSON" in response.json()["detail"]


GETS = [
    "/api/daily/",
    "/api/challenges/",
    "/api/challenges/{date}/",
    "/api/games/{game}/",
    "/api/leaderboards/{date}/",
    "/api/schema/",
    "/",
    "/play/{date}/",
    "/leaderboard/",
    "/leaderboard/{date}/",
    "/archive/",
    "/login/",
    "/signup/",
]
PARAMETERS = st.sampled_from(["page", "hints", "date", "format", "lang", "x", ""])
VALUES = st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["²", "0", "-1", "1e9", "9" * 40, "exclude", "include", "json", "%", "\x00"]
)


@pytest.fixture
def sweep_client(alice, daily, client_for, start_game):
    client = client_for(alice)
    client.force_login(alice)  # the pages too, as this player (no guest per request)
    return client, start_game(client)["id"], daily.date.isoformat()


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(GETS),
    query=st.lists(st.tuples(PARAMETERS, VALUES), max_size=3),
    junk=st.text(alphabet=string.printable, max_size=8),
)
def test_no_query_string_gives_a_server_error_on_any_get(sweep_client, path, query, junk):
    client, game, date = sweep_client
    url = path.format(game=game, date=date)
    response = client.get(url, [*query, ("", junk)] if junk else query)
    assert response.status_code < 500, (url, query, response.status_code)
