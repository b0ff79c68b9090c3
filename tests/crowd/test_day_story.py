"""The day after (issue 36): a closed day's story from its ranked games, every number checked
against a hand-built day of six games; nothing of it before the close, by any route."""

import datetime
from collections import Counter

import pytest
import time_machine
from helpers.robot_games import robot_game as play
from rest_framework.test import APIClient
from waiting import wait_for

from crowd import services as crowd_services
from crowd.models import DayStory
from crowd.services import do_study_day, do_tell_closed_days, do_tell_day
from puzzles.game_state import deal_of, today
from puzzles.models import Analysis, SolverRun
from puzzles.services.challenges import do_ensure_challenge
from solver.game import Move, SoloGame, patch_to_json

pytestmark = pytest.mark.django_db
SPACES = ("2,3", "3,4", "4,2")


@pytest.fixture
def day(make_player):
    """Yesterday: six players (two arrangements), two reviewed, par and best known."""
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=1))
    options = deal_of(challenge).setup.goal_options
    first, second = (
        dict(zip(SPACES, options[:3], strict=True)),
        dict(zip(SPACES, options[1:4], strict=True)),
    )
    games = [
        play(
            challenge,
            make_player(f"p{n}"),
            first if n < 4 else second,
            "greedy" if n % 2 else "random",
            f"crowd-{n}",
        )
        for n in range(6)
    ]
    for game, losses in zip(games[:2], ([1.0] * 22, [0.0] * 21 + [5.0]), strict=True):
        turns = [{"turn": t, "loss": loss} for t, loss in enumerate(losses, start=1)]
        Analysis.objects.create(game=game, status="ready", result={"turns": turns})
    SolverRun.objects.update_or_create(
        challenge=challenge, kind="par", defaults={"status": "ready", "score": 70, "goals": first}
    )
    SolverRun.objects.update_or_create(
        challenge=challenge, kind="best", defaults={"status": "ready", "score": 90}
    )
    return challenge, games, first


def test_every_number_of_the_story_against_the_hand_built_day(day):
    challenge, games, first = day
    story = do_tell_day(challenge).story
    scores = sorted(g.score for g in games)
    assert story["players"] == 6
    assert story["scores"]["par"] == 70 and story["scores"]["best_known"] == 90
    assert story["scores"]["median"] == (scores[2] + scores[3]) / 2
    assert sum(b["players"] for b in story["scores"]["histogram"]) == 6
    choices = {tuple(sorted(c["goals"].items())): c for c in story["goal_choices"]}
    mine = choices[tuple(sorted(first.items()))]
    assert mine["players"] == 4 and mine["par"] is True
    assert mine["mean"] == round(sum(g.score for g in games[:4]) / 4, 1)
    assert mine["best"] == max(g.score for g in games[:4])
    opening = SoloGame.start(deal_of(challenge), first).observation()
    counted = {}
    for game in games:
        move = Move.from_json(game.moves[0])
        key = (patch_to_json(opening.hand[move.hand_index])["color"], game.moves[0]["cell"])
        counted[key] = counted.get(key, 0) + 1
    for row in story["first_moves"]:
        assert counted[row["hand"]["color"], row["cell"]] >= row["players"]
    assert sum(row["players"] for row in story["first_moves"]) <= 6
    finals = [SoloGame.start(deal_of(challenge), g.goals) for g in games]
    for state, game in zip(finals, games, strict=True):
        for move in game.moves:
            state.play(Move.from_json(move))
    for _cell, heat in story["heat"].items():
        assert 0 < heat["share"] <= 1
    rainbow = sum(bool(s.quilt.score()["rainbow"]) for s in finals)
    assert story["rainbow"] == rainbow
    cats = {}
    for state in finals:
        for cat in {t["cat"] for t in state.quilt.score()["cats"]}:
            cats[cat] = cats.get(cat, 0) + 1
    assert {c["cat"]: c["players"] for c in story["cats"]} == cats
    both = sum(1 for s in finals for g in s.quilt.score()["goals"] if g["colors"] and g["patterns"])
    assert sum(m["both"] for m in story["goals_met"]) == both
    hardest = story["hardest_turns"][0]
    assert hardest == {"turn": 22, "mean_loss": 3.0, "games": 2}
    assert story["difficulty"]["basis"] == "crowd"


def test_nothing_of_the_story_before_the_close_by_any_route(make_player):
    challenge = do_ensure_challenge(today())
    early = play(
        challenge,
        make_player("early"),
        dict(zip(SPACES, deal_of(challenge).setup.goal_options[:3], strict=True)),
        "greedy",
        "x",
    )
    api = APIClient()
    api.force_authenticate(early.player)
    mine = api.get(f"/api/games/{early.pk}/crowd/")  # even the game's own player
    assert mine.status_code == 404 and mine.json()["error"] == "day_open"
    answer = api.get(f"/api/challenges/{challenge.date}/crowd/")
    assert answer.status_code == 404 and answer.json()["error"] == "day_open"
    assert "public" not in answer.get("Cache-Control", "")
    page = api.get(f"/day/{challenge.date}/")
    assert page.status_code == 200 and b"data-day-story" not in page.content
    assert do_tell_day(challenge) is None and not DayStory.objects.exists()
    do_tell_closed_days()
    assert not DayStory.objects.exists()
    midnight = datetime.datetime.combine(
        today() + datetime.timedelta(days=1), datetime.time(), datetime.UTC
    )
    with time_machine.travel(midnight + datetime.timedelta(seconds=1), tick=False):
        pending = api.get(f"/api/challenges/{challenge.date}/crowd/")
        assert pending.status_code == 202 and pending.json()["status"] == "pending"
        do_tell_closed_days()
        ready = api.get(f"/api/challenges/{challenge.date}/crowd/").json()
        assert ready["status"] == "ready" and ready["players"] == 1


