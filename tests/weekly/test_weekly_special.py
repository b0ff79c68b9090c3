"""The weekly special (issue 36): one scenario a week on a committed seed, the same for
everyone; nothing of its seed or pass chance before the week's close, by any route."""

import datetime
import hashlib

import pytest
import time_machine
from helpers.schema import SchemaCheckedClient

from solver.game import SCENARIOS
from weekly.models import WeeklySpecial
from weekly.services import scenario_of

pytestmark = pytest.mark.django_db
WEDNESDAY = datetime.datetime(2026, 12, 2, 15, tzinfo=datetime.UTC)  # in 2026-W49


@pytest.fixture
def api():
    return SchemaCheckedClient()  # every answer held to the schema's WeeklyOut / ErrorOut


def routes(week: str) -> list[str]:
    return ["/api/weekly/", f"/api/weekly/{week}/"]


def test_this_week_is_committed_and_the_seed_comes_after_the_close(api):
    with time_machine.travel(WEDNESDAY, tick=False):
        answer = api.get("/api/weekly/")
        assert answer.status_code == 200, answer.content
        week = answer.json()
        assert week["week"] == "2026-W49"
        assert week["closes_at"] == "2026-12-07T00:00:00Z"
        assert week["scenario"] in SCENARIOS
        assert week["setup"] == SCENARIOS[week["scenario"]].setup
        assert week["goals"] == list(SCENARIOS[week["scenario"]].goals)
        assert len(week["cats"]) == 3 and week["board"]
    seed = WeeklySpecial.objects.get(week="2026-W49").seed
    for moment in (WEDNESDAY, datetime.datetime(2026, 12, 6, 23, 59, 59, tzinfo=datetime.UTC)):
        with time_machine.travel(moment, tick=False):
            for route in routes("2026-W49"):
                answer = api.get(route)
                assert answer.status_code == 200
                assert seed not in answer.content.decode(), route
                assert answer.json()["seed"] is None and answer.json()["par"] is None
    with time_machine.travel(datetime.datetime(2026, 12, 7, tzinfo=datetime.UTC), tick=False):
        closed = api.get("/api/weekly/2026-W49/").json()
    assert closed["seed"] == seed and closed["closed"] is True
    assert hashlib.sha256(seed.encode()).hexdigest() == week["commitment"] == closed["commitment"]
    assert closed["par"] == {"status": "none", "pass_chance": None}


def test_the_same_special_for_everyone_and_a_new_one_next_week(api, make_player):
    with time_machine.travel(WEDNESDAY, tick=False):
        first = api.get("/api/weekly/").json()
        api.force_authenticate(make_player("someone"))
        assert api.get("/api/weekly/").json() == first
    with time_machine.travel(WEDNESDAY + datetime.timedelta(days=7), tick=False):
        after = api.get("/api/weekly/").json()
    assert after["week"] == "2026-W50"
    assert after["commitment"] != first["commitment"]
    assert after["scenario"] != first["scenario"]


def test_the_ten_scenarios_come_in_turn():
    mondays = [datetime.date(2026, 11, 30) + datetime.timedelta(weeks=n) for n in range(10)]
    assert sorted(scenario_of(monday) for monday in mondays) == sorted(SCENARIOS)


@pytest.mark.parametrize(
    "week",
    [
        "2026-49",
        "2026-W5",
        "2026-W54",
        "2025-W53",
        "W49",
        "2026-w49x",
        "2026-W00",
        "２０２６-W49",
        "0000-W01",
        "2026-W49 ",
    ],
)
def test_a_malformed_week_is_a_400_naming_it(api, week):
    answer = api.get(f"/api/weekly/{week}/")
    assert answer.status_code == 400
    assert "week" in answer.json()["detail"]


def test_a_week_without_a_special_is_a_404(api):
    with time_machine.travel(WEDNESDAY, tick=False):
        assert api.get("/api/weekly/2026-W50/").status_code == 404  # not started
        assert api.get("/api/weekly/2026-W40/").status_code == 404  # never made
        assert api.get("/api/weekly/9999-W52/").status_code == 404  # the calendar's last
        assert api.get("/api/weekly/0001-W01/").status_code == 404
        assert api.get("/api/weekly/2026-W49/").status_code == 200
