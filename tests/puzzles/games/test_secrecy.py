"""The server owns the deal: no response during a game shows a patch not yet drawn."""

from collections import Counter

from helpers.games import next_move

from puzzles.game_state import deal_of
from solver.game import patch_from_json


def patches_in(data) -> Counter:
    """Every patch object in a JSON value, except the board's printed border."""
    found: Counter = Counter()
    if isinstance(data, dict):
        if set(data) >= {"color", "pattern"}:
            found[patch_from_json(data)] += 1
        for key, value in data.items():
            if key != "border":
                found += patches_in(value)
    elif isinstance(data, list):
        for value in data:
            found += patches_in(value)
    return found


def test_no_response_of_a_whole_game_contains_an_unrevealed_patch(alice_api, daily):
    deal = deal_of(daily)
    order = [*deal.hand, *deal.market, *deal.bag]
    urls = ["/api/daily/", f"/api/challenges/{daily.date}/", f"/api/leaderboards/{daily.date}/"]

    def check(response, turns_played: int):
        drawn = Counter(order[: 5 + 2 * min(turns_played, 21)])
        assert patches_in(response.json()) <= drawn, response.json()
        text = response.content.decode()
        assert daily.seed not in text and '"bag"' not in text

    for url in urls:
        check(alice_api.get(url), 0)
    challenge = alice_api.get("/api/daily/").json()
    goals = dict(zip(("2,3", "3,4", "4,2"), challenge["goal_options"], strict=False))
    created = alice_api.post("/api/games/", {"goals": goals}, format="json")
    check(created, 0)
    game = created.json()
    for played in range(1, 23):
        hint = alice_api.post(f"/api/games/{game['id']}/hints/")
        check(hint, played - 1)
        check(alice_api.get(f"/api/games/{game['id']}/hints/{hint.json()['id']}/"), played - 1)
        response = alice_api.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
        check(response, played)
        check(alice_api.get(f"/api/games/{game['id']}/"), played)
        game = response.json()
        for url in urls:
            check(alice_api.get(url), played)
    assert game["status"] == "finished"
