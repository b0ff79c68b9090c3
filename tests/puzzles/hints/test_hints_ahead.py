"""Hints ahead: at dawn the turn-1 hint of every goal arrangement is computed before anyone
asks, and after a move of a player who asks for hints so is the next position's; a hint so
computed answers a request in that very position at once, and only there; no position is
computed twice; and the work waits on the default queue, never in front of a real hint."""

import datetime
import json

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from helpers.processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import deal_of, replay, today
from puzzles.models import Hint, PositionHint
from puzzles.services import hints
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.games import do_play_move, do_start_game
from puzzles.services.hints import (
    do_compute_hint,
    do_hint_ahead,
    do_hint_of_the_day,
    do_request_hint,
)
from solver.game import Move
from solver.search import position_key
from solver.search.goal_choice import arrangements
from solver.search.roles import role_options

SMALL = {"samples": 4, "candidates": 4}
# A hint's position key is of the options the site plays: the shipped ones under the setting.
HINT = role_options("hint", SMALL)

AHEAD = {"kind": "pair", "values": {"color": "teal"}}  # a reason only the ahead hint has


@pytest.fixture(autouse=True)
def small_hints(settings):
    settings.CALICO_HINT_OPTIONS = SMALL
    settings.CALICO_HINTS_AHEAD = True


def _no_solver(*args, **kwargs):
    raise AssertionError("the solver ran for a position whose hint was computed ahead")


def _first_move(game) -> dict:
    cell = replay(game)[0].quilt.empty_cells[0]
    return {"turn": game.turn, **Move(0, cell, 0).to_json()}


def test_a_turn_1_hint_computed_at_dawn_answers_the_request_at_once(alice, daily, monkeypatch):
    index = 5
    ahead = do_hint_of_the_day(daily.pk, index=index)
    goals = arrangements(deal_of(daily).setup)[index]
    game = do_start_game(alice, date=daily.date, goals=goals)
    assert ahead.position == position_key(replay(game)[0].observation(), **HINT)

    monkeypatch.setattr(hints, "solver_hint", _no_solver)
    row = do_request_hint(game.pk, player=alice)
    assert row.status == "ready"  # answered by the request itself
    assert (row.move, row.expected_score, row.reasons) == (
        ahead.move,
        ahead.expected_score,
        ahead.reasons,
    )
    game.refresh_from_db()
    assert game.hints_used == 1  # counted as any hint


def test_a_hint_computed_ahead_is_given_only_in_its_own_position(alice, daily):
    do_hint_of_the_day(daily.pk, index=0)
    other = arrangements(deal_of(daily).setup)[1]
    row = do_request_hint(do_start_game(alice, date=daily.date, goals=other).pk, player=alice)
    assert row.status == "pending" and row.move is None


def test_no_position_is_computed_twice(alice, daily, monkeypatch):
    goals = arrangements(deal_of(daily).setup)[0]
    game = do_start_game(alice, date=daily.date, goals=goals)
    assert do_hint_of_the_day(daily.pk, index=0) is not None
    monkeypatch.setattr(hints, "solver_hint", _no_solver)
    assert do_hint_of_the_day(daily.pk, index=0) is None  # ready already
    # a position a player has asked about is the asked hint's to compute
    do_play_move(game.pk, player=alice, data=_first_move(game))
    game.refresh_from_db()
    do_request_hint(game.pk, player=alice)
    assert do_hint_ahead(game.pk, turn=game.turn) is None
    assert PositionHint.objects.count() == 1


def test_a_players_hint_waits_for_the_hint_ahead_under_way_instead_of_computing_it(
    alice, daily, monkeypatch
):
    goals = arrangements(deal_of(daily).setup)[3]
    game = do_start_game(alice, date=daily.date, goals=goals)
    asked = do_request_hint(game.pk, player=alice)
    mark = hints._computing(asked.position)
    cache.add(mark, True)  # a worker is computing this position ahead
    answer = {"move": Move(0, 10, 1).to_json(), "expected_score": 70.0, "reasons": [AHEAD]}

    def the_ahead_finishes(seconds):  # while the player's hint waits
        PositionHint.objects.create(position=asked.position, **answer)
        cache.delete(mark)

    monkeypatch.setattr(hints.time, "sleep", the_ahead_finishes)
    monkeypatch.setattr(hints, "solver_hint", _no_solver)
    row = do_compute_hint(asked.pk)
    assert row.status == "ready" and row.reasons == [AHEAD]


