"""A scenario game's hint says its chance of passing (``pass_chance``, the share of the pass
player's sampled play-outs that pass): kept on the row, answered by the API, carried by a hint
ahead or a ready hint that answers a request; a daily's hint has none (null)."""

import pytest

from puzzles.game_state import replay
from puzzles.models import Game, Hint, PositionHint
from puzzles.services import hints
from puzzles.services.hints import do_compute_hint, do_hint_ahead
from solver.search import position_key
from solver.search.roles import role_options

SMALL = {"samples": 4, "candidates": 4}
# A hint's position key is of the options the site plays: the shipped ones under the setting.
HINT = role_options("hint", SMALL)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def small_hints(settings):
    settings.CALICO_HINT_OPTIONS = SMALL


def _hint_answer(client, game_id: int) -> dict:
    """Ask for the game's hint through the API, compute it here (the worker's task body), and
    read it back through the API."""
    asked = client.post(f"/api/games/{game_id}/hints/")
    assert asked.status_code == 202 and asked.json()["pass_chance"] is None  # still pending
    do_compute_hint(asked.json()["id"])
    answer = client.get(f"/api/games/{game_id}/hints/{asked.json()['id']}/")
    assert answer.status_code == 200 and answer.json()["status"] == "ready"
    return answer.json()


def test_a_scenario_games_hint_answers_its_chance_of_passing(alice_api):
    game = alice_api.post("/api/scenarios/1/games/", {}, format="json").json()
    answer = _hint_answer(alice_api, game["id"])
    chance = answer["pass_chance"]
    assert isinstance(chance, float) and 0.0 <= chance <= 1.0
    assert Hint.objects.get(pk=answer["id"]).pass_chance == chance


def test_a_dailys_hint_has_none(alice_api, daily, start_game):
    game = start_game(alice_api)
    answer = _hint_answer(alice_api, game["id"])
    assert answer["pass_chance"] is None and answer["move"] is not None


def test_a_scenario_hint_ahead_carries_its_chance_to_the_request(alice_api, monkeypatch, settings):
    settings.CALICO_HINTS_AHEAD = True
    game = alice_api.post("/api/scenarios/2/games/", {}, format="json").json()
    row = Game.objects.get(pk=game["id"])
    ahead = do_hint_ahead(row.pk, turn=1)
    assert ahead is not None and 0.0 <= ahead.pass_chance <= 1.0
    assert ahead.position == position_key(replay(row)[0].observation(), **HINT)

    monkeypatch.setattr(hints, "solver_hint", _no_solver)
    asked = alice_api.post(f"/api/games/{game['id']}/hints/").json()
    assert asked["status"] == "ready"  # answered at once by the hint ahead
    assert asked["pass_chance"] == PositionHint.objects.get().pass_chance


def _no_solver(*args, **kwargs):
    raise AssertionError("the solver ran for a position whose hint was ready")
