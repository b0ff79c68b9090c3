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


# Whole games through the services (the models and services imported when called: this
# module loads before Django is set up).


def goals_of(challenge) -> dict:
    """The first three goal options of a challenge row on the three goal spaces."""
    from puzzles.game_state import deal_of

    return dict(zip(GOAL_CELLS, deal_of(challenge).setup.goal_options, strict=False))


def move_for(state) -> dict:
    """The first legal move of an engine's ``SoloGame``, as the services take it."""
    move = state.legal_moves()[0]
    return {"turn": state.turn, **move.to_json()}


def finish(game, player):
    """Play a game row to its end through ``do_play_move``; the finished row."""
    from puzzles.game_state import replay
    from puzzles.services.games import do_play_move

    state, _ = replay(game)
    while not state.finished:
        game, state, _ = do_play_move(game.pk, player=player, data=move_for(state))
    return game


def reference_scorer():
    """The independent scorer of the solver tests (tests/solver/reference.py: no code shared
    with solver.game), loaded from its file."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "solver" / "reference.py"
    spec = importlib.util.spec_from_file_location("reference_scorer", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
