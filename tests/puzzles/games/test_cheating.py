"""Attempts to game the leaderboard: reading the deal from pages, errors or logs; sending a
score; reading another player's game; farming hints. Each one is refused."""

import logging
from collections import Counter

import pytest
from helpers.games import goals_for, next_move
from test_secrecy import patches_in

from puzzles.game_state import deal_of, replay
from puzzles.models import Game, Hint

PAGES = ("/", "/leaderboard/", "/archive/", "/login/", "/signup/", "/api/schema/")


def bad_moves(game: dict) -> list[dict]:
    """Moves a cheater might probe with: wrong turns, taken or unknown cells, bad indexes."""
    move = next_move(game)
    taken = "3,3" if "3,3" not in game["empty_cells"] else "0,0"
    return [
        {**move, "turn": game["turn"] - 1},
        {**move, "turn": game["turn"] + 1},
        {**move, "cell": taken},
        {**move, "cell": "9,9"},
        {**move, "hand_index": 2},
        {**move, "market_index": 3},
        {**move, "market_index": 0 if game["turn"] == 22 else None},
        {"turn": game["turn"]},
    ]


@pytest.mark.slow  # 3.6 s of CPU (every page of a whole game): over the fast tests' budget
def test_pages_errors_and_logs_of_a_whole_game_reveal_nothing_unrevealed(client, daily, caplog):
    caplog.set_level(logging.DEBUG)
    deal = deal_of(daily)
    order = [*deal.hand, *deal.market, *deal.bag]
    day = daily.date.isoformat()
    pages = [*PAGES, f"/leaderboard/{day}/", f"/play/{day}/"]
    seen = Counter()

    def scan(response, turns_played: int):
        seen[response.status_code] += 1
        text = response.content.decode()
        assert daily.seed not in text
        if response["Content-Type"].startswith("application/json"):
            assert '"bag"' not in text
            drawn = Counter(order[: 5 + 2 * min(turns_played, 21)])
            assert patches_in(response.json()) <= drawn, text

    for page in pages:
        scan(client.get(page), 0)  # a page view makes nobody; the first game, a guest
    challenge = client.get("/api/daily/").json()
    created = client.post("/api/games/", {"goals": goals_for(challenge)}, "application/json")
    scan(created, 0)
    game = created.json()
    while game["status"] == "playing":
        played = game["turn"] - 1
        url = f"/api/games/{game['id']}/"
        for bad in bad_moves(game):
            refused = client.post(f"{url}moves/", bad, "application/json")
            assert refused.status_code in (400, 409), refused.content
            scan(refused, played)
        hint = client.post(f"{url}hints/")
        scan(hint, played)
        scan(client.get(f"{url}hints/{hint.json()['id']}/"), played)
        moved = client.post(f"{url}moves/", next_move(game), "application/json")
        scan(moved, played + 1)
        game = moved.json()
        for page in pages:
            scan(client.get(page), played + 1)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert daily.seed not in logged and deal.bag and "bag" not in logged.lower()
    assert seen[400] >= 22 * 5 and seen[409] >= 22  # the probes were refused, not skipped


def test_no_endpoint_takes_a_score(alice_api, client, daily):
    challenge = alice_api.get("/api/daily/").json()
    forged = {"score": 999, "status": "finished", "turn": 22, "ranked": False, "hints_used": 0}
    created = alice_api.post("/api/games/", {"goals": goals_for(challenge), **forged}, "json")
    game = created.json()
    assert created.status_code == 201
    assert (game["turn"], game["status"], game["score"]["total"]) == (1, "playing", 0)
    url = f"/api/games/{game['id']}/"
    for method in ("put", "patch", "delete"):
        assert getattr(alice_api, method)(url, forged, format="json").status_code == 405
        assert getattr(alice_api, method)(f"{url}moves/", forged, format="json").status_code == 405
    board = f"/api/leaderboards/{daily.date}/"
    for method in ("post", "put", "patch", "delete"):
        assert getattr(alice_api, method)(board, {"score": 999}, format="json").status_code == 405
    alice_api.post(f"{url}hints/")
    while game["status"] == "playing":
        move = {**next_move(game), **forged, "turn": game["turn"], "cat_tokens": 9}
        moved = alice_api.post(f"{url}moves/", move, format="json")
        assert moved.status_code == 200, moved.content
        game = moved.json()
    state, _ = replay(Game.objects.get(pk=game["id"]))
    entries = client.get(board).json()["entries"]
    assert [(e["score"], e["hints_used"]) for e in entries] == [(state.quilt.total(), 1)]
    assert game["score"]["total"] == state.quilt.total() != 999


def test_another_players_hint_and_an_anonymous_caller_get_nothing(
    alice_api, make_player, client_for, client, daily, start_game
):
    game = start_game(alice_api)
    hint = alice_api.post(f"/api/games/{game['id']}/hints/").json()
    bob = client_for(make_player("bob"))
    assert bob.get(f"/api/games/{game['id']}/hints/{hint['id']}/").status_code == 404
    for url in (f"/api/games/{game['id']}/", f"/api/games/{game['id']}/hints/{hint['id']}/"):
        assert client.get(url).status_code in (401, 403)
    assert client.post(f"/api/games/{game['id']}/moves/", next_move(game)).status_code in (401, 403)


@pytest.fixture
def three_hints_a_day(settings):
    settings.CALICO_LIMITS = {**settings.CALICO_LIMITS, "hints-account": "3/d"}


def test_hints_cannot_be_farmed(
    three_hints_a_day, alice_api, alice, make_player, client_for, daily, yesterday, start_game
):
    game = start_game(alice_api)
    url = f"/api/games/{game['id']}/hints/"
    for _ in range(3):
        first = alice_api.post(url)
        assert alice_api.post(url).json()["id"] == first.json()["id"], "one hint per turn"
        game = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json").json()
    refused = alice_api.post(url)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused.json() == {
        "error": "throttled",
        "detail": "new hints for your account: at most 3 a day; "
        f"try again in {refused['Retry-After']} s",
    }
    practice = start_game(alice_api, yesterday.date)  # another game does not reset the count
    assert alice_api.post(f"/api/games/{practice['id']}/hints/").status_code == 429
    assert Hint.objects.filter(game__player=alice).count() == 3
    assert alice_api.get(f"/api/games/{game['id']}/").json()["hints_used"] == 3
    bob = client_for(make_player("bob"))
    assert bob.post(f"/api/games/{start_game(bob)['id']}/hints/").status_code == 202
