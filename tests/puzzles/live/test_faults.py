"""Faults with real parts: a Celery worker stopped and started, a Redis shut down, gunicorn
SIGKILLed mid-game, a solver task that crashes or runs out of time. Play never stops, the
player is told what happened, and no move is lost."""

import datetime
import http.client
import json
import threading
import time

import pytest
import time_machine
from helpers.games import next_move
from helpers.processes import ThrowawayRedis, free_port, start_gunicorn, start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from accounts.services.players import do_ensure_token
from puzzles.game_state import replay
from puzzles.models import Game, Hint
from puzzles.services import hint_messages

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

# Far more search than a one-second limit allows.
SLOW_HINTS = '{"playout_width": 60, "samples": 60, "depth": 4, "candidates": 30}'


@pytest.fixture(autouse=True)
def real_servers(transactional_db):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")


@pytest.fixture(autouse=True)
def fresh_pings(monkeypatch):
    """Ask the workers every time: these tests start and stop them within seconds."""
    monkeypatch.setattr(hint_messages, "REMEMBER_SECONDS", 0)


def hint_url(game: dict, hint_id: int | None = None) -> str:
    base = f"/api/games/{game['id']}/hints/"
    return base if hint_id is None else f"{base}{hint_id}/"


def wait_for_hint(client, game: dict, hint_id: int) -> dict:
    return wait_until(
        lambda: (h := client.get(hint_url(game, hint_id)).json())["status"] != "pending" and h,
        "the hint is computed",
        seconds=120,
    )


def test_worker_down_hint_answers_at_once_and_completes_when_a_worker_returns(
    alice_api, daily, start_game, celery_test_broker, services
):
    game = start_game(alice_api)
    started = time.perf_counter()
    asked = alice_api.post(hint_url(game))
    answered_in = time.perf_counter() - started
    assert asked.status_code == 202
    hint = asked.json()
    assert hint["status"] == "pending" and hint["message"] == ""  # quiet for a quick hint
    later = datetime.datetime.now(tz=datetime.UTC) + hint_messages.QUIET_FOR
    with time_machine.travel(later + datetime.timedelta(seconds=1), tick=False):
        polled = alice_api.get(hint_url(game, hint["id"])).json()
    assert polled["message"].startswith("hints are unavailable right now")

    moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
    assert moved.status_code == 200, "play continues without a worker"

    services.append(start_worker(celery_test_broker, REDIS_URL))
    ready = wait_for_hint(alice_api, game, hint["id"])
    assert ready["status"] == "ready" and ready["move"] and ready["message"] == ""
    print(f"\nFIGURE worker down: hint request answered in {answered_in * 1000:.0f} ms")


def test_redis_down_play_and_leaderboards_work_and_hints_resume_with_it(
    alice_api, client, daily, start_game, celery_test_broker, use_broker, services
):
    services.append(redis := ThrowawayRedis())
    use_broker(redis.url)
    game = start_game(alice_api)
    redis.shutdown()

    started = time.perf_counter()
    asked = alice_api.post(hint_url(game))
    answered_in = time.perf_counter() - started
    assert asked.status_code == 202
    assert asked.json()["status"] == "failed"
    assert asked.json()["message"].startswith("hints are unavailable right now")

    while game["turn"] < 22:  # every move but the last, with no Redis
        moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
        assert moved.status_code == 200, moved.content
        game = moved.json()
    for url in ("/api/daily/", f"/api/leaderboards/{daily.date}/", "/api/challenges/", "/"):
        assert client.get(url).status_code == 200, url
    assert alice_api.post(hint_url(game)).json()["status"] == "failed"

    redis.start()
    services.append(start_worker(celery_test_broker, redis.url))
    again = alice_api.post(hint_url(game))
    assert again.json()["status"] == "pending" and again.json()["message"] == ""
    ready = wait_for_hint(alice_api, game, again.json()["id"])
    assert ready["status"] == "ready"
    last = alice_api.post(f"/api/games/{game['id']}/moves/", {"turn": 22, **ready["move"]}, "json")
    assert last.json()["status"] == "finished"
    board = client.get(f"/api/leaderboards/{daily.date}/").json()
    assert [entry["score"] for entry in board["entries"]] == [last.json()["score"]["total"]]
    assert Game.objects.get(pk=game["id"]).hints_used == 2
    print(f"\nFIGURE Redis down: hint request answered in {answered_in * 1000:.0f} ms")


