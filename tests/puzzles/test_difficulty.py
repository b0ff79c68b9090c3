"""How hard a day is: by par against the month's par while it is open (nothing beyond par's
public score), by the crowd's median against par after the close."""

import datetime

import pytest
from rest_framework.test import APIClient

from puzzles.game_state import deal_of, today
from puzzles.models import Game, SolverRun
from puzzles.selectors.difficulty import difficulty
from puzzles.services import tallies
from puzzles.services.challenges import do_ensure_challenge

pytestmark = pytest.mark.django_db


def with_par(offset: int, score: int):
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=offset))
    SolverRun.objects.update_or_create(
        challenge=challenge, kind="par", defaults={"status": "ready", "score": score}
    )
    return challenge


@pytest.mark.parametrize(("par", "label"), [(80, "gentle"), (72, "usual"), (65, "tough"),
                                            (55, "brutal")])  # fmt: skip
def test_an_open_day_by_its_par_against_the_months(par, label):
    for offset in range(1, 11):
        with_par(offset, 70)  # a month of par 70
    day = with_par(0, par)
    assert difficulty(day, par) == {"label": label, "score": float(par - 70), "basis": "par"}
    shown = APIClient().get("/api/daily/").json()["difficulty"]
    assert shown == difficulty(day, par)


def test_a_closed_day_by_the_crowds_median_against_par(make_player):
    closed = with_par(1, 76)
    for n, score in enumerate((50, 56, 58, 60, 70)):
        game = Game.objects.create(
            challenge=closed,
            player=make_player(f"p{n}"),
            ranked=True,
            status="finished",
            turn=23,
            score=score,
        )
        tallies.do_count_game(game)
    assert difficulty(closed, 76) == {"label": "usual", "score": -18.0, "basis": "crowd"}
    nobody = with_par(2, 76)
    assert difficulty(nobody, 76)["basis"] == "par"  # a closed day nobody played: par's word
    assert difficulty(do_ensure_challenge(today() - datetime.timedelta(days=3)), None) is None


def test_the_share_says_how_hard_the_day_was(make_player):
    for offset in range(1, 11):
        with_par(offset, 70)
    day = with_par(0, 55)  # brutal: par 15 below the month's
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(day).setup.goal_options, strict=False))
    game = Game.objects.create(challenge=day, player=make_player("sharer"), ranked=True,
                               status="finished", turn=23, score=40, goals=goals)  # fmt: skip
    page = lambda language: APIClient().get(f"/share/{game.pk}/?lang={language}").content  # noqa: E731
    assert "par 55 · a brutal day" in page("en").decode()
    assert "par 55 · un día brutal" in page("es").decode()
