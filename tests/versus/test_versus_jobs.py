"""The worker jobs of a versus table share puzzles' one lifecycle
(core/jobs.py): a versus hint and review are claimed atomically, sent
again when lost, and record a refused send or a failure on their row with what failed where;
the opponents' turns, which have no job row, record theirs on the table."""

import pytest
from helpers.jobs import JobLifecycle
from helpers.processes import free_port
from helpers.versus import sit_down, versus_move

from core.jobs import Job
from versus import services
from versus.models import VersusAnalysis, VersusGame, VersusHint

KINDS = {
    "versus hint": (services.HINT, lambda game: VersusHint.objects.create(game=game, turn=1)),
    "versus review": (services.ANALYSIS, lambda game: VersusAnalysis.objects.create(game=game)),
}


@pytest.fixture
def table(alice) -> VersusGame:
    return VersusGame.objects.create(
        player=alice, seed="jobs", level="hard", opponents=1, status="playing", goals=[None, {}]
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


def test_quick_opponents_failing_in_the_request_say_so_and_resume_on_a_worker(
    alice_api, monkeypatch, django_capture_on_commit_callbacks
):
    """An easy table's opponents move in the move's request: if they fail there, the move
    still stands (200), the table says why, and the player's resume sends them to a worker."""

    def broken(player, view):
        raise ValueError("no move")

    sent = []
    monkeypatch.setattr(services, "_send_opponents", sent.append)
    monkeypatch.setattr(services, "choose_move", broken)
    game = sit_down(alice_api, level="easy")
    with django_capture_on_commit_callbacks(execute=True):
        moved = alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
    assert moved.status_code == 200, moved.content
    table = alice_api.get(f"/api/versus/{game['id']}/").json()
    assert table["opponent_error"] == f"ValueError: no move [{services.OPPONENTS_TASK}]"
    with django_capture_on_commit_callbacks(execute=True):
        resumed = alice_api.post(f"/api/versus/{game['id']}/opponents/")
    assert resumed.status_code == 202, resumed.content
    assert sent == [game["id"]]


def test_the_opponents_are_sent_to_a_registered_task():
    from calico_site.celery import app
    from versus import tasks  # noqa: F401  (what a worker imports)

    assert services.OPPONENTS_TASK in app.tasks
