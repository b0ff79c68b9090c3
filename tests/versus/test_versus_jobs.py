"""The worker jobs of a versus table share puzzles' one lifecycle
(puzzles/services/worker_queue.py): a versus hint and review are claimed atomically, sent
again when lost, and record a refused send or a failure on their row with what failed where;
the opponents' turns, which have no job row, record theirs on the table."""

import pytest
from helpers.jobs import (  # noqa: F401  (run here, for each kind)
    test_a_claim_waits_for_one_in_flight_and_loses,
    test_a_failure_is_recorded_with_the_task_and_the_attempt,
    test_a_job_is_computed_once,
    test_a_lost_job_is_sent_again_and_claimed_by_another_worker,
    test_a_refused_send_is_recorded_on_the_row,
    test_of_many_claimers_at_once_one_computes_the_job,
)
from helpers.processes import free_port
from helpers.versus import sit_down, versus_move

from puzzles.services.worker_queue import Job
from versus import services
from versus.models import VersusAnalysis, VersusGame, VersusHint

KINDS = {
    "versus hint": (services.HINT, lambda game: VersusHint.objects.create(game=game, turn=1)),
    "versus review": (services.ANALYSIS, lambda game: VersusAnalysis.objects.create(game=game)),
}


@pytest.fixture
def table(alice) -> VersusGame:
    return VersusGame.objects.create(
        player=alice, seed="jobs", level="easy", opponents=1, status="playing", goals=[None, {}]
    )


@pytest.fixture(params=KINDS)
def kind(request, table) -> tuple[Job, object]:
    job, make = KINDS[request.param]
    return job, make(table)


def test_refused_opponents_say_so_on_the_table(table, use_broker):
    use_broker(f"redis://127.0.0.1:{free_port()}/0")  # nobody listens there
    services._enqueue_opponents(table.pk)
    table.refresh_from_db()
    assert table.opponent_error.startswith("unavailable: ")
    assert table.opponent_error.endswith(f"[{services.OPPONENTS_TASK}]")


def test_failed_opponents_say_why_and_where_on_the_table(alice_api, monkeypatch):
    def broken(player, view):
        raise ValueError("no move")

    game = sit_down(alice_api)
    alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    monkeypatch.setattr(services, "choose_move", broken)
    with pytest.raises(ValueError):
        services.do_play_opponents(game["id"])
    error = alice_api.get(f"/api/versus/{game['id']}/").json()["opponent_error"]
    assert error == f"ValueError: no move [{services.OPPONENTS_TASK}]"


def test_every_job_is_sent_to_its_registered_task():
    from calico_site.celery import app
    from versus import tasks  # noqa: F401  (registers the tasks)

    names = {job.task for job, _ in KINDS.values()} | {services.OPPONENTS_TASK}
    assert names <= set(app.tasks)
