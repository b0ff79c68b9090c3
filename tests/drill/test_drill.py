"""The drill of your own mistakes (issue 38): the positions of turns your reviews marked ? or
??, from finished games of closed days only, oldest first; an answer judged as the review
judges a move (``solver.search.analysis.judge`` on the same futures); a solved position gone,
an unsolved one kept; bad input a 400 or a 404; a guest's answers follow them to an account;
and a real worker on the hint queue judging an answer."""

import datetime

import pytest
from django.conf import settings
from django.test import Client
from helpers.processes import start_worker, wait_until
from helpers.robot_games import robot_game
from rest_framework.test import APIClient
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from accounts.services.players import do_fold_guest
from drill import services
from drill.models import DrillAnswer
from puzzles.game_state import deal_of, replay, today
from puzzles.models import Analysis
from puzzles.services.challenges import do_ensure_challenge
from solver.game import Move, cell_name
from solver.search.analysis import judge
from solver.search.expected import calibrated
from solver.search.roles import role_options

pytestmark = pytest.mark.django_db
SPACES = ("2,3", "3,4", "4,2")
TINY = {"samples": 4, "candidates": 3}
JUDGED = role_options("analysis", TINY)  # what the site judges with: shipped, TINY over it


@pytest.fixture(autouse=True)
def tiny_judge(settings):
    settings.CALICO_ANALYSIS_OPTIONS = TINY


def reviewed(player, days_ago: int, marks: dict[int, str], seed: str):
    """A finished ranked game of ``days_ago`` with a review marking ``marks`` ({turn: mark})."""
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=days_ago))
    goals = dict(zip(SPACES, deal_of(challenge).setup.goal_options, strict=False))
    game = robot_game(
        challenge,
        player,
        goals,
        "greedy",
        seed,
        finished_at=challenge.closes_at - datetime.timedelta(hours=days_ago),
    )
    turns = [
        {
            "turn": t,
            "loss": 4.0 if marks.get(t) else 0.0,
            "mark": marks.get(t, ""),
            "best": game.moves[t - 1],
        }
        for t in range(1, 23)
    ]
    Analysis.objects.create(game=game, status="ready", result={"turns": turns})
    return game


@pytest.fixture
def history(make_player):
    ann = make_player("ann")
    old = reviewed(ann, 3, {5: "??", 12: "?!"}, "old")
    newer = reviewed(ann, 1, {2: "?", 22: "?"}, "newer")
    reviewed(ann, 0, {3: "??"}, "today")  # the open day: not drilled before its close
    return ann, old, newer


def test_the_drill_holds_the_marked_turns_of_closed_days_oldest_first(history, client_for):
    ann, old, _ = history
    answer = client_for(ann).get("/api/drill/").json()
    assert answer["left"] == 3  # old's 5 (?? ; its ?! is no mistake), newer's 2 and 22
    position = answer["position"]
    assert (position["game"], position["turn"], position["mark"]) == (old.pk, 5, "??")
    assert len(position["quilt"]["placements"]) == 4  # as it was before the move of turn 5
    assert len(position["hand"]) == 2 and len(position["market"]) == 3
    assert len(position["empty_cells"]) == 22 - 4
    assert APIClient().get("/api/drill/").json() == {"left": 0, "position": None}  # a visitor


def judged(player, game, turn, move: Move) -> DrillAnswer:
    row = services.do_answer(player, data={"game": game.pk, "turn": turn, **move.to_json()})
    return services.do_judge_answer(row.pk)


def test_an_answer_is_judged_as_the_solver_judges_the_same_move_on_the_same_futures(history):
    ann, old, _ = history
    state, _ = replay(old, turns=4)
    observation = state.observation()
    move = Move(0, max(state.quilt.empty_cells), 2)
    row = judged(ann, old, 5, move)
    direct = judge(observation, move, seed=f"drill/{old.pk}/5", **JUDGED)
    assert row.status == "ready"
    assert row.played_value == pytest.approx(round(calibrated(direct.played_value, 5), 2))
    assert row.best_value == pytest.approx(round(calibrated(direct.best_value, 5), 2))
    assert row.best == direct.best.to_json()
    assert row.solved is (direct.loss <= services.SOLVED_WITHIN)


def unsolving_move(old):
    """A judged move of old's turn 5 that loses more than the drill forgives. Each checkout
    deals its own game (its seed secret): look through the moves, in a fixed order; a deal
    has many."""
    seen = replay(old, turns=4)[0].observation()
    seed = f"drill/{old.pk}/5"
    candidates = (
        Move(hand, cell, market)
        for market in (2, 1, 0)
        for hand in (1, 0)
        for cell in seen.quilt.empty_cells
    )
    worst = next(
        (
            review
            for move in candidates
            if (review := judge(seen, move, seed=seed, **JUDGED)).loss > services.SOLVED_WITHIN
        ),
        None,
    )
    assert worst is not None, "no move loses more than the drill forgives"
    return worst


