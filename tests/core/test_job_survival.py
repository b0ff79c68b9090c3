"""A job whose worker dies mid-task is handed back and said to the player (issue 41, point 6),
with real Celery worker processes on Redis, SIGKILLed mid-hint:

- its pool process killed (as the kernel's out-of-memory killer does): the worker lets go of
  the claim and puts the message back at the head of the queue, and its next pool process
  computes the hint at once, with nobody asking;
- the whole worker killed (a restart, a lost host): the message waits in Redis for its
  visibility timeout, but the dead claim goes stale within ``CALICO_JOB_LOST_SECONDS``, and
  the player's next poll sends the hint again, says so, and it is computed;
- the whole worker killed on the embedded folder broker: the message it had claimed goes back
  to the head of its queue, and the next worker computes it, with nobody asking.
"""

import json
import os
import signal
from pathlib import Path

import pytest
from django.conf import settings
from helpers.processes import ThrowawayRedis, start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.models import Hint
from puzzles.services import hint_messages

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# A turn-1 hint of many seconds (about 12 s on a quiet core, minutes on a loaded one), so
# that the kill lands mid-hint; its time limit well beyond that.
SEVERAL_SECONDS = {"playout_width": 60, "samples": 60, "depth": 4, "candidates": 30}
BEATS = {"CALICO_JOB_HEARTBEAT_SECONDS": "0.5", "CALICO_JOB_LOST_SECONDS": "3"}
HINT_SECONDS = 600


@pytest.fixture(autouse=True)
def real_servers(transactional_db, settings):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    settings.CALICO_HINT_OPTIONS = SEVERAL_SECONDS  # the position's key: as the worker's
    settings.CALICO_JOB_HEARTBEAT_SECONDS = 0.5
    settings.CALICO_JOB_LOST_SECONDS = 3
    settings.CALICO_HINT_SECONDS = HINT_SECONDS  # sent with the task


def hint_worker(app, services, broker=REDIS_URL, **env):
    worker = start_worker(
        app,
        broker,
        queues=(settings.CALICO_HINT_QUEUE,),
        CALICO_HINT_OPTIONS=json.dumps(SEVERAL_SECONDS),
        CALICO_HINT_SECONDS=str(HINT_SECONDS),
        **BEATS,
        **env,
    )
    services.append(worker)
    return worker


