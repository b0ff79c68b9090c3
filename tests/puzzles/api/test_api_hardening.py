"""Holes closed in the API: login CSRF, tokens that outlive a log-out, and inputs that gave a
500 (``page=²``, a deeply nested JSON body), plus a sweep of query strings on every GET."""

import json
import re
import string

import pytest
from django.test import Client
from django.utils.module_loading import import_string
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from accounts.services.players import do_ensure_token

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


def test_logging_out_of_a_browser_leaves_the_players_other_clients_working(make_player):
    """Issue 41, point 10: logging out revoked the account's one API token, which the
    player's command line or phone app held too. The session ends; the token stays."""
    ivy = make_player("ivy")
    cli_token = do_ensure_token(ivy)  # the player's other client
    browser = APIClient()
    token = browser.post("/api/auth/login/", {"username": "ivy", "password": PASSWORD})
    assert token.json()["token"] == cli_token
    assert browser.get("/api/me/").status_code == 200
    browser.post("/logout/")
    assert browser.get("/api/me/").status_code in (401, 403)  # the session is over
    assert token_works(cli_token)


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


# Every error under /api/ is {error, detail}, whoever answers it (DRF's views or Django's
# handlers); an id past the database's integer is a 404, never an OverflowError.
HUGE_IDS = ["9" * 30, str(2**63), "1" * 19 + "0"]
ID_PATHS = [
    ("GET", "/api/games/{id}/"),
    ("POST", "/api/games/{id}/moves/"),
    ("POST", "/api/games/{id}/hints/"),
    ("GET", "/api/games/{id}/hints/{id}/"),
    ("GET", "/api/games/{id}/analysis/"),
    ("POST", "/api/games/{id}/analysis/"),
    ("GET", "/api/games/{id}/replay/"),
    ("GET", "/api/versus/{id}/"),
    ("POST", "/api/versus/{id}/goals/"),
    ("POST", "/api/versus/{id}/moves/"),
    ("POST", "/api/versus/{id}/opponents/"),
    ("GET", "/api/groups/{id}/"),
    ("POST", "/api/groups/{id}/invite-code/"),
    ("DELETE", "/api/groups/{id}/members/alice/"),
    ("GET", "/api/groups/{id}/leaderboard/2031-03-04/"),
    ("GET", "/api/groups/{id}/standings/"),
    ("POST", "/api/scenarios/{id}/games/"),
]


@pytest.mark.parametrize("huge", HUGE_IDS)
@pytest.mark.parametrize(("method", "path"), ID_PATHS)
def test_an_id_past_the_largest_row_is_a_json_404(alice_api, method, path, huge):
    url = path.format(id=huge)
    response = getattr(alice_api, method.lower())(url, {}, format="json")
    assert response.status_code == 404, (url, response.content)
    assert response.json() == {"error": "not_found", "detail": f"no API endpoint at {url}"}


@pytest.mark.parametrize(("method", "path"), ID_PATHS)
def test_the_largest_row_id_reaches_the_view_and_is_not_found(alice_api, method, path):
    url = path.format(id=2**63 - 1)
    response = getattr(alice_api, method.lower())(url, {}, format="json")
    assert response.status_code in (400, 404), (url, response.content)  # 400: body checked first
    assert set(response.json()) == {"error", "detail"}


@pytest.mark.parametrize("path", ["/review/{id}/", "/groups/{id}/", "/scenarios/{id}/"])
def test_a_page_with_an_id_past_the_largest_row_is_the_sites_404(alice, path):
    client = Client()
    client.force_login(alice)
    response = client.get(path.format(id="9" * 30))
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html") and "Nothing here" in response.text


def test_no_route_takes_an_unbounded_int():
    """Every id in an address goes through <id:...> (core/converters.py), routes added later
    too: Django's <int:...> takes 30 digits and the lookup overflows."""
    from django.urls import URLResolver, get_resolver
    from django.urls.converters import IntConverter

    def patterns(resolver, prefix=""):
        for entry in resolver.url_patterns:
            route = prefix + str(entry.pattern)
            converters = getattr(entry.pattern, "converters", {})
            yield route, converters
            if isinstance(entry, URLResolver):
                yield from patterns(entry, route)

    unbounded = [
        route
        for route, converters in patterns(get_resolver())
        if not route.startswith("admin/")  # Django's own
        if any(isinstance(c, IntConverter) for c in converters.values())
    ]
    assert unbounded == []


def test_a_json_body_over_the_upload_limit_is_a_json_413(alice_api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"date": "2031-03-04", "junk": "x" * 10_000})
    response = alice_api.post("/api/games/", body, content_type="application/json")
    assert response.status_code == 413, response.content
    assert response.json() == {
        "error": "too_large",
        "detail": "the request body is over 10000 bytes (DATA_UPLOAD_MAX_MEMORY_SIZE)",
    }


def test_a_body_over_the_default_upload_limit_is_a_413_in_every_encoding(make_player):
    make_player("ann")
    big = "x" * (2_621_440 + 1)  # Django's default DATA_UPLOAD_MAX_MEMORY_SIZE, and a byte
    client = APIClient()
    for body, kind in [
        (json.dumps({"username": "ann", "password": big}), "application/json"),
        (f"username=ann&password={big}", "application/x-www-form-urlencoded"),
    ]:
        response = client.post("/api/auth/token/", body, content_type=kind)
        assert response.status_code == 413, (kind, response.content[:200])
        assert response.json()["error"] == "too_large"
    multipart = client.post("/api/auth/token/", {"username": "ann", "password": big})
    assert (multipart.status_code, multipart.json()["error"]) == (413, "too_large")