def test_a_solved_position_leaves_the_drill_and_an_unsolved_one_stays(history, client_for):
    ann, old, _ = history
    worst = unsolving_move(old)
    assert judged(ann, old, 5, worst.played).solved is False
    assert client_for(ann).get("/api/drill/").json()["left"] == 3  # still there
    assert judged(ann, old, 5, worst.best).solved is True
    drill = client_for(ann).get("/api/drill/").json()
    assert drill["left"] == 2 and drill["position"]["game"] != old.pk


def test_bad_answers_are_a_400_and_foreign_positions_a_404(history, client_for):
    ann, old, _ = history
    api = client_for(ann)
    base = {"game": old.pk, "turn": 5, "hand_index": 0, "market_index": 0}
    for body, status in [
        ({**base, "cell": "9,9"}, 400),  # no such space
        ({**base, "cell": old.moves[0]["cell"]}, 400),  # a space already sewn
        ({**base, "cell": "2,2", "hand_index": 5}, 400),
        ({**base, "cell": "2,2", "turn": "five"}, 400),
        ({**base, "cell": "2,2", "game": "x"}, 400),
        ({**base, "cell": "2,2", "turn": 6}, 404),  # not a marked turn
        ({**base, "cell": "2,2", "game": 10**9}, 404),
        ("not an object", 400),
    ]:
        answer = api.post("/api/drill/answers/", body, format="json")
        assert answer.status_code == status, (body, answer.content)
        assert answer.json()["error"]
    assert not DrillAnswer.objects.exists()  # nothing half-written
    assert APIClient().post("/api/drill/answers/", base, format="json").status_code in (401, 403)
    assert api.get("/api/drill/answers/123456/").status_code == 404


def test_the_open_days_positions_are_unreachable(history, client_for, make_player):
    ann, _, _ = history
    todays = ann.games.get(challenge__date=today())
    answer = client_for(ann).post(
        "/api/drill/answers/",
        {"game": todays.pk, "turn": 3, "hand_index": 0, "cell": "2,2", "market_index": 0},
        format="json",
    )
    assert answer.status_code == 404
    browser = Client()
    browser.force_login(ann)
    page = browser.get("/drill/")
    assert page.status_code == 200 and "data-drill-mark" in page.text
    assert f'"game": {todays.pk}' not in page.text


def test_a_guests_answers_follow_them_to_their_account(make_player):
    from puzzles.services.visitors import do_create_guest

    guest = do_create_guest("127.0.0.1")
    game = reviewed(guest, 2, {4: "?"}, "guest")
    judged(guest, game, 4, Move.from_json(game.moves[3]))
    ann = make_player("ann")
    do_fold_guest(guest, into=ann)
    assert DrillAnswer.objects.get().player == ann


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_a_worker_on_the_hint_queue_judges_an_answer(celery_test_broker, make_player, client_for):
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    ann = make_player("ann")
    game = reviewed(ann, 2, {6: "??"}, "worker")
    api = client_for(ann)
    worker = start_worker(celery_test_broker, REDIS_URL, queues=(settings.CALICO_HINT_QUEUE,))
    try:
        asked = api.post(
            "/api/drill/answers/", {"game": game.pk, "turn": 6, **game.moves[5]}, format="json"
        )
        assert asked.status_code == 202, asked.content
        wait_until(lambda: DrillAnswer.objects.exclude(status="pending"), "the answer is judged")
        answer = api.get(f"/api/drill/answers/{asked.json()['id']}/").json()
        assert answer["status"] == "ready", answer["error"]
        assert answer["best_value"] >= answer["played_value"] - 1e-9
    finally:
        worker.stop()


def test_the_same_answer_again_is_the_stored_judgement_not_another(history, client_for, limits):
    """Issue 47: the drill judged identical answers again and again, a solver judgement each."""
    limits(hints_account="1/d")  # a second judgement would be refused: a repeat costs none
    ann, old, _ = history
    state, _ = replay(old, turns=4)
    # a move that leaves the position in the drill (a solving one would take it out)
    body = {"game": old.pk, "turn": 5, **unsolving_move(old).played.to_json()}
    api = client_for(ann)
    first = api.post("/api/drill/answers/", body, format="json")
    assert first.status_code == 202, first.content
    pending = api.post("/api/drill/answers/", body, format="json")  # while it is judged
    assert pending.status_code == 202 and pending.json()["id"] == first.json()["id"]
    done = services.do_judge_answer(first.json()["id"])
    for _ in range(3):
        again = api.post("/api/drill/answers/", body, format="json")
        assert again.status_code == 202, again.content
        assert again.json() == {
            **first.json(),
            "status": "ready",
            "best": done.best,
            "played_value": done.played_value,
            "best_value": done.best_value,
            "solved": done.solved,
        }
    assert DrillAnswer.objects.count() == 1
    cell = next(c for c in state.quilt.empty_cells if cell_name(c) != body["cell"])
    other = {**body, **Move(0, cell, 2).to_json()}
    assert api.post("/api/drill/answers/", other, format="json").status_code == 429
