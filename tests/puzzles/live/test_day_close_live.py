"""The day's close against a live server whose clock is moved: gunicorn under libfaketime
(docs/operations.md, "Tests"), restarted with a clock past 00:00 UTC. A ranked game still
open then is refused, and the leaderboard of its day is what it was."""

import pytest
from helpers.games import goals_for, next_move
from helpers.processes import free_port, start_gunicorn
from server_checks import on_postgres, require
from test_faults import Api

from accounts.services.players import do_ensure_token

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
DAY = "2031-03-04"


def server_at(clock: str):
    """gunicorn whose clock starts at ``clock`` (UTC) and runs on; returns it and its port."""
    port = free_port()
    return start_gunicorn(port, LD_PRELOAD=FAKETIME, FAKETIME=f"@{clock}", TZ="UTC"), port


def test_a_live_server_refuses_a_ranked_game_after_its_day_closed(make_player):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    alice, bob = (do_ensure_token(make_player(name)) for name in ("alice", "bob"))
    before, port = server_at(f"{DAY} 23:50:00")
    try:
        day = Api(port, alice).call("GET", "/api/daily/")[1]
        assert day["date"] == DAY and day["seed"] is None
        games = {}
        for token in (alice, bob):
            status, game = Api(port, token).call("POST", "/api/games/", {"goals": goals_for(day)})
            assert status == 201 and game["ranked"], game
            games[token] = game
        api = Api(port, bob)  # bob finishes before the close; alice plays two turns
        while games[bob]["status"] == "playing":
            games[bob] = api.call(
                "POST", f"/api/games/{games[bob]['id']}/moves/", next_move(games[bob])
            )[1]
        for _ in range(2):
            game = games[alice]
            games[alice] = Api(port, alice).call(
                "POST", f"/api/games/{game['id']}/moves/", next_move(game)
            )[1]
        board = Api(port, alice).call("GET", f"/api/leaderboards/{DAY}/")[1]
        assert board["count"] == 1
    finally:
        before.stop()

    after, port = server_at("2031-03-05 00:00:30")
    try:
        api = Api(port, alice)
        assert api.call("GET", f"/api/challenges/{DAY}/")[1]["seed"]  # the bag is public
        game = games[alice]
        status, refused = api.call("POST", f"/api/games/{game['id']}/moves/", next_move(game))
        assert (status, refused["error"]) == (409, "day_closed")
        status, read = api.call("GET", f"/api/games/{game['id']}/")
        assert (read["turn"], read["expired"], read["counts"]) == (3, True, False)
        closed_board = api.call("GET", f"/api/leaderboards/{DAY}/")[1]
        # The same board; only its quilts' replays open now that the day has closed.
        opened = [entry.pop("game_id") for entry in closed_board["entries"]]
        assert all(opened) and not any(entry.pop("game_id") for entry in board["entries"])
        assert closed_board == board
    finally:
        after.stop()
