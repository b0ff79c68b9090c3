"""Many players at once on PostgreSQL, each with two tabs open on one game, both sending
every move twice: no move is lost or doubled and the turn counter stays consistent."""

import threading
from collections import Counter

import pytest
from django.db import connection
from helpers.games import next_move
from server_checks import on_postgres, require

from puzzles.game_state import replay
from puzzles.models import Game

PLAYERS = 6
TABS = 2

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only(db):
    require(on_postgres(), "needs PostgreSQL for row locks: run `make test` or set DATABASE_URL")


def play_in_a_tab(client, game_id: int, accepted: list, statuses: Counter, lock) -> None:
    """Read the game, send its next move twice, again until the game is over (as a tab that
    reloads after a refusal would)."""
    try:
        url = f"/api/games/{game_id}/"
        while (game := client.get(url).json())["status"] == "playing":
            for _ in range(2):
                response = client.post(f"{url}moves/", next_move(game), format="json")
                with lock:
                    statuses[response.status_code] += 1
                    if response.status_code == 200:
                        accepted.append(game["turn"])
    finally:
        connection.close()


@pytest.mark.slow  # 3.7 s of CPU (many whole games): over the fast tests' budget
def test_players_with_two_tabs_sending_every_move_twice(make_player, client_for, daily, start_game):
    lock = threading.Lock()
    statuses: Counter = Counter()
    games = {}
    for n in range(PLAYERS):
        client = client_for(make_player(f"player{n}"))
        games[start_game(client)["id"]] = (client, [])
    threads = [
        threading.Thread(target=play_in_a_tab, args=(client, game_id, accepted, statuses, lock))
        for game_id, (client, accepted) in games.items()
        for _ in range(TABS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert set(statuses) <= {200, 409}, statuses
    assert statuses[200] == 22 * PLAYERS and statuses[409] >= 22 * PLAYERS
    for game_id, (_, accepted) in games.items():
        assert sorted(accepted) == list(range(1, 23)), "each turn accepted exactly once"
        row = Game.objects.get(pk=game_id)
        assert row.status == "finished" and row.turn == 23 and len(row.moves) == 22
        state, _ = replay(row)
        assert row.score == state.quilt.total()
