"""How hard a day is: by par's percentile in the shipped reference of par means while it is
open (nothing beyond par's public score; a setup without a reference: against the month's
par), by the crowd's median against par after the close."""

import datetime

import pytest
from rest_framework.test import APIClient

from puzzles.game_state import deal_of, today
from puzzles.models import Game, SolverRun
from puzzles.selectors.difficulty import difficulty, percentile, reference
from puzzles.services import tallies
from puzzles.services.challenges import do_ensure_challenge

pytestmark = pytest.mark.django_db


def with_par(offset: int, score: int):
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=offset))
    SolverRun.objects.update_or_create(
        challenge=challenge, kind="par", defaults={"status": "ready", "score": score}
    )
    return challenge


def _par_at(share: float) -> float:
    """A par at about ``share`` of the way up the shipped reference's par means."""
    means = reference()["means"]
    return means[round(share * (len(means) - 1))]


def test_the_percentile_is_the_share_of_the_references_par_means_below():
    means = reference()["means"]
    assert reference()["deals"] == len(means) and means == sorted(means)
    assert percentile(means[0] - 1) == 0.0 and percentile(means[-1] + 1) == 100.0
    middle = means[len(means) // 2]
    below = sum(m < middle for m in means) + sum(m == middle for m in means) / 2
    assert percentile(middle) == round(100 * below / len(means), 1)


@pytest.mark.parametrize(
    ("share", "label"), [(1.0, "gentle"), (0.5, "usual"), (0.18, "tough"), (0.0, "brutal")]
)
def test_an_open_day_by_its_pars_percentile_in_the_reference_even_on_the_first_day(share, label):
    par = round(_par_at(share))
    day = with_par(0, par)  # no day before it: the reference needs no history
    place = percentile(par)
    score = round(par - reference()["grand_mean"], 1)
    assert difficulty(day, par) == {
        "label": label,
        "score": score,
        "basis": "par",
        "percentile": place,
    }
    shown = APIClient().get("/api/daily/").json()["difficulty"]
    assert shown == difficulty(day, par)


def test_a_daily_of_another_setup_is_judged_against_the_months_par():
    for offset in range(1, 11):
        with_par(offset, 70)  # a month of par 70
    day = with_par(0, 65)
    day.setup = "beginner"
    day.save(update_fields=["setup"])
    found = {"label": "tough", "score": -5.0, "basis": "par", "percentile": None}
    assert difficulty(day, 65) == found


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
    assert difficulty(closed, 76) == {
        "label": "usual",
        "score": -18.0,
        "basis": "crowd",
        "percentile": percentile(76),
    }
    nobody = with_par(2, 76)
    assert difficulty(nobody, 76)["basis"] == "par"  # a closed day nobody played: par's word
    assert difficulty(do_ensure_challenge(today() - datetime.timedelta(days=3)), None) is None


def test_the_share_says_how_hard_the_day_was(make_player):
    day = with_par(0, 55)  # brutal: below every deal of the reference
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(day).setup.goal_options, strict=False))
    game = Game.objects.create(
        challenge=day,
        player=make_player("sharer"),
        ranked=True,
        status="finished",
        turn=23,
        score=40,
        goals=goals,
    )
    page = lambda language: APIClient().get(f"/share/{game.pk}/?lang={language}").content  # noqa: E731
    assert "par 55 · a brutal day" in page("en").decode()
    assert "par 55 · un día brutal" in page("es").decode()
