"""A real Celery worker plays the versus opponents: at every level their turns follow the
player's move at once, and the tables run to their standings."""

import time

import pytest
from helpers.games import GOAL_CELLS

from solver.game import TURNS
from versus.models import VersusGame

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for_turn(client, game_id: int, seconds: float = 120) -> dict:
    """Poll until it is the player's turn or the game is over; the limit only stops a stuck
    test (a worker that died), it is not a timing assert."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        game = client.get(f"/api/versus/{game_id}/").json()
        assert not game["opponent_error"], game["opponent_error"]
        if game["to_move"] in ("you", None):
            return game
        time.sleep(0.1)
    pytest.fail(f"the opponents of versus {game_id} did not move in {seconds} s")


def test_a_worker_plays_the_opponents_of_every_level(celery_worker_process, alice_api):
    games = {}
    for level, opponents in (("easy", 2), ("medium", 1), ("hard", 1)):
        game = alice_api.post("/api/versus/", {"opponents": opponents, "level": level}, "json")
        options = game.json()["you"]["goal_options"]
        goals = {"goals": dict(zip(GOAL_CELLS, options, strict=False))}
        game = alice_api.post(f"/api/versus/{game.json()['id']}/goals/", goals, "json").json()
        games[level] = game
    for _ in range(TURNS):
        for game in games.values():
            move = {
                "turn": game["turn"],
                "hand_index": 0,
                "cell": game["you"]["empty_cells"][0],
                "market_index": None if game["turn"] == TURNS else 0,
            }
            response = alice_api.post(f"/api/versus/{game['id']}/moves/", move, "json")
            assert response.status_code == 200, response.content
        for level, game in games.items():
            games[level] = wait_for_turn(alice_api, game["id"])
    for level, game in games.items():
        assert game["status"] == "finished", level
        assert len(game["result"]) == len(game["opponents"]) + 1
        assert all(len(o["quilt"]["placements"]) == TURNS for o in game["opponents"])
        assert VersusGame.objects.get(pk=game["id"]).rank in {e["rank"] for e in game["result"]}
