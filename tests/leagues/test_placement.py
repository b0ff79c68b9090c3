"""Placing a week: who joins (a ranked daily finished in the 14 days before the Monday), in
leagues of at most 30 of close rating, a tier each by the last league's outcome, new players
in the lowest; the job placing each week once however often it runs."""

import datetime

import pytest
import time_machine
from helpers.threads import at_once
from week_data import MONDAY, at, day, finished, players

from leagues.models import League, LeagueMember, PlacedWeek
from leagues.services import do_place_week, do_turn_weeks
from puzzles.models import Game, Player

pytestmark = pytest.mark.django_db(transaction=True)


def members_by_league(monday):
    leagues = League.objects.filter(monday=monday).order_by("tier", "number")
    return [
        (league.tier, league.number, [m.player.username for m in league.members.order_by("pk")])
        for league in leagues
    ]


def test_players_of_the_last_14_days_join_leagues_of_close_rating():
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=3)), tick=False):
        recent = day(MONDAY - datetime.timedelta(days=3))
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=14)), tick=False):
        first_counted = day(MONDAY - datetime.timedelta(days=14))
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=15)), tick=False):
        too_old = day(MONDAY - datetime.timedelta(days=15))
    active = players("p", 65, mu=lambda i: 10.0 + i * 0.1)  # p064 the best rated
    for player in active[:64]:
        finished(recent, player, 60)
    finished(first_counted, active[64], 60)  # 14 days before: still counts
    old, unfinished, idle = players("x", 3)
    finished(too_old, old, 60)
    Game.objects.create(challenge=recent, player=unfinished, ranked=True, turn=5)
    Player.objects.create(username="guest-abc", is_guest=True)  # never played: never joins
    with time_machine.travel(at(MONDAY, 0), tick=False):
        placed = do_place_week(MONDAY)
    assert placed.players == 65
    leagues = members_by_league(MONDAY)
    # 65 players: three leagues, as even as can be, the best rated together
    assert [len(names) for _, _, names in leagues] == [22, 22, 21]
    assert [tier for tier, _, _ in leagues] == [1, 1, 1]  # new players: the lowest tier
    best = sorted(f"p{i:03d}" for i in range(43, 65))
    assert sorted(leagues[0][2]) == best
    assert sorted(leagues[2][2]) == sorted(f"p{i:03d}" for i in range(21))
    assert not LeagueMember.objects.filter(player__in=[old, unfinished, idle]).exists()


def test_no_player_without_a_rating_is_left_out_and_no_league_passes_30(make_player):
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=1)), tick=False):
        sunday = day(MONDAY - datetime.timedelta(days=1))
    everyone = players("n", 61)  # no rating yet: the starting one
    for player in everyone:
        finished(sunday, player, 50)
    with time_machine.travel(at(MONDAY, 0), tick=False):
        do_place_week(MONDAY)
    sizes = [len(names) for _, _, names in members_by_league(MONDAY)]
    assert sizes == [21, 20, 20] and sum(sizes) == 61


def test_placement_runs_once_however_often_and_never_for_a_week_to_come():
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=2)), tick=False):
        saturday = day(MONDAY - datetime.timedelta(days=2))
    for player in players("r", 40):
        finished(saturday, player, 55)
    with time_machine.travel(at(MONDAY - datetime.timedelta(days=1)), tick=False):
        assert do_place_week(MONDAY) is None  # not Monday yet
    with time_machine.travel(at(MONDAY, 0), tick=False):
        results = at_once(lambda: do_place_week(MONDAY), 2)
        assert sorted(r is None for r in results) == [False, True]
        assert do_turn_weeks() == {"settled": {}, "placed": None}
        assert do_place_week(MONDAY + datetime.timedelta(days=1)) is None  # not a Monday
    assert PlacedWeek.objects.count() == 1
    assert League.objects.count() == 2
    assert LeagueMember.objects.count() == 40
