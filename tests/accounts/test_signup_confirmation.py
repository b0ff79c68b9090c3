"""Signing up says so (issue 35, point 10): a guest who claims their games and a new player
each see one confirmation on the next page, in their language, and never again; the
confirmation rides in a cookie, so no page writes a session for it."""

import pytest
from django.test import Client

from puzzles.models import Game
from puzzles.services.visitors import do_create_guest

pytestmark = pytest.mark.django_db
PASSWORD = "a long password 1"


def test_a_guest_who_claims_their_games_is_told_they_are_kept(daily):
    browser = Client(HTTP_ACCEPT_LANGUAGE="es")
    guest = do_create_guest("127.0.0.1")
    Game.objects.create(challenge=daily, player=guest, ranked=True)
    browser.force_login(guest)
    answer = browser.post("/signup/", {"username": "ann", "password": PASSWORD}, follow=True)
    assert answer.status_code == 200
    assert "Tus partidas se conservan: ahora juegas como ann." in answer.text
    assert "data-flash" in answer.text and Game.objects.get().player.username == "ann"
    assert "data-flash" not in browser.get("/").text  # once


def test_a_new_player_is_welcomed(daily):
    browser = Client()
    answer = browser.post("/signup/", {"username": "ben", "password": PASSWORD})
    assert answer.status_code == 302 and answer.cookies["messages"].value  # not the session
    assert "Welcome, ben: your account is made." in browser.get(answer.url).text
