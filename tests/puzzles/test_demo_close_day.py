"""``manage.py demo_close_day`` (issue 53, 15): on a local database whose only daily is today's,
today's daily and its games become yesterday's, a closed day, and the close's jobs run at
once; anywhere else it refuses with exit code 2, writing nothing."""

import datetime

import pytest
from django.core.management import CommandError, call_command
from helpers.robot_games import robot_game

from crowd.models import DayStory
from puzzles.game_state import deal_of, today
from puzzles.models import Challenge
from puzzles.services.challenges import do_ensure_challenge
from ratings.models import RatedDay, Rating

pytestmark = pytest.mark.django_db(transaction=True)
YESTERDAY = datetime.timedelta(days=1)


def test_a_demo_close_makes_today_a_closed_day_told_and_rated(make_player, settings):
    settings.DEBUG = True  # a local site (make serve's SQLite is one too)
    challenge = do_ensure_challenge(today())
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(challenge).setup.goal_options, strict=False))
    game = robot_game(challenge, make_player("ann"), goals, "greedy", "demo")
    call_command("demo_close_day")
    challenge.refresh_from_db()
    game.refresh_from_db()
    assert challenge.date == today() - YESTERDAY and game.challenge_id == challenge.pk
    assert Challenge.objects.filter(date=today()).exists()  # the next daily
    assert DayStory.objects.filter(challenge=challenge).exists()
    assert RatedDay.objects.filter(date=challenge.date).exists()
    assert Rating.objects.get(player=game.player).days == 1
    with pytest.raises(CommandError, match="only daily is today's") as refused:
        call_command("demo_close_day")  # older days now: their rows are dated
    assert refused.value.returncode == 2


def test_it_refuses_a_database_that_is_not_local(settings):
    settings.DEBUG = False  # and the tests' database is PostgreSQL
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("the tests' database is SQLite here: a local one")
    do_ensure_challenge(today())
    with pytest.raises(CommandError, match="local database") as refused:
        call_command("demo_close_day")
    assert refused.value.returncode == 2
    assert Challenge.objects.get().date == today()  # nothing written
