"""``Cache-Control: private, no-store`` on private answers (issue 47): none carried it, so a
shared cache could keep a player's profile, account page or ``/api/me/`` and hand it to the
next caller."""

import pytest
from django.test import Client

PASSWORD = "a long password 1"


def private(answer) -> bool:
    directives = {d.strip() for d in answer.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives


@pytest.mark.django_db
def test_a_players_own_pages_and_api_answers_are_private(alice, alice_api, daily):
    browser = Client()
    assert browser.post("/login/", {"username": "alice", "password": PASSWORD}).status_code == 302
    for path in ("/me/", "/me/account/", "/me/account/password/", "/", "/leaderboard/"):
        answer = browser.get(path)
        assert answer.status_code == 200 and private(answer), (path, answer.get("Cache-Control"))
    for path in ("/api/me/", "/api/me/export/", "/api/daily/"):
        answer = alice_api.get(path)  # by token
        assert answer.status_code == 200 and private(answer), (path, answer.get("Cache-Control"))


@pytest.mark.django_db
def test_private_paths_are_private_for_anyone_and_public_answers_keep_their_caching(daily):
    anonymous = Client()
    assert private(anonymous.get("/password-reset/"))
    assert private(anonymous.get("/api/me/"))  # its refusal too
    assert not private(anonymous.get("/leaderboard/"))  # a public page to a visitor
    assert "public" in anonymous.get("/manifest.webmanifest")["Cache-Control"]