def test_before_the_close_the_page_says_when_the_story_opens(make_player):
    """Issue 53 (6): a 200 page with the close's moment and a countdown, in both languages,
    with nothing of the story and no doubled full stop."""
    challenge = do_ensure_challenge(today())
    for language, words in (("en", "The story opens at"), ("es", "La historia se abre a las")):
        page = APIClient().get(f"/day/{challenge.date}/", HTTP_ACCEPT_LANGUAGE=language)
        text = page.content.decode()
        assert page.status_code == 200 and words in text and "data-day-story" not in text
        assert f'datetime="{challenge.closes_at:%Y-%m-%dT%H:%M:%SZ}"' in text
        assert "data-countdown" in text and ".." not in text.replace("...", "")


def test_the_page_tells_a_closed_day_in_english_and_spanish(day):
    challenge, _, _ = day
    do_tell_day(challenge)
    for language, words in (("en", "How everyone played"), ("es", "Cómo jugó todo el mundo")):
        page = APIClient().get(f"/day/{challenge.date}/", HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200 and words in page.content.decode()
    missing = APIClient().get("/api/challenges/2001-01-01/crowd/")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    bad = APIClient().get("/api/challenges/yesterday/crowd/")
    assert bad.status_code == 400


@pytest.mark.slow  # 3.6 s of CPU (analyses a sample of games): over the fast tests' budget
def test_a_sample_of_unasked_games_is_analysed_for_the_hardest_turns(day, monkeypatch):
    challenge, games, _ = day
    monkeypatch.setattr(crowd_services, "SAMPLE", 5)  # two asked for, so three to sample
    assert do_study_day(challenge, batch=2) == 1
    assert do_study_day(challenge, batch=2) == 0
    assert do_study_day(challenge, batch=2) == 0  # sent twice: nothing more
    sampled = Analysis.objects.filter(game__challenge=challenge).exclude(game__in=games[:2])
    assert sampled.count() == 3 and {a.status for a in sampled} == {"ready"}
    assert all(len(a.result["turns"]) == 22 for a in sampled)
    story = do_tell_day(challenge).story
    assert {turn["games"] for turn in story["hardest_turns"]} == {5}


def test_no_sample_before_the_close(make_player):
    challenge = do_ensure_challenge(today())
    goals = dict(zip(SPACES, deal_of(challenge).setup.goal_options, strict=False))
    play(challenge, make_player("early"), goals, "greedy", "open")
    assert do_study_day(challenge) == 0 and not Analysis.objects.exists()


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_the_close_tells_the_day_then_again_with_the_sample(day, celery_worker_process):
    challenge = day[0]
    assert do_tell_closed_days() == 1  # told at once from the two reviews, the sample sent
    assert {
        t["games"] for t in DayStory.objects.get(challenge=challenge).story["hardest_turns"]
    } == {2}
    story = wait_for(
        lambda: DayStory.objects.get(challenge=challenge).story,
        lambda s: {t["games"] for t in s["hardest_turns"]} == {6},
    )
    assert story["players"] == 6
    assert Analysis.objects.filter(game__challenge=challenge, status="ready").count() == 6


def test_a_game_beside_the_crowd(day):
    challenge, games, first = day
    do_tell_day(challenge)
    mine = games[0]
    api = APIClient()
    api.force_authenticate(mine.player)
    got = api.get(f"/api/games/{mine.pk}/crowd/").json()
    assert got["players"] == 6 and got["game_id"] == mine.pk
    same = [g.score for g in games[:4]]  # the first four chose the same goals
    assert got["goals"] == {"players": 4, "mean": round(sum(same) / 4, 1), "best": max(same)}
    opening = SoloGame.start(deal_of(challenge), first).observation()

    def first_move(game):
        move = game.moves[0]
        market = move["market_index"]
        return (
            opening.hand[move["hand_index"]],
            move["cell"],
            None if market is None else opening.market[market],
        )

    alike = [g.score for g in games if first_move(g) == first_move(mine)]
    assert got["first_move"] == {"players": len(alike), "mean": round(sum(alike) / len(alike), 1)}
    assert [t["turn"] for t in got["turn_cells"]] == list(range(1, 23))
    turn_one = Counter(g.moves[0]["cell"] for g in games)
    assert got["turn_cells"][0]["players"] == max(turn_one.values())
    assert got["turn_cells"][0]["cell"] in {
        c for c, n in turn_one.items() if n == max(turn_one.values())
    }
    # A ranked game of a closed day is anyone's to replay, and so to set beside the crowd.
    assert APIClient().get(f"/api/games/{mine.pk}/crowd/").json() == got
    assert APIClient().get("/api/games/999999/crowd/").status_code == 404
