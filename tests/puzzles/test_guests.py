"""Unused guests go: ``manage.py prune_guests`` (also a daily beat task) removes guests older
than ``CALICO_GUEST_DAYS`` that have no game, and expired sessions."""

import datetime

import pytest
import time_machine
from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.management import CommandError, call_command
from django.test import Client
from helpers.games import goals_of

from puzzles.models import Player
from puzzles.services.games import do_start_game
from puzzles.services.players import do_create_guest
from puzzles.tasks import prune_guests

NOW = datetime.datetime(2031, 3, 4, 12, 0, tzinfo=datetime.UTC)


def visit(days_ago: int) -> Player:
    """A guest made ``days_ago`` days before NOW (as a page's first write makes one), with
    its session."""
    with time_machine.travel(NOW - datetime.timedelta(days=days_ago), tick=False):
        guest = do_create_guest(f"192.0.2.{days_ago}")
        Client().force_login(guest)
    return guest


@pytest.fixture
def guests(db, yesterday):
    old, recent, player = visit(31), visit(29), visit(40)
    do_start_game(player, date=yesterday.date, goals=goals_of(yesterday))  # it played: it stays
    return old, recent, player


def test_prune_guests_removes_old_guests_that_never_played(guests, make_player, capsys):
    _old, recent, player = guests
    registered = make_player("zoe")
    Player.objects.filter(pk=registered.pk).update(date_joined=NOW - datetime.timedelta(days=99))
    with time_machine.travel(NOW, tick=False):
        call_command("prune_guests")
    assert "removed 1 unused guests" in capsys.readouterr().out
    assert set(Player.objects.all()) == {recent, player, registered}
    # Sessions last a year from the latest visit: the guests' are still there; none expired.
    assert settings.SESSION_COOKIE_AGE == 365 * 86400 and Session.objects.count() == 3


def test_the_beat_task_and_the_days_setting(guests, settings):
    settings.CALICO_GUEST_DAYS = 10
    with time_machine.travel(NOW, tick=False):
        assert prune_guests() == 2
    assert Player.objects.count() == 1
    assert settings.CELERY_BEAT_SCHEDULE["prune-guests"]["task"] == prune_guests.name


def test_prune_guests_days_option(guests):
    with time_machine.travel(NOW, tick=False):
        call_command("prune_guests", "--days", "45")
        assert Player.objects.count() == 3
        with pytest.raises(CommandError) as refused:
            call_command("prune_guests", "--days", "-1")
    assert refused.value.returncode == 2
