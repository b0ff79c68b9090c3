"""Plain helpers shared by the service tests: whole games through the API.
(``from helpers.games import ...``: tests/ is on sys.path, as pytest puts it there)."""

GOAL_CELLS = ("2,3", "3,4", "4,2")


def goals_for(challenge_json: dict) -> dict:
    """The first three goal options on the three goal spaces."""
    return dict(zip(GOAL_CELLS, challenge_json["goal_options"], strict=False))


def next_move(game: dict) -> dict:
    """A simple legal move for a game object: first hand patch, first empty cell, slot 0."""
    return {
        "turn": game["turn"],
        "hand_index": 0,
        "cell": game["empty_cells"][0],
        "market_index": None if game["turn"] == 22 else 0,
    }


def goals_of(challenge) -> dict:
    """The first three goal options of ``challenge`` (a row) on the three goal spaces."""
    from puzzles.game_state import deal_of

    return dict(zip(GOAL_CELLS, deal_of(challenge).setup.goal_options, strict=False))