class Api:
    """A token client over real HTTP (one connection per call: the server may die)."""

    def __init__(self, port: int, token: str):
        self.port, self.token = port, token

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {"Authorization": f"Token {self.token}", "Content-Type": "application/json"}
            conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            response = conn.getresponse()
            return response.status, json.loads(response.read() or b"{}")
        finally:
            conn.close()


def test_gunicorn_killed_mid_game_loses_no_move_and_the_game_resumes(
    alice, daily, start_game, alice_api, services
):
    port = free_port()
    services.append(server := start_gunicorn(port))
    api = Api(port, do_ensure_token(alice))
    game = start_game(alice_api)
    acknowledged = []  # turns the server answered 200 for
    refused = []  # an answer other than 200: the thread tells, the test asserts
    enough = threading.Event()

    def keep_playing():
        state = game
        while True:
            try:
                status, body = api.call("POST", f"/api/games/{game['id']}/moves/", next_move(state))
            except (OSError, http.client.HTTPException):
                return  # the server is gone (a connection refused or reset, an answer cut)
            if status != 200:
                refused.append((state["turn"], status, body))
                enough.set()
                return
            acknowledged.append(state["turn"])
            state = body
            if len(acknowledged) >= 8:
                enough.set()

    player = threading.Thread(target=keep_playing)
    player.start()
    assert enough.wait(120), "moves were being answered"
    assert not refused, f"a move was refused before the kill: {refused}"
    server.kill()  # SIGKILL the master and its workers, most likely mid-move
    player.join()
    assert not refused, f"a move was refused, not cut: {refused}"

    services.append(start_gunicorn(port))
    status, resumed = api.call("GET", f"/api/games/{game['id']}/")
    assert status == 200
    row = Game.objects.get(pk=game["id"])
    assert row.turn == len(row.moves) + 1 == resumed["turn"]
    assert acknowledged == list(range(1, len(acknowledged) + 1))
    assert row.turn - 1 in (len(acknowledged), len(acknowledged) + 1), "at most the move in flight"
    while resumed["status"] == "playing":
        status, resumed = api.call("POST", f"/api/games/{game['id']}/moves/", next_move(resumed))
        assert status == 200, resumed
    state, _ = replay(Game.objects.get(pk=game["id"]))
    assert resumed["score"]["total"] == state.quilt.total()
    print(f"\nFIGURE gunicorn SIGKILL after {len(acknowledged)} acknowledged moves: none lost")


@pytest.mark.parametrize(
    "hint_seconds, hint_options, error",
    [(1, SLOW_HINTS, "SoftTimeLimitExceeded"), (60, '{"no_such_option": 1}', "ValueError")],
    ids=["times-out", "crashes"],
)
def test_a_failing_solver_marks_the_hint_failed_tells_the_player_and_is_not_retried(
    alice_api,
    daily,
    start_game,
    celery_test_broker,
    services,
    settings,
    hint_seconds,
    hint_options,
    error,
):
    settings.CALICO_HINT_SECONDS = hint_seconds  # the web process sends it with the task
    worker_env = {"CALICO_HINT_SECONDS": str(hint_seconds), "CALICO_HINT_OPTIONS": hint_options}
    services.append(worker := start_worker(celery_test_broker, REDIS_URL, **worker_env))
    game = start_game(alice_api)
    asked = alice_api.post(hint_url(game)).json()
    failed = wait_for_hint(alice_api, game, asked["id"])
    assert failed["status"] == "failed" and failed["message"] == hint_messages.FAILED
    assert error in Hint.objects.get(pk=asked["id"]).error
    moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
    assert moved.status_code == 200, "play continues"
    time.sleep(2)  # a redelivered or retried task would arrive within this
    received = [line for line in worker.log().splitlines() if "received" in line]
    assert sum("compute_hint" in line for line in received) == 1, "run once, never retried"
    assert Hint.objects.get(pk=asked["id"]).status == "failed"
