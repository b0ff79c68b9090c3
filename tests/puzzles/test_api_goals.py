"""GET /api/goals/: the engine's design goals with the names the pages print, so that no page
retypes them."""

from solver.game import GOALS


def test_the_goals_are_the_engines_with_their_labels(client, db):
    response = client.get("/api/goals/")
    assert response.status_code == 200
    goals = {goal["id"]: goal for goal in response.json()["goals"]}
    assert list(goals) == [goal.id for goal in GOALS]
    assert goals["all-different"] == {
        "id": "all-different",
        "notation": "A-B-C-D-E-F",
        "label": "All different",
        "symbol": "≠",
        "one": 10,
        "both": 15,
    }
    assert goals["aaaa-bb"] == {
        "id": "aaaa-bb",
        "notation": "AAAA-BB",
        "label": "AAAA-BB",
        "symbol": "AAAA·BB",
        "one": 8,
        "both": 14,
    }