def test_only_a_player_who_asked_at_the_turn_played_gets_the_next_hint_ahead(
    alice, daily, django_capture_on_commit_callbacks
):
    goals = arrangements(deal_of(daily).setup)[0]
    game = do_start_game(alice, date=daily.date, goals=goals)
    with django_capture_on_commit_callbacks() as sent:
        do_play_move(game.pk, player=alice, data=_first_move(game))
    assert sent == []  # never asked: nothing computed for them
    game.refresh_from_db()
    do_request_hint(game.pk, player=alice)
    with django_capture_on_commit_callbacks() as sent:
        do_play_move(game.pk, player=alice, data=_first_move(game))
    assert len(sent) == 1
    game.refresh_from_db()
    assert do_hint_ahead(game.pk, turn=game.turn - 1) is None  # the player has moved on
    ahead = do_hint_ahead(game.pk, turn=game.turn)
    assert ahead.position == position_key(replay(game)[0].observation(), **HINT)
    with django_capture_on_commit_callbacks() as sent:  # not asked at this turn: no more
        do_play_move(game.pk, player=alice, data=_first_move(game))
    assert sent == []


def test_the_hints_ahead_of_past_days_go_at_dawn(alice, daily, monkeypatch):
    ahead = do_hint_of_the_day(daily.pk, index=1)
    PositionHint.objects.filter(pk=ahead.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=hints.KEEP_DAYS, seconds=1)
    )
    recent = do_hint_of_the_day(daily.pk, index=2)
    first = do_hint_of_the_day(daily.pk, index=0)  # the dawn's first clears the old ones
    assert set(PositionHint.objects.all()) == {recent, first}


def test_dawn_sends_a_task_for_each_arrangement_itself(daily, monkeypatch):
    """Sent with the day, before par's games (not by a task that would send them behind)."""
    sent = []
    monkeypatch.setattr(hints, "_send_ahead", lambda task, *args: sent.append((task, args)))
    hints.do_send_day_hints(daily.pk)
    assert sent == [("puzzles.tasks.hint_of_the_day", (daily.pk, k)) for k in range(24)]
    sent.clear()
    hints.do_hints_of_the_day(daily.pk)  # a message of before still fans them out
    assert len(sent) == 24


def test_a_past_day_made_late_gets_no_dawn(yesterday, monkeypatch):
    sent = []
    monkeypatch.setattr(hints, "_send_ahead", lambda task, *args: sent.append(args))
    hints.do_hints_of_the_day(yesterday.pk)
    assert sent == []


def test_hints_ahead_can_be_turned_off(alice, daily, settings):
    settings.CALICO_HINTS_AHEAD = False
    assert do_hint_of_the_day(daily.pk, index=0) is None
    assert not PositionHint.objects.exists()


def _worker_env() -> dict:
    return {"CALICO_HINTS_AHEAD": "1", "CALICO_HINT_OPTIONS": json.dumps(SMALL)}


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_worker_computes_the_days_hints_at_dawn_and_the_next_after_a_move(
    celery_test_broker, alice
):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    worker = start_worker(celery_test_broker, REDIS_URL, **_worker_env())
    try:
        challenge = do_ensure_challenge(today())
        every = arrangements(deal_of(challenge).setup)
        wait_until(lambda: PositionHint.objects.count() == len(every) == 24, "24 hints at dawn")
        game = do_start_game(alice, date=challenge.date, goals=every[17])
        asked = do_request_hint(game.pk, player=alice)
        assert asked.status == "ready"  # at once: computed at dawn
        game, _, _ = do_play_move(game.pk, player=alice, data=asked.move | {"turn": 1})
        position = position_key(replay(game)[0].observation(), **HINT)
        wait_until(
            lambda: PositionHint.objects.filter(position=position).exists(),
            "the next position's hint is computed after the move",
        )
        assert do_request_hint(game.pk, player=alice).status == "ready"
        assert PositionHint.objects.count() == 25  # nothing computed twice
    finally:
        worker.stop()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_hints_ahead_wait_on_the_default_queue_while_a_real_hint_is_served(
    celery_test_broker, alice
):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    worker = start_worker(
        celery_test_broker, REDIS_URL, queues=(settings.CALICO_HINT_QUEUE,), **_worker_env()
    )
    try:
        challenge = do_ensure_challenge(today())  # sends the day's hints ahead first
        goals = arrangements(deal_of(challenge).setup)[0]
        game = do_start_game(alice, date=challenge.date, goals=goals)
        asked = do_request_hint(game.pk, player=alice)
        hint = wait_until(
            lambda: Hint.objects.exclude(status="pending").filter(pk=asked.pk).first(),
            "the real hint is computed",
        )
        assert hint.status == "ready", hint.error
        assert not PositionHint.objects.exists()  # none of them went to the hint queue
    finally:
        worker.stop()
