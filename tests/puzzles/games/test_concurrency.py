"""Concurrent requests on PostgreSQL: duplicate moves, duplicate day creation, duplicate
ranked starts. Each thread has its own database connection, as gunicorn workers would."""

import threading

import pytest
from django.db import DatabaseError, transaction
from helpers import threads
from helpers.games import next_move
from server_checks import on_postgres, require

from puzzles.game_state import today
from puzzles.models import Challenge, Game, Hint, SolverRun
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.game_locks import lock_game

THREADS = 8

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only(db):
    require(on_postgres(), "needs PostgreSQL for row locks: run `make test` or set DATABASE_URL")


def at_once(call, count=THREADS) -> list:
    return threads.at_once(call, count)


def test_duplicate_moves_at_once_apply_once(alice_api, daily, start_game):
    game = start_game(alice_api)
    move = next_move(game)
    url = f"/api/games/{game['id']}/moves/"
    statuses = at_once(lambda: alice_api.post(url, move, format="json").status_code)
    assert sorted(statuses) == [200] + [409] * (THREADS - 1)
    row = Game.objects.get(pk=game["id"])
    assert row.turn == 2 and len(row.moves) == 1


def test_moves_for_consecutive_turns_at_once_keep_order(alice_api, daily, start_game):
    game = start_game(alice_api)
    url = f"/api/games/{game['id']}/moves/"
    first = next_move(game)
    second = {**first, "turn": 2, "cell": game["empty_cells"][1]}
    bodies = [first, second] * (THREADS // 2)
    index = iter(range(THREADS))
    lock = threading.Lock()

    def post():
        with lock:
            body = bodies[next(index)]
        return alice_api.post(url, body, format="json").status_code

    statuses = at_once(post)
    row = Game.objects.get(pk=game["id"])
    assert statuses.count(200) == row.turn - 1 == len(row.moves)
    assert row.moves[0]["cell"] == first["cell"]


def test_two_creators_at_once_make_one_day(db):
    day = today()
    challenges = at_once(lambda: do_ensure_challenge(day).pk)
    assert len(set(challenges)) == 1
    assert Challenge.objects.count() == 1 and SolverRun.objects.count() == 1


def test_one_ranked_game_when_starts_race(alice_api, daily, start_game):
    challenge = alice_api.get("/api/daily/").json()
    goals = dict(zip(("2,3", "3,4", "4,2"), challenge["goal_options"], strict=False))
    statuses = at_once(
        lambda: alice_api.post("/api/games/", {"goals": goals}, format="json").status_code
    )
    assert sorted(statuses) == [201] + [409] * (THREADS - 1)
    assert Game.objects.filter(ranked=True).count() == 1


def test_hint_requests_at_once_make_one_hint_counted_once(alice_api, daily, start_game):
    game = start_game(alice_api)
    ids = at_once(lambda: alice_api.post(f"/api/games/{game['id']}/hints/").json()["id"])
    assert len(set(ids)) == 1 and Hint.objects.count() == 1
    assert Game.objects.get(pk=game["id"]).hints_used == 1


def test_a_move_locks_its_game_row_but_not_the_days_challenge(alice, daily):
    game = Game.objects.create(challenge=daily, player=alice, ranked=True)

    def try_lock(model, pk):
        """From another connection: can the row be locked right now?"""
        try:
            with transaction.atomic():
                model.objects.select_for_update(nowait=True).get(pk=pk)
            return True
        except DatabaseError:
            return False

    with transaction.atomic():
        lock_game(game.pk, alice)
        results = at_once(lambda: (try_lock(Game, game.pk), try_lock(Challenge, daily.pk)), 1)
    assert results == [(False, True)]
