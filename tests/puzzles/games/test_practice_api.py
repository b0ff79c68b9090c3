"""'Try again from here' (POST /api/games/{id}/practice/): a practice game from the position
before a turn, dealt the same remaining bag, where the deal is public to the caller; an open
day's ranked game is refused with 409 deal_not_public."""

import datetime

import pytest
import time_machine

from puzzles.game_state import replay, today
from puzzles.models import Game
from solver.game import patch_to_json, quilt_to_json


def _after_close():
    """The clock just after today's close (00:00 UTC)."""
    midnight = datetime.datetime.combine(today(), datetime.time(), datetime.UTC)
    return time_machine.travel(midnight + datetime.timedelta(days=1, seconds=5), tick=False)


@pytest.fixture
def finished(alice_api, start_game, play_through):
    """Alice's ranked game of today, played to the end (the API's game object)."""
    return play_through(alice_api, start_game(alice_api))[-1]


def _practise(client, game_id: int, turn):
    return client.post(f"/api/games/{game_id}/practice/", {"turn": turn}, format="json")


def test_practice_from_a_turn_deals_the_same_remaining_bag(alice_api, finished):
    source = Game.objects.get(pk=finished["id"])
    turn = 9
    with _after_close():
        answer = _practise(alice_api, source.pk, turn)
        assert answer.status_code == 201, answer.content
        data = answer.json()
        assert data["ranked"] is False and data["status"] == "playing" and data["turn"] == turn
        assert data["practice_from"] == {"game": source.pk, "turn": turn}
        copy = Game.objects.get(pk=data["id"])
        assert copy.goals == source.goals and copy.challenge_id == source.challenge_id
        ours, _ = replay(copy)
        theirs, _ = replay(source, turn - 1)  # the original at that turn
        assert ours.remaining_bag == theirs.remaining_bag
        assert len(ours.remaining_bag) > 0
        assert (ours.hand, ours.market, ours.discarded) == (
            theirs.hand,
            theirs.market,
            theirs.discarded,
        )
        assert quilt_to_json(ours.quilt) == quilt_to_json(theirs.quilt)
        assert data["score"] == theirs.quilt.score()
        # played on with the original's moves, through the API, it draws what the original drew
        for k, move in enumerate(source.moves[turn - 1 :], start=turn):
            answer = alice_api.post(f"/api/games/{copy.pk}/moves/", {"turn": k, **move}, "json")
            assert answer.status_code == 200, answer.content
            expected, _ = replay(source, k)
            assert answer.json()["market"] == [patch_to_json(p) for p in expected.market]
        assert answer.json()["status"] == "finished"
        assert answer.json()["quilt"] == finished["quilt"]
        assert answer.json()["score"] == finished["score"]
        assert answer.json()["counts"] is False


def test_an_open_days_ranked_game_is_refused_finished_or_not(alice_api, start_game, finished):
    answer = _practise(alice_api, finished["id"], 5)
    assert answer.status_code == 409, answer.content
    assert answer.json()["error"] == "deal_not_public"
    assert Game.objects.count() == 1


def test_an_unfinished_ranked_game_of_today_is_refused(make_player, client_for, start_game):
    bob_api = client_for(make_player("bob"))
    game = start_game(bob_api)
    answer = _practise(bob_api, game["id"], 1)
    assert answer.status_code == 409 and answer.json()["error"] == "deal_not_public"


def test_a_bad_turn_is_a_400(alice_api, finished, start_game):
    with _after_close():
        for turn in (0, 23, -1, "nine", None, 2.5):
            answer = _practise(alice_api, finished["id"], turn)
            assert answer.status_code == 400, (turn, answer.content)
            assert set(answer.json()) >= {"error", "detail"}
        # an unfinished practice game: up to its next turn
        practice = _practise(alice_api, finished["id"], 4).json()
        assert _practise(alice_api, practice["id"], 5).status_code == 400
        assert _practise(alice_api, practice["id"], 4).status_code == 201


def test_your_practice_game_of_an_open_day_is_public_to_you(alice_api, finished, start_game):
    practice = start_game(alice_api)  # the ranked game is over: practice of today is open
    assert practice["ranked"] is False
    for k in range(1, 4):
        move = {"turn": k, "hand_index": 0, "cell": practice["empty_cells"][0], "market_index": 0}
        practice = alice_api.post(f"/api/games/{practice['id']}/moves/", move, "json").json()
    answer = _practise(alice_api, practice["id"], 2)
    assert answer.status_code == 201, answer.content
    assert answer.json()["turn"] == 2


def test_someone_elses_game_only_once_its_day_has_closed(
    alice_api, finished, make_player, client_for
):
    bob_api = client_for(make_player("bob"))
    answer = _practise(bob_api, finished["id"], 3)
    assert answer.status_code == 404  # nothing said of a game bob may not see
    with _after_close():
        answer = _practise(bob_api, finished["id"], 3)
        assert answer.status_code == 201, answer.content
        assert Game.objects.get(pk=answer.json()["id"]).player.username == "bob"
    assert _practise(bob_api, 10**6, 3).status_code == 404


def test_a_scenario_retry_is_no_try_on_the_scenario_record(alice_api, play_through):
    game = alice_api.post("/api/scenarios/1/games/", {}, format="json").json()
    finished = play_through(alice_api, game)[-1]
    answer = _practise(alice_api, finished["id"], 22)
    assert answer.status_code == 201, answer.content
    retry = answer.json()
    assert retry["scenario"]["number"] == 1 and retry["turn"] == 22
    assert retry["seed"] is None  # unfinished: its seed stays hidden
    play_through(alice_api, retry)
    card = next(c for c in alice_api.get("/api/scenarios/").json() if c["number"] == 1)
    assert card["tries"] == 1 and card["best"]["game"] == finished["id"]


def test_a_page_visitor_trying_a_closed_days_game_again_becomes_a_guest(finished):
    from django.test import Client

    from puzzles.models import Player

    with _after_close():
        browser = Client(enforce_csrf_checks=True)
        assert browser.get(f"/review/{finished['id']}/").status_code == 200  # writes nothing
        players = Player.objects.count()
        answer = browser.post(
            f"/api/games/{finished['id']}/practice/",
            {"turn": 5},
            content_type="application/json",
            HTTP_X_CSRFTOKEN=browser.cookies["csrftoken"].value,
        )
        assert answer.status_code == 201, answer.content
        guest = Game.objects.get(pk=answer.json()["id"]).player
        assert guest.is_guest and Player.objects.count() == players + 1


def test_an_unfinished_scenario_attempt_is_not_copied_before_it_is_played(alice_api, play_through):
    """Issue 41, point 7: "try again from here" on an unfinished scenario game made a copy
    whose seed, shown once the copy finished, is the attempt's whole bag. Only once the
    attempt is finished may it (or a copy of it) be copied."""
    game = alice_api.post("/api/scenarios/1/games/", {}, format="json").json()
    refused = _practise(alice_api, game["id"], 1)
    assert refused.status_code == 409 and refused.json()["error"] == "deal_not_public"
    finished = play_through(alice_api, game)[-1]
    copy = _practise(alice_api, finished["id"], 5)
    assert copy.status_code == 201
    again = _practise(alice_api, copy.json()["id"], 5)  # a copy of a finished attempt: public
    assert again.status_code == 201
