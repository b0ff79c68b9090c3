"""The worker jobs of a versus table share puzzles' one lifecycle
(puzzles/services/worker_queue.py): a versus hint and review are claimed atomically, sent
again when lost, and record a refused send or a failure on their row with what failed where;
the opponents' turns, which have no job row, record theirs on the table."""

import pytest
from helpers.jobs import JobLifecycle
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


class TestJobLifecycle(JobLifecycle):
    """Every kind's claim, loss, refusal and failure (tests/helpers/jobs.py)."""


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


def test_the_opponents_are_sent_to_a_registered_task():
    from calico_site.celery import app
    from versus import tasks  # noqa: F401  (what a worker imports)

    assert services.OPPONENTS_TASK in app.tasks
