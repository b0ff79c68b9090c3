"""A closed day's story asked for by many (issue 47): each anonymous GET of a closed day with
no story queued another telling on the solver queue (300 GETs queued 64; a telling of a
100,000-game day is 20-23 CPU s). Now the first asking sends one telling, on the background
queue, and every other finds it sent; asking for a story not told is limited per address."""

import datetime
import json

import pytest
from helpers.limits import assert_throttled
from rest_framework.test import APIClient
from server_checks import redis_reachable, require

from calico_site.celery import app
from crowd import services
from crowd.models import DayStory, DayTelling
from puzzles.game_state import today
from puzzles.services.challenges import do_ensure_challenge


def queued_tasks(queue: str) -> list[str]:
    """The names of the tasks waiting on ``queue`` (this run's own, on Redis), left there."""
    with app.connection_for_write() as conn:
        client = conn.default_channel.client
        return [json.loads(m)["headers"]["task"] for m in client.lrange(queue, 0, -1)]


def purge(*queues: str) -> None:
    with app.connection_for_write() as conn:
        for queue in queues:
            conn.default_channel.queue_purge(queue)


@pytest.mark.django_db(transaction=True)
def test_many_gets_of_a_day_without_a_story_send_one_telling_on_the_background_queue(settings):
    require(redis_reachable(), "Redis is not reachable")
    # this run's own queues (tests/conftest.py, ``celery_test_broker``)
    default, background = app.conf.task_default_queue, settings.CALICO_BACKGROUND_QUEUE
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=1))
    purge(default, background)
    for n in range(40):
        visitor = APIClient(REMOTE_ADDR=f"203.0.113.{n}")  # anonymous, each its own address
        answer = visitor.get(f"/api/challenges/{challenge.date}/crowd/")
        assert answer.status_code == 202 and answer.json()["status"] == "pending"
        assert visitor.get(f"/day/{challenge.date}/").status_code == 200
    told = "crowd.tasks.compute_telling"
    assert queued_tasks(background).count(told) == 1
    assert not any(name.startswith("crowd.") for name in queued_tasks(default))
    telling = DayTelling.objects.get(challenge=challenge)
    assert services.do_compute_telling(telling.pk).status == "ready"  # the worker's job
    ready = APIClient().get(f"/api/challenges/{challenge.date}/crowd/").json()
    assert ready["status"] == "ready" and ready["players"] == 0
    DayStory.objects.all().delete()  # a story gone: asked again, told again, once
    for _ in range(5):
        APIClient().get(f"/api/challenges/{challenge.date}/crowd/")
    assert queued_tasks(background).count(told) == 2
    purge(background)


@pytest.mark.django_db
def test_asking_for_a_story_not_told_is_limited_per_address(limits):
    limits(stories_address="3/d")
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=1))
    visitor = APIClient(REMOTE_ADDR="203.0.113.7")
    for _ in range(3):
        assert visitor.get(f"/api/challenges/{challenge.date}/crowd/").status_code == 202
    words = "asks for a day's story not yet told from your address"
    assert_throttled(visitor.get(f"/api/challenges/{challenge.date}/crowd/"), words)
    assert_throttled(visitor.get(f"/day/{challenge.date}/"), "from your address")
    other = APIClient(REMOTE_ADDR="203.0.113.8")
    assert other.get(f"/api/challenges/{challenge.date}/crowd/").status_code == 202
    services.do_tell_day(challenge)  # once told, reading it costs nothing and is not counted
    assert visitor.get(f"/api/challenges/{challenge.date}/crowd/").status_code == 200
    assert visitor.get(f"/day/{challenge.date}/").status_code == 200
