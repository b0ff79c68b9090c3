"""A versus table through the API, for the tests of every app that sits down at one."""

from helpers.games import GOAL_CELLS
from solver.game import TURNS


def versus_move(game: dict, hand_index: int = 0) -> dict:
    return {
        "turn": game["turn"],
        "hand_index": hand_index,
        "cell": game["you"]["empty_cells"][0],
        "market_index": None if game["turn"] == TURNS else 0,
    }


def sit_down(client, opponents=1, level="easy") -> dict:
    created = client.post("/api/versus/", {"opponents": opponents, "level": level}, "json")
    assert created.status_code == 201, created.content
    game = created.json()
    goals = dict(zip(GOAL_CELLS, game["you"]["goal_options"], strict=False))
    chosen = client.post(f"/api/versus/{game['id']}/goals/", {"goals": goals}, "json")
    assert chosen.status_code == 200, chosen.content
    return chosen.json()
