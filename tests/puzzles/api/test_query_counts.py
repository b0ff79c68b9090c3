"""SQL queries per request, pinned: on a busy machine a request's time is mostly its round
trips to the database (bench/api_profile.py shows it), so a new one must be a decision.

Inside a test's transaction, a service's ``atomic`` block is a savepoint: ``SAVEPOINT`` and
``RELEASE`` stand where a request has ``BEGIN`` and ``COMMIT``.
"""

import pytest
from helpers.games import next_move

from puzzles.models import SolverRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice_api, daily, start_game):
    """Alice's ranked game of today, three moves in."""
    game = start_game(alice_api)
    for _ in range(3):
        game = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json").json()
    return game


@pytest.fixture
def finished_board(daily, make_player, client_for, start_game, play_through):
    """Three finished ranked games of today; the API client of the last player."""
    for name in ("bob", "carol", "dave"):
        client = client_for(make_player(name))
        play_through(client, start_game(client))
    return client


def test_a_move_is_five_queries(alice_api, game, django_assert_num_queries):
    # token and player; savepoint; the game row locked, with its challenge and the day's par;
    # the row's update; release.
    with django_assert_num_queries(5):
        response = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
    assert response.status_code == 200


def test_a_game_read_is_two_queries(alice_api, game, django_assert_num_queries):
    # token and player; the game with its challenge and the day's par.
    with django_assert_num_queries(2):
        response = alice_api.get(f"/api/games/{game['id']}/")
    assert response.json() == game  # the same answer as the move's


def test_a_leaderboard_read_is_five_queries(finished_board, daily, django_assert_num_queries):
    # token and player; the challenge with its solver runs; the caller's own game; the tally
    # rows summed per score (count, histogram and the caller's rank); the page of entries.
    with django_assert_num_queries(5):
        board = finished_board.get(f"/api/leaderboards/{daily.date}/").json()
    assert board["count"] == 3 and len(board["entries"]) == 3 and board["me"]["rank"] >= 1


def test_an_anonymous_leaderboard_read_is_three_queries(
    client, finished_board, daily, django_assert_num_queries
):
    with django_assert_num_queries(3):  # the challenge with its runs; the tallies; the page
        board = client.get(f"/api/leaderboards/{daily.date}/", {"hints": "exclude"}).json()
    assert board["count"] == 3 and board["me"] is None


def test_the_daily_read_is_one_query(client, daily, django_assert_num_queries):
    client.get("/api/daily/")  # a process's first read also learns the first daily, once
    with django_assert_num_queries(1):  # the challenge with its solver runs
        assert client.get("/api/daily/").status_code == 200


def test_asking_again_for_a_hint_is_five_queries(alice_api, game, django_assert_num_queries):
    url = f"/api/games/{game['id']}/hints/"
    first = alice_api.post(url).json()
    # token and player; savepoint; the game row locked; its hint of the turn; release.
    with django_assert_num_queries(5):
        again = alice_api.post(url).json()
    assert again["id"] == first["id"]


def test_par_read_with_the_game_is_the_days_par(alice_api, game, daily):
    """The par fetched in the game's own query (``with_par``) is the run's, in every state."""
    url = f"/api/games/{game['id']}/"
    par = alice_api.get(url).json()["par"]
    assert (par["status"], par["score"], par["games"], par["of"]) == ("pending", None, 0, 3)
    figures = {
        "mean": 76.8,
        "se": 1.2,
        "games": 3,
        "of": 3,
        "low": 70,
        "high": 81,
        "overridden": False,
    }
    SolverRun.objects.filter(challenge=daily).update(status="ready", score=77, figures=figures)
    assert alice_api.get(url).json()["par"] == {"status": "ready", "score": 77, **figures}
    moved = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json").json()
    assert moved["par"] == {"status": "ready", "score": 77, **figures}
    SolverRun.objects.filter(challenge=daily).delete()
    assert alice_api.get(url).json()["par"] == {"status": "none", "score": None}
