"""A week's standings: each day played adds that day's percentile on its board (as the board
itself says it), a missed day adds nothing, ties go by score minus par's mean, and an open
day's points are provisional with nothing of its games' par difference shown."""

import datetime

import pytest
import time_machine
from week_data import MONDAY, at, day, finished, players

from leagues.models import League, LeagueMember, PlacedWeek
from leagues.selectors import league_json
from puzzles.selectors.leaderboards import leaderboard

pytestmark = pytest.mark.django_db

TUESDAY, WEDNESDAY = MONDAY + datetime.timedelta(days=1), MONDAY + datetime.timedelta(days=2)


def league_of(members, tier=1):
    PlacedWeek.objects.get_or_create(monday=MONDAY, defaults={"players": len(members)})
    league = League.objects.create(monday=MONDAY, tier=tier, number=1)
    LeagueMember.objects.bulk_create(
        [LeagueMember(league=league, player=p, monday=MONDAY) for p in members]
    )
    return league


def board_percentile(challenge, player):
    return leaderboard(challenge, 1, False, player)["me"]["percentile"]


def test_points_are_each_days_percentile_on_its_board_and_a_missed_day_adds_nothing():
    ann, ben, cat, _dan = members = players("m", 4)
    out1, out2 = players("out", 2)  # on the boards, not in the league
    with time_machine.travel(at(MONDAY), tick=False):
        monday = day(MONDAY, par_mean=68.4)
    with time_machine.travel(at(TUESDAY), tick=False):
        tuesday = day(TUESDAY, par_mean=70.0)
    for player, score in ((out1, 90), (ann, 80), (ben, 70), (cat, 60), (out2, 50)):
        finished(monday, player, score)
    finished(tuesday, ben, 75, cats=1)
    finished(tuesday, cat, 75, cats=1)  # level with ben: the same percentile
    finished(tuesday, out1, 40)
    league = league_of(members)
    with time_machine.travel(at(WEDNESDAY), tick=False):
        table = league_json(league, ann)
        expected = {
            "m000": board_percentile(monday, ann),  # Tuesday missed
            "m001": board_percentile(monday, ben) + board_percentile(tuesday, ben),
            "m002": board_percentile(monday, cat) + board_percentile(tuesday, cat),
            "m003": 0,  # no day played
        }
    assert expected == {"m000": 80.0, "m001": 160.0, "m002": 140.0, "m003": 0}  # by hand: 5 games
    rows = {row["player"]: row for row in table["members"]}
    assert {name: row["points"] for name, row in rows.items()} == expected
    assert [row["player"] for row in table["members"]] == ["m001", "m002", "m000", "m003"]
    assert [row["rank"] for row in table["members"]] == [1, 2, 3, 4]
    assert {name: row["days"] for name, row in rows.items()} == {
        "m000": 1,
        "m001": 2,
        "m002": 2,
        "m003": 0,
    }
    # score minus par's mean, per closed day and summed
    assert rows["m000"]["par_diff"] == pytest.approx(11.6)
    assert rows["m001"]["par_diff"] == pytest.approx(1.6 + 5.0)
    ann_days = rows["m000"]["per_day"]
    assert [d["date"] for d in ann_days] == [
        str(MONDAY + datetime.timedelta(days=n)) for n in range(7)
    ]
    assert ann_days[0]["par_diff"] == pytest.approx(11.6) and ann_days[1]["played"] is False
    assert rows["m000"]["you"] and not rows["m001"]["you"]
    assert (table["promote"], table["relegate"]) == (2, 0)  # four members, the lowest tier
    assert table["week"] == "2026-W49" and table["closes_at"] == "2026-12-07T00:00:00+00:00"


def test_ties_on_points_and_par_go_by_the_tokens_and_full_ties_share_a_rank():
    ann, ben, cat, dan = members = players("t", 4)
    with time_machine.travel(at(MONDAY), tick=False):
        monday = day(MONDAY, par_mean=60.0)
    with time_machine.travel(at(TUESDAY), tick=False):
        tuesday = day(TUESDAY, par_mean=80.0)
    for challenge in (monday, tuesday):
        finished(challenge, ann, 90)
    # ben second on Monday by his cats, cat second on Tuesday by her buttons: level on
    # points (66.7 + 33.3 each) and on par; ben has more cat tokens over the week
    finished(monday, ben, 70, cats=2)
    finished(monday, cat, 70, cats=1)
    finished(tuesday, cat, 80, buttons=1)
    finished(tuesday, ben, 80)
    league = league_of(members)
    with time_machine.travel(at(WEDNESDAY), tick=False):
        rows = league_json(league)["members"]
    assert [(r["player"], r["points"], r["par_diff"], r["rank"]) for r in rows] == [
        ("t000", 200.0, 40.0, 1),
        ("t001", 100.0, 10.0, 2),
        ("t002", 100.0, 10.0, 3),
        ("t003", 0, 0, 4),
    ]
    with time_machine.travel(at(WEDNESDAY), tick=False):  # dan now level with ben in all
        finished(monday, dan, 70, cats=2)
        finished(tuesday, dan, 80)
        rows = league_json(league)["members"]
    assert [(r["player"], r["rank"]) for r in rows] == [
        ("t000", 1),
        ("t001", 2),
        ("t003", 2),
        ("t002", 4),
    ]


def test_ties_on_points_go_by_par_difference():
    ann, ben = members = players("q", 2)
    with time_machine.travel(at(MONDAY), tick=False):
        monday = day(MONDAY, par_mean=60.0)
    with time_machine.travel(at(TUESDAY), tick=False):
        tuesday = day(TUESDAY, par_mean=80.0)
    finished(monday, ann, 90)
    finished(monday, ben, 70)  # 100 + 50 for ann, 50 + 100 for ben
    finished(tuesday, ben, 85)
    finished(tuesday, ann, 75)
    league = league_of(members)
    with time_machine.travel(at(WEDNESDAY), tick=False):
        rows = league_json(league)["members"]
    assert rows[0]["points"] == rows[1]["points"] == 150.0
    assert [(r["player"], r["par_diff"], r["rank"]) for r in rows] == [
        ("q000", 25.0, 1),  # 30 - 5
        ("q001", 15.0, 2),  # 10 + 5
    ]


def test_an_open_days_points_are_provisional_and_show_nothing_of_its_games():
    ann, ben = members = players("o", 2)
    with time_machine.travel(at(MONDAY), tick=False):
        monday = day(MONDAY, par_mean=60.0)
        finished(monday, ann, 70)
        league = league_of(members)
        table = league_json(league, ben)
        rows = {row["player"]: row for row in table["members"]}
        assert rows["o000"]["points"] == 100.0 and rows["o000"]["days"] == 1
        today = rows["o000"]["per_day"][0]
        assert today == {
            "date": str(MONDAY),
            "played": True,
            "closed": False,
            "points": 100.0,
            "par_diff": None,
        }
        assert rows["o000"]["par_diff"] == 0
        finished(monday, ben, 80)  # the standings move as games finish
        rows = {row["player"]: row for row in league_json(league, ben)["members"]}
        assert (rows["o000"]["points"], rows["o001"]["points"]) == (50.0, 100.0)
    with time_machine.travel(at(TUESDAY), tick=False):  # closed: final, its par shown
        rows = {row["player"]: row for row in league_json(league, ben)["members"]}
        assert rows["o000"]["per_day"][0]["par_diff"] == 10.0
        assert rows["o001"]["par_diff"] == 20.0
