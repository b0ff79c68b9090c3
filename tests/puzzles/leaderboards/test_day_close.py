"""The day closes for everyone at once (docs/design.md, Phase 2): from 00:00 UTC after its date,
when its seed is published, an unfinished ranked game of that day is expired, refuses moves
and hints (409 ``day_closed``) and never counts. Decided from the clock, moved here with
time-machine."""

import datetime
import importlib

import pytest
import time_machine
from django.apps import apps
from helpers.games import goals_for, next_move

from puzzles.models import Game, ScoreTally
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.tallies import do_count_game

DAY = datetime.date(2031, 3, 4)
BEFORE_CLOSE = datetime.datetime(2031, 3, 4, 23, 50, tzinfo=datetime.UTC)
AFTER_CLOSE = datetime.datetime(2031, 3, 5, 0, 0, 1, tzinfo=datetime.UTC)


def board(client) -> dict:
    response = client.get(f"/api/leaderboards/{DAY}/")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def clock(db):
    with time_machine.travel(BEFORE_CLOSE, tick=False) as traveller:
        do_ensure_challenge(DAY)
        yield traveller


def test_the_exploit_a_ranked_game_cannot_be_finished_with_the_published_bag(
    clock, alice_api, start_game
):
    game = start_game(alice_api)
    assert game["ranked"] and game["closes_at"] == "2031-03-05T00:00:00Z"
    for _ in range(3):
        game = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json").json()
    assert (game["expired"], game["counts"]) == (False, False)
    before = board(alice_api)

    clock.move_to(AFTER_CLOSE)
    seed = alice_api.get(f"/api/challenges/{DAY}/").json()["seed"]
    assert seed  # the whole bag is public now (`python -m solver deal SEED`)
    moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
    assert moved.status_code == 409
    assert moved.json()["error"] == "day_closed"
    assert "closed at 2031-03-05 00:00 UTC" in moved.json()["detail"]
    hint = alice_api.post(f"/api/games/{game['id']}/hints/")
    assert (hint.status_code, hint.json()["error"]) == (409, "day_closed")

    read = alice_api.get(f"/api/games/{game['id']}/").json()
    assert (read["expired"], read["counts"], read["turn"]) == (True, False, 4)
    assert board(alice_api) == before
    assert board(alice_api)["count"] == 0 and not ScoreTally.objects.exists()


def test_a_move_one_microsecond_before_the_close_is_played(clock, alice_api, start_game):
    game = start_game(alice_api)
    clock.move_to(AFTER_CLOSE - datetime.timedelta(seconds=1, microseconds=1))
    moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
    assert moved.status_code == 200, moved.content
    clock.move_to(AFTER_CLOSE - datetime.timedelta(seconds=1))  # 00:00:00.000000 exactly
    moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(moved.json()), "json")
    assert moved.status_code == 409


def test_a_game_finished_before_the_close_counts_after_it(
    clock, alice_api, start_game, play_through
):
    game = play_through(alice_api, start_game(alice_api))[-1]
    assert (game["status"], game["counts"]) == ("finished", True)
    clock.move_to(AFTER_CLOSE)
    read = alice_api.get(f"/api/games/{game['id']}/").json()
    assert (read["expired"], read["counts"]) == (False, True)
    assert board(alice_api)["count"] == 1


def test_after_the_close_the_expired_days_practice_is_open(clock, alice_api, start_game):
    ranked = start_game(alice_api, DAY)
    goals = goals_for(alice_api.get(f"/api/challenges/{DAY}/").json())
    refused = alice_api.post("/api/games/", {"date": DAY.isoformat(), "goals": goals}, "json")
    assert refused.status_code == 409  # practice would show the bag while the day is open
    clock.move_to(AFTER_CLOSE)
    practice = start_game(alice_api, DAY)
    assert not practice["ranked"] and practice["id"] != ranked["id"]


def test_practice_games_never_expire(clock, alice_api, start_game, play_through):
    yesterday = DAY - datetime.timedelta(days=1)
    do_ensure_challenge(yesterday)
    game = start_game(alice_api, yesterday)
    assert (game["ranked"], game["expired"]) == (False, False)
    assert play_through(alice_api, game)[-1]["status"] == "finished"


migration = importlib.import_module("puzzles.migrations.0005_disqualify_games_finished_after_close")


def test_the_migration_disqualifies_games_finished_after_their_close(make_player):
    challenge = do_ensure_challenge(DAY)
    rows = {}
    for name, finished_at in [("early", BEFORE_CLOSE), ("late", AFTER_CLOSE)]:
        game = Game.objects.create(
            challenge=challenge,
            player=make_player(name),
            ranked=True,
            status=Game.Status.FINISHED,
            finished_at=finished_at,
            score=50 if name == "early" else 90,
        )
        do_count_game(game)
        rows[name] = game
    assert ScoreTally.objects.filter(challenge=challenge).count() == 2

    migration.disqualify_late_games(apps, None)

    late, early = (Game.objects.get(pk=rows[n].pk) for n in ("late", "early"))
    assert late.disqualified and "after the day closed" in late.disqualified_reason
    assert not early.disqualified
    tallies = ScoreTally.objects.filter(challenge=challenge)
    assert [(t.score, t.games) for t in tallies] == [(50, 1)]
    assert list(Game.objects.counted()) == [early]