def test_a_page_form_over_the_upload_limit_is_a_413_page(db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    response = Client().post("/login/", {"username": "ann", "password": "x" * 2_000})
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/html")


def test_a_bad_host_under_the_api_is_a_json_400(db):
    response = Client(HTTP_HOST="evil.example").get("/api/daily/")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request" and "evil.example" in response.json()["detail"]


def test_a_permission_error_outside_drf_is_json_under_the_api_only():
    from django.core.exceptions import PermissionDenied
    from django.test import RequestFactory

    from calico_site import urls

    handler = import_string(urls.handler403)
    api = handler(RequestFactory().get("/api/daily/"), PermissionDenied("not yours"))
    assert (api.status_code, json.loads(api.content)) == (
        403,
        {"error": "permission_denied", "detail": "not yours"},
    )
    page = handler(RequestFactory().get("/archive/"), PermissionDenied("not yours"))
    assert page.status_code == 403 and page["Content-Type"].startswith("text/html")


SECRET = "boom at /work/secret/path.py, password=hunter2"


def boom(*args, **kwargs):
    raise RuntimeError(SECRET)


def test_an_exception_in_an_api_view_is_a_json_500_without_its_traceback(db, monkeypatch):
    from puzzles.selectors import challenges

    monkeypatch.setattr(challenges, "challenge_json", boom)
    response = APIClient(raise_request_exception=False).get("/api/daily/")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["error"] == "server_error" and set(body) == {"error", "detail"}
    for leak in ("Traceback", "RuntimeError", "boom", "hunter2", "/work/"):
        assert leak not in response.text


def test_an_exception_in_a_page_is_the_sites_500_page_without_its_traceback(db, monkeypatch):
    from puzzles.web import days

    monkeypatch.setattr(days, "render", boom)  # the archive is rendered by days.py
    response = Client(raise_request_exception=False).get("/archive/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert "Something went wrong" in response.text
    for leak in ("Traceback", "RuntimeError", "hunter2"):
        assert leak not in response.text


def test_the_schema_is_built_once_per_format_whatever_the_caller_sends(db, monkeypatch):
    """It cost 80-110 ms of CPU per request, to anyone; now a process builds each format once."""
    from drf_spectacular.generators import SchemaGenerator

    from core.api.schema import SchemaView

    monkeypatch.setattr(SchemaView, "built", {})  # as in a fresh process
    builds = []
    build = SchemaGenerator.get_schema

    def counted(self, *args, **kwargs):
        builds.append(self)
        return build(self, *args, **kwargs)

    monkeypatch.setattr(SchemaGenerator, "get_schema", counted)
    client = APIClient()
    first = client.get("/api/schema/")
    assert first.status_code == 200 and first["Content-Type"].startswith("application/vnd.oai")
    for query in ({}, {"lang": "es"}, {"lang": "x" * 50}, {"version": "9"}):
        assert client.get("/api/schema/", query).content == first.content
    as_json = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert json.loads(as_json.content)["openapi"].startswith("3.")
    assert client.get("/api/schema/", {"format": "json"}).content == as_json.content
    assert len(builds) == 2  # YAML once, JSON once
    fresh = APIClient().get("/api/schema/")
    assert fresh.content == first.content and "Content-Disposition" in fresh


def test_a_forged_forwarded_for_first_hop_is_not_the_callers_address(settings):
    """Behind a proxy that appends the address it saw to X-Forwarded-For, a client that sends
    its own header gets a list whose first entry is whatever it chose: counted by that, every
    request would be a new address."""
    from django.test import RequestFactory

    from core.limits import client_address

    settings.CALICO_CLIENT_ADDRESS = "HTTP_X_FORWARDED_FOR"
    forged = RequestFactory(HTTP_X_FORWARDED_FOR="10.9.8.7, 198.51.100.7").get("/")
    assert client_address(forged) == "198.51.100.7"
    plain = RequestFactory(HTTP_X_FORWARDED_FOR=" 198.51.100.8 ").get("/")
    assert client_address(plain) == "198.51.100.8"
    real_ip = RequestFactory(HTTP_X_REAL_IP="198.51.100.9", REMOTE_ADDR="127.0.0.1").get("/")
    settings.CALICO_CLIENT_ADDRESS = "HTTP_X_REAL_IP"
    assert client_address(real_ip) == "198.51.100.9"


@pytest.mark.parametrize("path", ["/api/daily/", "/api/challenges/", "/api/schema/"])
def test_an_unknown_format_is_a_400_naming_it(db, path):
    """Found by the sweep above: ``?format=x`` was DRF's bare 404 ``{"detail": "Not found."}``
    (YAML on the schema), with no ``error``, as if the path did not exist."""
    response = APIClient().get(path, {"format": "x"})
    assert response.status_code == 400
    assert b"bad_request" in response.content  # the schema answers in its own format
    assert b"is not one of" in response.content and b"format: " in response.content
