"""The player-data protocol (``accounts.player_data``): every app that holds rows of a player
answers for them when the account is deleted. The apps and their models are found from the
installed apps' relations to ``Player``, never listed here: an app added with a table that
points at a player fails these tests until it declares its deletion (and until a row of it is
made below, so that the deletion is seen to reach it)."""

import datetime

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group as PermissionGroup
from django.contrib.auth.models import Permission
from helpers.games import goals_of

from accounts import player_data
from accounts.services.account import do_delete_account
from accounts.services.players import do_ensure_token
from drill.models import DrillAnswer
from duels.models import Duel, DuelEntry
from groups.services import do_create_group
from leagues.models import League, LeagueMember
from puzzles.models import FORMER_PREFIX, Game
from puzzles.services.games import do_start_game
from ratings.models import Rating, RatingChange
from reminders.models import PushSubscription, Reminder
from versus.models import VersusGame
from weekly.models import WeeklyEntry, WeeklySpecial

pytestmark = pytest.mark.django_db

PASSWORD = "a long password 1"  # make_player's


def rows_of(player) -> dict[str, int]:
    """How many rows of ``player`` each model holds that relates to ``Player`` (a foreign key,
    a one-to-one, a many-to-many's through table), by ``app.Model``."""
    counts = {}
    for models in player_data.player_holders().values():
        for model in models:
            fields = [
                field.name
                for field in model._meta.get_fields(include_hidden=True)
                if field.is_relation and field.concrete and field.related_model is type(player)
            ]
            rows = model._base_manager.none()
            for name in fields:
                rows = rows | model._base_manager.filter(**{name: player})
            counts[model._meta.label] = rows.count()
    return counts


def a_row_in_every_app(player, daily, yesterday) -> None:
    """The player plays, joins, is rated, is reminded...: a row in each app that keeps one."""
    ranked = do_start_game(player, date=daily.date, goals=goals_of(daily))
    do_start_game(player, date=yesterday.date, goals=goals_of(yesterday))  # practice: closed day
    do_ensure_token(player)
    LogEntry.objects.create(user=player, object_repr="a day", action_flag=ADDITION)
    player.groups.add(PermissionGroup.objects.get_or_create(name="editors")[0])
    player.user_permissions.add(Permission.objects.first())
    do_create_group(player, name="Cats")  # owned, and a membership
    VersusGame.objects.create(player=player, seed="s", level="easy", opponents=1)
    Rating.objects.create(player=player, mu=25.0, sigma=8.0)
    RatingChange.objects.create(player=player, date=yesterday.date, mu=25.0, sigma=8.0)
    Reminder.objects.create(player=player)
    PushSubscription.objects.create(
        player=player, endpoint=f"https://push.test/{player.pk}", p256dh="k", auth="a"
    )
    DrillAnswer.objects.create(player=player, game=ranked, turn=1, move={}, error="")
    monday = daily.date - datetime.timedelta(days=daily.date.weekday())
    special, _ = WeeklySpecial.objects.get_or_create(
        monday=monday, defaults={"week": "2026-W01", "scenario": 1, "seed": "s", "commitment": "c"}
    )
    # on the ranked game, which stays: only the weekly's own deletion can remove the try
    WeeklyEntry.objects.create(special=special, player=player, game=ranked)
    duel = Duel.objects.create(
        code=f"d{player.pk}", kind=Duel.Kind.DAILY, challenge=daily, ranked=True
    )
    DuelEntry.objects.create(duel=duel, player=player, seat=DuelEntry.Seat.CHALLENGER, game=ranked)
    league, _ = League.objects.get_or_create(monday=monday, tier=1, number=1)
    LeagueMember.objects.create(league=league, player=player, monday=monday)


def test_every_app_that_holds_rows_of_a_player_declares_their_deletion():
    holders = player_data.player_holders()
    assert {"puzzles", "authtoken", "admin"} <= set(holders)  # the walk finds the known ones
    assert player_data.undeclared_holders() == []


def test_an_app_holding_rows_without_a_deletion_is_named(monkeypatch):
    """The check itself: an app whose config declared no deletion would leave rows behind."""
    from django.apps import apps

    drill = apps.get_app_config("drill")
    monkeypatch.delattr(type(drill), "delete_player")
    assert player_data.undeclared_holders() == ["drill"]


def test_deleting_an_account_leaves_no_row_of_it_in_any_app(make_player, daily, yesterday):
    player = make_player("alice")
    other = make_player("bob")
    a_row_in_every_app(player, daily, yesterday)
    a_row_in_every_app(other, daily, yesterday)
    before = rows_of(player)
    empty = sorted(label for label, count in before.items() if count == 0)
    assert not empty, f"no row made for {empty}: make one in a_row_in_every_app"

    do_delete_account(player, password=PASSWORD, address="127.0.0.1")

    left = {label: count for label, count in rows_of(player).items() if count}
    # Ranked games stay on the past boards, under a name that is nobody's (by design:
    # docs/operations.md, "Your data"): the one row of the player anywhere.
    assert left == {"puzzles.Game": 1}
    assert Game.objects.get(player=player).ranked
    player.refresh_from_db()
    assert player.username.startswith(FORMER_PREFIX) and not player.email
    # the other player's rows are untouched
    assert rows_of(other) == before


def test_a_guest_folds_into_an_account_with_every_app_moving_its_rows(make_player, daily):
    from accounts.services.players import do_fold_guest
    from puzzles.services.visitors import do_create_guest

    guest, account = do_create_guest("127.0.0.1"), make_player("alice")
    do_start_game(guest, date=daily.date, goals=goals_of(daily))
    VersusGame.objects.create(player=guest, seed="s", level="easy", opponents=1)
    do_fold_guest(guest, into=account)
    assert Game.objects.filter(player=account).count() == 1
    assert VersusGame.objects.filter(player=account).count() == 1
    assert set(player_data.guest_keepers()) >= {"games", "versus_games", "memberships"}
