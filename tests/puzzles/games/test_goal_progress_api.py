"""A game's ``goal_progress``, ``cat_progress`` and ``button_colors``: the engine's verdicts on
the quilt the API sends, at every turn of a whole game."""

from solver.game import (
    GOAL_BY_ID,
    NEIGHBOURS,
    goal_points_possible,
    goal_progress,
    parse_cell,
    patch_from_json,
)


def neighbours_of(game: dict, cell: str) -> list[int]:
    """The six neighbour patches (or None) of a goal space, read from the API's own quilt."""
    at = {parse_cell(c): patch_from_json(p) for c, p in game["setup"]["border"].items()}
    for placement in game["quilt"]["placements"]:
        at[parse_cell(placement["cell"])] = patch_from_json(placement)
    return [at.get(n) for n in NEIGHBOURS[parse_cell(cell)]]


def test_goal_progress_is_the_engine_s_at_every_turn(alice_api, daily, start_game, play_through):
    first = start_game(alice_api)
    assert [g["filled"] for g in first["goal_progress"]] == [0, 0, 0]
    assert all(
        g["colors"]["possible"] and g["patterns"]["possible"] for g in first["goal_progress"]
    )
    changed = False
    for game in [first, *play_through(alice_api, first)]:
        assert {g["cell"] for g in game["goal_progress"]} == set(game["setup"]["goals"])
        for shown in game["goal_progress"]:
            goal = GOAL_BY_ID[game["setup"]["goals"][shown["cell"]]]
            assert shown["goal"] == goal.id
            expected = goal_progress(goal, neighbours_of(game, shown["cell"]))
            for name in ("colors", "patterns"):
                engine = getattr(expected, name)
                assert shown[name] == {
                    "counts": list(engine.counts),
                    "possible": engine.possible,
                    "met": engine.met,
                }
            assert shown["filled"] == expected.filled
            assert shown["points_possible"] == goal_points_possible(goal, expected)
            changed = changed or shown["filled"] > 0
        assert len(game["cat_progress"]) == 3
        assert game["button_colors"] == len({b["color"] for b in game["score"]["buttons"]})
    assert changed
    # Once every neighbour is filled, "met" is the score's verdict.
    by_cell = {g["cell"]: g for g in game["score"]["goals"]}
    for shown in game["goal_progress"]:
        assert shown["filled"] == 6
        scored = by_cell[shown["cell"]]
        assert (shown["colors"]["met"], shown["patterns"]["met"]) == (
            scored["colors"],
            scored["patterns"],
        )
