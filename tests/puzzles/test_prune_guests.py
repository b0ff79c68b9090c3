"""``prune_guests`` removes only guests that were never used: a guest who played a versus table,
owns or joined a group, or has any game (so a streak) stays, however old."""

import datetime

import pytest
import time_machine
from django.core.management import call_command
from helpers.games import goals_of

from groups.models import Group
from groups.services import do_create_group, do_join_group
from puzzles.models import GUEST_PREFIX, Player
from puzzles.services.games import do_start_game
from versus.services import do_start_versus

NOW = datetime.datetime(2031, 3, 4, 12, 0, tzinfo=datetime.UTC)


def old_guest(name: str) -> Player:
    """A guest made 60 days before NOW (twice the default CALICO_GUEST_DAYS)."""
    guest = Player.objects.create(username=f"{GUEST_PREFIX}{name}", is_guest=True)
    Player.objects.filter(pk=guest.pk).update(date_joined=NOW - datetime.timedelta(days=60))
    return guest


def prune() -> None:
    with time_machine.travel(NOW, tick=False):
        call_command("prune_guests")


@pytest.mark.django_db
def test_a_guest_who_only_played_versus_stays():
    guest = old_guest("versus")
    do_start_versus(guest, opponents=1, level="easy")
    prune()
    assert Player.objects.filter(pk=guest.pk).exists()


@pytest.mark.django_db
def test_a_guest_owner_stays_and_so_does_the_group(make_player):
    owner = old_guest("owner")
    group = do_create_group(owner, name="Cats")
    do_join_group(make_player("bob"), invite_code=group.invite_code)
    prune()
    assert Group.objects.get(pk=group.pk).owner == owner


@pytest.mark.django_db
def test_a_guest_member_of_a_group_stays(make_player):
    group = do_create_group(make_player("alice"), name="Cats")
    member = old_guest("member")
    do_join_group(member, invite_code=group.invite_code)
    prune()
    assert Player.objects.filter(pk=member.pk).exists()


def test_a_guest_with_a_game_stays_and_an_unused_one_goes(yesterday):
    player, unused = old_guest("player"), old_guest("unused")
    do_start_game(player, date=yesterday.date, goals=goals_of(yesterday))
    prune()
    assert set(Player.objects.filter(pk__in=[player.pk, unused.pk])) == {player}
