""" "Your friend finished: see who won": once both games of a duel are finished, the player who
finished first gets one push to each browser they subscribed (the reminders' settings), signed
and encrypted, in their language, decrypted by the test's own push service
(tests/helpers/push.py); at most one a duel, whatever runs again."""

import pytest
from django.test import TestCase
from helpers.games import goals_for, next_move
from helpers.push import run_queued_pushes

from duels.services import do_tell_finished
from puzzles.game_state import today

pytestmark = pytest.mark.django_db


def _finish(api, game):
    while game["status"] == "playing":
        game = api.post(f"/api/games/{game['id']}/moves/", next_move(game), format="json").json()
    return game


def _tell() -> int:
    with TestCase.captureOnCommitCallbacks() as queued:
        told = do_tell_finished()
    run_queued_pushes(queued)
    return told


def test_the_first_to_finish_is_told_once(
    push_service, alice, alice_api, make_player, client_for, daily
):
    alice.language = "es"
    alice.save(update_fields=["language"])
    phone = push_service.browser("phone")
    assert alice_api.post("/api/me/push-subscriptions/", phone, format="json").status_code == 201
    code = alice_api.post("/api/duels/", {"date": today().isoformat()}, format="json").json()
    code = code["code"]
    goals = goals_for(alice_api.get(f"/api/challenges/{today()}/").json())
    _finish(alice_api, alice_api.post("/api/games/", {"goals": goals}, format="json").json())
    bob_api = client_for(make_player("bob"))
    game = bob_api.post(f"/api/duels/{code}/accept/", {"goals": goals}, format="json").json()
    assert _tell() == 0 and push_service.received == []  # bob still plays
    _finish(bob_api, game["game"])

    assert _tell() == 1
    (push,) = push_service.received
    assert push["payload"] == {
        "title": "Tu amigo ha terminado: mira quién ganó",
        "body": "bob ha terminado vuestro duelo.",
        "url": f"http://127.0.0.1:8000/duel/{code}/",
    }
    assert _tell() == 0 and len(push_service.received) == 1  # one a duel
