"""The week's end: after Sunday's close the top five go up a tier and the bottom five down (a
member who played no day too), the final standing written once however often the job runs,
and the next Monday's placement in the tiers it leads to."""

import datetime

import pytest
import time_machine
from week_data import MONDAY, at, day, finished, players

from leagues.models import League, LeagueMember, PlacedWeek
from leagues.selectors import league_json, past_tiers
from leagues.services import do_settle_week, do_turn_weeks

pytestmark = pytest.mark.django_db

NEXT_MONDAY = MONDAY + datetime.timedelta(days=7)
SUNDAY = MONDAY + datetime.timedelta(days=6)


def league_of(members, tier):
    PlacedWeek.objects.get_or_create(monday=MONDAY, defaults={"players": len(members)})
    league = League.objects.create(monday=MONDAY, tier=tier, number=1)
    LeagueMember.objects.bulk_create(
        [LeagueMember(league=league, player=p, monday=MONDAY) for p in members]
    )
    return league


@pytest.fixture
def week_of_twelve():
    """Twelve members in tier 3, eleven of whom played Wednesday (w000 best, w010 worst)
    and w011 no day at all."""
    members = players("w", 12)
    with time_machine.travel(at(MONDAY + datetime.timedelta(days=2)), tick=False):
        wednesday = day(MONDAY + datetime.timedelta(days=2), par_mean=70.0)
    for n, player in enumerate(members[:11]):
        finished(wednesday, player, 90 - n)
    return members, league_of(members, tier=3)


def test_after_sundays_close_the_top_five_go_up_and_the_bottom_five_down(week_of_twelve):
    members, league = week_of_twelve
    with time_machine.travel(at(SUNDAY, 23), tick=False):
        assert do_settle_week(MONDAY) == 0  # Sunday still open
        assert league_json(league)["closed"] is False
    with time_machine.travel(at(NEXT_MONDAY, 0), tick=False):
        result = do_turn_weeks()
    assert result["settled"] == {str(MONDAY): 1}
    outcomes = dict(
        LeagueMember.objects.filter(monday=MONDAY).values_list("player__username", "outcome")
    )
    assert [outcomes[f"w{n:03d}"] for n in range(12)] == (
        ["promoted"] * 5 + ["stayed"] * 2 + ["relegated"] * 5
    )
    ranks = dict(LeagueMember.objects.filter(monday=MONDAY).values_list("player__username", "rank"))
    assert [ranks[f"w{n:03d}"] for n in range(12)] == list(range(1, 13))
    # the next Monday: everyone played in the 14 days before it but w011, who is not placed
    tiers = dict(
        LeagueMember.objects.filter(monday=NEXT_MONDAY).values_list(
            "player__username", "league__tier"
        )
    )
    assert tiers == {f"w{n:03d}": 4 if n < 5 else 3 if n < 7 else 2 for n in range(11)}
    # the settled week as written, for the members and on the profile
    with time_machine.travel(at(NEXT_MONDAY, 1), tick=False):
        league.refresh_from_db()
        table = league_json(league, members[0])
        assert table["settled"] and table["closed"]
        assert table["members"][0]["outcome"] == "promoted"
        assert table["members"][0]["per_day"][2] == {
            "date": str(MONDAY + datetime.timedelta(days=2)),
            "played": True,
            "closed": True,
            "points": 100.0,
            "par_diff": 20.0,
        }
        history = past_tiers(members[0])["weeks"]
    assert [(w["week"], w["tier"], w["rank"], w["outcome"]) for w in history] == [
        ("2026-W50", 4, None, ""),
        ("2026-W49", 3, 1, "promoted"),
    ]


def test_the_top_tier_goes_no_higher_and_the_lowest_no_lower():
    for tier, expected in (
        (6, ["stayed"] * 3 + ["relegated"] * 3),
        (1, ["promoted"] * 3 + ["stayed"] * 3),
    ):
        League.objects.all().delete()
        members = players(f"t{tier}-", 6)
        with time_machine.travel(at(MONDAY), tick=False):
            monday = day(MONDAY)
        for n, player in enumerate(members):
            finished(monday, player, 80 - n)
        league_of(members, tier=tier)
        with time_machine.travel(at(NEXT_MONDAY, 0), tick=False):
            assert do_settle_week(MONDAY) == 1
        got = league.members.order_by("rank") if (league := League.objects.get()) else None
        assert [m.outcome for m in got] == expected


def test_the_weeks_end_is_written_once_however_often_the_job_runs(week_of_twelve):
    with time_machine.travel(at(NEXT_MONDAY, 0), tick=False):
        first = do_turn_weeks()
        written = list(LeagueMember.objects.order_by("pk").values())
        again = do_turn_weeks()
        assert do_settle_week(MONDAY) == 0
    with time_machine.travel(at(NEXT_MONDAY + datetime.timedelta(days=1)), tick=False):
        third = do_turn_weeks()  # the day after: nothing left to do
    assert first["settled"] == {str(MONDAY): 1} and first["placed"] == 11
    assert again == third == {"settled": {}, "placed": None}
    assert list(LeagueMember.objects.order_by("pk").values()) == written
    assert PlacedWeek.objects.count() == 2


@pytest.mark.django_db(transaction=True)
def test_two_jobs_at_once_settle_each_league_once(week_of_twelve):
    from helpers.threads import at_once

    with time_machine.travel(at(NEXT_MONDAY, 0), tick=False):
        settled = at_once(lambda: do_settle_week(MONDAY), 2)
    assert sorted(settled) == [0, 1]
    ranks = sorted(LeagueMember.objects.filter(monday=MONDAY).values_list("rank", flat=True))
    assert ranks == list(range(1, 13))
