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
        "counts": [1, 1, 1, 1, 1, 1],
        "shape_words": "all six different",
        "help": "Its six neighbours all different: 10 points for colours, 10 for patterns, "
        "15 for both.",
    }
    assert goals["aaaa-bb"] == {
        "id": "aaaa-bb",
        "notation": "AAAA-BB",
        "label": "AAAA-BB",
        "symbol": "AAAA·BB",
        "one": 8,
        "both": 14,
        "counts": [4, 2],
        "shape_words": "a set of four and a pair",
        "help": "A set of four and a pair among its six neighbours: 8 points for colours, "
        "8 for patterns, 14 for both.",
    }


def test_every_goal_s_words_name_its_points(client, db):
    for goal in client.get("/api/goals/").json()["goals"]:
        assert f"{goal['one']} points for colours, {goal['one']} for patterns" in goal["help"]
        assert f"{goal['both']} for both" in goal["help"]