def pool_processes(parent: int) -> list[int]:
    """The pids of a worker's pool processes (its main process's children)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def ask_hint_and_wait_for_its_claim(api, start_game) -> Hint:
    game = start_game(api)
    asked = api.post(f"/api/games/{game['id']}/hints/")
    assert asked.status_code == 202, asked.content
    rows = Hint.objects.filter(pk=asked.json()["id"])
    wait_until(lambda: rows.filter(heartbeat_at__isnull=False).exists(), "a worker claims it")
    return rows.get()


def assert_killed_mid_hint(hint: Hint) -> None:
    hint.refresh_from_db()
    assert (hint.status, hint.attempts) == ("pending", 1), "the kill came after the hint"


def test_a_hint_whose_pool_process_is_killed_is_computed_by_the_next_one(
    alice_api, daily, start_game, celery_test_broker, services
):
    worker = hint_worker(celery_test_broker, services)
    hint = ask_hint_and_wait_for_its_claim(alice_api, start_game)
    (child,) = pool_processes(worker.process.pid)
    os.kill(child, signal.SIGKILL)  # mid-hint: the out-of-memory killer's way
    assert_killed_mid_hint(hint)

    rows = Hint.objects.filter(pk=hint.pk)
    # read from the database only: no poll of the player's sends it again
    done = wait_until(lambda: rows.exclude(status="pending").first(), "the hint is computed", 300)
    assert (done.status, done.attempts) == ("ready", 2), done.error
    assert "WorkerLostError" in worker.log()  # the first process did die mid-hint
    assert worker.running(), "the worker itself lives on"


def test_a_hint_whose_worker_is_killed_whole_is_sent_again_by_the_players_poll(
    alice_api, daily, start_game, celery_test_broker, services
):
    first = hint_worker(celery_test_broker, services)
    hint = ask_hint_and_wait_for_its_claim(alice_api, start_game)
    first.kill()  # SIGKILL the whole worker: its message stays unacknowledged in Redis
    assert_killed_mid_hint(hint)
    hint_worker(celery_test_broker, services)

    url = f"/api/games/{hint.game_id}/hints/{hint.pk}/"
    said = set()

    def poll():
        answer = alice_api.get(url).json()
        said.add(answer["message"])
        return answer if answer["status"] != "pending" else None

    answer = wait_until(poll, "the hint is computed", 300)
    assert answer["status"] == "ready" and answer["move"] and answer["message"] == ""
    assert hint_messages.RESENT_PENDING in said  # the player was told, while it was pending
    row = Hint.objects.get(pk=hint.pk)
    assert (row.attempts, row.error) == (2, "")


def test_a_hint_whose_worker_is_killed_whole_on_the_folder_broker_is_computed_by_the_next(
    alice_api, daily, start_game, celery_test_broker, use_broker, services, tmp_path
):
    folders = {name: tmp_path / "broker" / name for name in ("queue", "processed", "control")}
    for folder in folders.values():
        folder.mkdir(parents=True)
    use_broker("calico-files://")
    transport_options = celery_test_broker.conf.broker_transport_options
    celery_test_broker.conf.broker_transport_options = {
        "data_folder_in": str(folders["queue"]),
        "data_folder_out": str(folders["queue"]),
        "processed_folder": str(folders["processed"]),
        "control_folder": str(folders["control"]),
        "polling_interval": 0.1,
    }
    try:
        shared = {"CALICO_VAR_DIR": str(tmp_path)}  # the workers' broker: tmp_path/broker
        first = hint_worker(celery_test_broker, services, "calico-files://", **shared)
        hint = ask_hint_and_wait_for_its_claim(alice_api, start_game)
        first.kill()
        assert_killed_mid_hint(hint)
        hint_worker(celery_test_broker, services, "calico-files://", **shared)
        rows = Hint.objects.filter(pk=hint.pk)
        # from the database only: no poll of the player's sends it again
        done = wait_until(lambda: rows.exclude(status="pending").first(), "it is computed", 300)
        assert (done.status, done.attempts) == ("ready", 2), done.error
    finally:
        celery_test_broker.conf.broker_transport_options = transport_options


def test_a_killed_workers_message_comes_back_from_redis_after_the_visibility_timeout(
    alice_api, daily, start_game, celery_test_broker, use_broker, services
):
    """The whole worker killed and nobody polling: Redis delivers its unacknowledged message
    again once the visibility timeout has passed (5 s here, on a Redis of the test's own:
    the timeout is Redis-wide), and the next worker computes the hint."""
    services.append(redis := ThrowawayRedis())
    use_broker(redis.url)
    quick = {"CALICO_VISIBILITY_SECONDS": "5", "CALICO_VISIBILITY_SWEEP_SECONDS": "1"}
    first = hint_worker(celery_test_broker, services, redis.url, **quick)
    hint = ask_hint_and_wait_for_its_claim(alice_api, start_game)
    first.kill()
    assert_killed_mid_hint(hint)
    hint_worker(celery_test_broker, services, redis.url, **quick)
    rows = Hint.objects.filter(pk=hint.pk)
    done = wait_until(lambda: rows.exclude(status="pending").first(), "it is computed", 300)
    assert (done.status, done.attempts) == ("ready", 2), done.error


def test_the_visibility_timeout_outlasts_every_task_a_player_waits_for():
    """Shorter, a message still running would be delivered to a second worker (a duplicate
    run dropped by its claim, or a versus run played twice). As the settings module made them
    from the environment (this module's fixture changes the hint's limit)."""
    import calico_site.settings as configured
    from core.jobs import HARD_AFTER_SECONDS
    from versus.services import OPPONENT_SECONDS

    waits = (configured.CALICO_HINT_SECONDS, configured.CALICO_ANALYSIS_SECONDS, OPPONENT_SECONDS)
    assert max(waits) + HARD_AFTER_SECONDS < configured.CALICO_VISIBILITY_SECONDS
