"""Fixtures of the service's tests, every app's (``pytest_plugins`` of tests/conftest.py):
players, API clients, whole games through the API."""

import datetime

import pytest
from kombu import pools
from rest_framework.test import APIClient

from accounts.services.players import do_ensure_token, do_register
from helpers.games import goals_for, next_move
from helpers.schema import SchemaCheckedClient
from puzzles.game_state import today
from puzzles.models import Challenge, Player
from puzzles.services.challenges import do_ensure_challenge


@pytest.fixture
def make_player(db):
    def make(username: str = "alice") -> Player:
        return do_register(username, password="a long password 1")

    return make


@pytest.fixture
def client_for(db):
    """An API client authenticated by token, as an API client would be; every answer it gets
    is held to the schema, keys included (``helpers.schema``)."""

    def make(player: Player) -> APIClient:
        client = SchemaCheckedClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {do_ensure_token(player)}")
        return client

    return make


@pytest.fixture
def alice(make_player):
    return make_player("alice")


@pytest.fixture
def alice_api(alice, client_for):
    return client_for(alice)


@pytest.fixture
def daily(db) -> Challenge:
    return do_ensure_challenge(today())


@pytest.fixture
def yesterday(db) -> Challenge:
    return do_ensure_challenge(today() - datetime.timedelta(days=1))


@pytest.fixture
def start_game():
    """POST /api/games/ with the first three goal options; returns the game object."""

    def start(client: APIClient, date: datetime.date | None = None) -> dict:
        day = (date or today()).isoformat()
        challenge = client.get(f"/api/challenges/{day}/").json()
        response = client.post(
            "/api/games/", {"date": day, "goals": goals_for(challenge)}, format="json"
        )
        assert response.status_code == 201, response.content
        return response.json()

    return start


@pytest.fixture
def play_through():
    """Play a whole game through the API; returns every response body, in order."""

    def play(client: APIClient, game: dict) -> list[dict]:
        bodies = []
        while game["status"] == "playing":
            response = client.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
            assert response.status_code == 200, response.content
            game = response.json()
            bodies.append(game)
        return bodies

    return play


@pytest.fixture
def use_broker(celery_test_broker):
    """Point this process's task publisher at another broker; restored afterwards."""
    app = celery_test_broker
    original = app.conf.broker_url

    def use(url: str) -> None:
        pools.reset()  # kombu's pools of connections, keyed by URL
        app.conf.broker_url = url
        app._pool = None
        app.amqp._producer_pool = None

    yield use
    use(original)


@pytest.fixture
def services():
    """Every process a test starts is stopped at the end (last first), whatever happened."""
    started = []
    yield started
    for service in reversed(started):
        service.stop()


@pytest.fixture
def limits(settings):
    """``limits(games_account="1/h", ...)`` sets those abuse limits for the test."""

    def set_limits(**rates):
        changed = {name.replace("_", "-"): rate for name, rate in rates.items()}
        settings.CALICO_LIMITS = {**settings.CALICO_LIMITS, **changed}

    return set_limits


class SentTasks:
    """The tasks this process published (Celery's ``before_task_publish``: the real publish
    path), and a worker's part done here on demand (``run``)."""

    def __init__(self):
        self.sent: list[tuple[str, tuple]] = []

    def published(self, sender=None, body=None, **_):
        self.sent.append((sender, tuple(body[0])))  # protocol 2: (args, kwargs, embed)

    def named(self, name: str) -> list[tuple]:
        return [args for sender, args in self.sent if sender == name]

    def run(self, name: str) -> list:
        """Run every published ``name`` task here, in order, as a worker would; forget them."""
        import importlib

        from celery import current_app

        importlib.import_module(name.rsplit(".", 1)[0])  # registers the task, as a worker does
        task = current_app.tasks[name]
        done = [task.run(*args) for args in self.named(name)]
        self.sent = [(sender, args) for sender, args in self.sent if sender != name]
        return done


@pytest.fixture
def sent_tasks():
    """What the requests handed to a worker (see ``SentTasks``): the password reset's email
    is sent by a worker (tests/puzzles/test_email_accounts.py runs it here; a real worker
    sends it in test_email_smtp_delivery.py)."""
    from celery.signals import before_task_publish

    tasks = SentTasks()
    before_task_publish.connect(tasks.published, weak=False)
    yield tasks
    before_task_publish.disconnect(tasks.published)
