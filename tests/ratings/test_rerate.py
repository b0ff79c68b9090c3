"""``manage.py rerate``: every closed day rated again from the stored games with par as it
stands now (par became the mean of its games), the same as rating them afresh."""

import datetime

import pytest
from django.core.management import call_command

from puzzles.game_state import today
from puzzles.models import Game, SolverRun
from puzzles.services.challenges import do_ensure_challenge
from ratings.models import RatedDay, Rating, RatingChange
from ratings.services import do_rate_closed_days

pytestmark = pytest.mark.django_db


def finished(challenge, player, score) -> Game:
    return Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        turn=23,
        status=Game.Status.FINISHED,
        score=score,
    )


def par_of(challenge, score) -> None:
    SolverRun.objects.filter(challenge=challenge, kind="par").update(status="ready", score=score)


def ratings() -> dict:
    return {r.player_id: (round(r.mu, 6), round(r.sigma, 6), r.days) for r in Rating.objects.all()}


def test_rerate_rates_every_closed_day_again_with_todays_pars(make_player, capsys):
    ann, ben = make_player("ann"), make_player("ben")
    days = [do_ensure_challenge(today() - datetime.timedelta(days=n)) for n in (2, 1)]
    for challenge, (a, b) in zip(days, ((70, 60), (62, 66)), strict=True):
        finished(challenge, ann, a)
        finished(challenge, ben, b)
        par_of(challenge, 64)
    do_rate_closed_days()
    before = ratings()
    par_of(days[0], 75)  # par played again: now above both players
    call_command("rerate")
    assert "rated 2 days again" in capsys.readouterr().out
    assert RatedDay.objects.get(date=days[0].date).par_score == 75
    assert RatingChange.objects.count() == 4
    after = ratings()
    assert after != before
    # the same as rating the days afresh, from nothing
    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    RatedDay.objects.all().delete()
    do_rate_closed_days()
    assert ratings() == after
