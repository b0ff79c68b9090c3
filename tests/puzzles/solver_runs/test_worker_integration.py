"""A real Celery worker process on Redis and PostgreSQL computes a day's par and a hint."""

import pytest
from waiting import wait_for

from puzzles.game_state import today
from puzzles.models import Hint, SolverRun
from puzzles.services.challenges import do_ensure_challenge

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_worker_computes_the_par_and_a_hint(celery_worker_process, alice_api, start_game):
    challenge = do_ensure_challenge(today())  # enqueues the par run after commit
    par = wait_for(
        lambda: SolverRun.objects.get(challenge=challenge, kind="par"),
        lambda run: run.status in ("ready", "failed"),
    )
    assert par.status == "ready", par.error
    assert par.score > 0 and len(par.moves) == 22

    game = start_game(alice_api)
    assert game["par"] == {"status": "ready", "score": par.score, **par.figures}
    assert game["par"]["games"] == game["par"]["of"] == par.par_games.count()
    asked = alice_api.post(f"/api/games/{game['id']}/hints/")
    assert asked.status_code == 202
    url = f"/api/games/{game['id']}/hints/{asked.json()['id']}/"
    hint = wait_for(lambda: alice_api.get(url).json(), lambda h: h["status"] != "pending")
    assert hint["status"] == "ready", Hint.objects.get(pk=hint["id"]).error
    move = {"turn": 1, **hint["move"]}
    assert alice_api.post(f"/api/games/{game['id']}/moves/", move, format="json").status_code == 200
