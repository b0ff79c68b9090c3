"""The strengths dashboard from rows (issue 38): counted games of closed days only, par's run
beside them, reviews read, kept in the cache until something changes; on the profile's API
and page; and the daily fill, one unreviewed game of each player a day."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from helpers.robot_games import robot_game
from rest_framework.test import APIClient

from puzzles.game_state import deal_of, today
from puzzles.models import Analysis, Game, SolverRun
from puzzles.services.challenges import do_ensure_challenge
from puzzles.services.visitors import do_create_guest
from strengths import services
from strengths.selectors import strengths_of
from strengths.tasks import fill_dashboards

pytestmark = pytest.mark.django_db
SPACES = ("2,3", "3,4", "4,2")


def play(player, days_ago: int, seed: str, **fields) -> Game:
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=days_ago))
    goals = dict(zip(SPACES, deal_of(challenge).setup.goal_options, strict=False))
    return robot_game(challenge, player, goals, "greedy", seed, **fields)


def test_only_counted_games_of_closed_days_are_read(make_player):
    ann = make_player("ann")
    kept = [play(ann, 2, "a"), play(ann, 1, "b")]
    play(ann, 0, "today")  # the open day: nobody's business yet
    play(ann, 3, "dq", disqualified=True)
    SolverRun.objects.update_or_create(
        challenge=kept[0].challenge,
        kind="par",
        defaults={"status": "ready", "score": 70, "goals": kept[0].goals, "moves": kept[0].moves},
    )
    Analysis.objects.create(
        game=kept[1], status="ready", result={"turns": [{"turn": 9, "loss": 4.0, "mark": "?"}]}
    )
    board = strengths_of(ann)
    assert (board["days"], board["par_days"], board["analysed"]) == (2, 1, 1)
    assert board["phases"][1] == {"first": 8, "last": 15, "turns": 1, "mean_loss": 4.0}
    # par played ann's own first game: its rates on that day are hers
    first_goals = {row["goal"]: row for row in board["goals"]}
    assert sum(row["par"]["placed"] for row in first_goals.values()) == 3


def test_a_second_read_replays_nothing_and_a_new_review_is_read_at_once(make_player):
    ann = make_player("ann")
    game = play(ann, 1, "a")
    assert strengths_of(ann)["analysed"] == 0
    with CaptureQueriesContext(connection) as queries:
        strengths_of(ann)
    assert len(queries) == 1  # the stamp: the rest from the cache
    Analysis.objects.create(game=game, status="ready", result={"turns": []})
    assert strengths_of(ann)["analysed"] == 0  # a review without turns shows no marks
    Analysis.objects.filter(game=game).update(
        result={"turns": [{"turn": 1, "loss": 7.0, "mark": "??"}]}
    )
    play(ann, 2, "b")  # a new closed day changes the stamp
    assert strengths_of(ann)["marks"][-1]["blunders"] == 1


def test_the_profile_answers_and_shows_the_dashboard(make_player, client_for):
    ann = make_player("ann")
    play(ann, 1, "a")
    answer = client_for(ann).get("/api/me/")
    assert answer.status_code == 200 and answer.json()["strengths"]["days"] == 1
    public = APIClient().get("/api/players/ann/").json()
    assert public["strengths"] == answer.json()["strengths"]
    for language, words in (("en", "Design goals met"), ("es", "Objetivos de diseño cumplidos")):
        page = APIClient().get("/players/ann/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert 'data-strengths-days="1"' in page and words in page


def test_the_fill_reviews_one_game_of_each_player_a_day(make_player, settings):
    ann, ben = make_player("ann"), make_player("ben")
    guest = do_create_guest("127.0.0.1")
    older, newer = play(ann, 3, "a3"), play(ann, 2, "a2")
    ben_game = play(ben, 2, "b2")
    play(guest, 2, "g2")
    play(ann, 0, "today")
    assert list(services.waiting_players().values_list("username", flat=True)) == ["ann", "ben"]
    assert services.do_fill_dashboards(batch=1) == ann.pk  # a full batch: more may wait
    assert Analysis.objects.get().game == newer  # the newest closed day first
    assert services.do_fill_dashboards(ann.pk, batch=1) == ben.pk
    assert services.do_fill_dashboards(ben.pk, batch=1) is None
    assert {a.game for a in Analysis.objects.all()} == {newer, ben_game}
    assert all(a.status == "ready" and len(a.result["turns"]) == 22 for a in Analysis.objects.all())
    fill_dashboards()  # sent twice on the same day: one a day each
    assert Analysis.objects.count() == 2 and not Analysis.objects.filter(game=older).exists()
