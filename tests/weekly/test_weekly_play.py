"""Playing the weekly special (issue 36): one ranked try a week through ``POST /api/games/
{weekly}``, its board (passed first, then score, then the rulebook's tiebreak, among the tries
finished before the close), its seed secret until the close (the game's answer, its share),
practice after the close, the solver's pass chance computed after it, and a guest's try that
follows them to an account without making two."""

import datetime

import pytest
import time_machine
from helpers.schema import SchemaCheckedClient

from accounts.services.players import do_fold_guest
from puzzles.models import Game
from puzzles.services.visitors import do_create_guest
from weekly import services
from weekly.models import WeeklyEntry, WeeklyPassRun, WeeklySpecial

pytestmark = pytest.mark.django_db
WEDNESDAY = datetime.datetime(2026, 12, 2, 15, tzinfo=datetime.UTC)  # in 2026-W49
CLOSED = datetime.datetime(2026, 12, 7, 0, 0, 5, tzinfo=datetime.UTC)


@pytest.fixture
def api_of(make_player):
    def make(name: str) -> SchemaCheckedClient:
        client = SchemaCheckedClient()
        client.force_authenticate(make_player(name))
        return client

    return make


def start(api, week="2026-W49"):
    return api.post("/api/games/", {"weekly": week}, format="json")


def finish(api, game: dict) -> dict:
    from helpers.games import next_move

    while game["status"] == "playing":
        answer = api.post(f"/api/games/{game['id']}/moves/", next_move(game), format="json")
        assert answer.status_code == 200, answer.content
        game = answer.json()
    return game


def test_one_ranked_try_a_week_and_its_seed_kept_until_the_close(api_of):
    ann = api_of("ann")
    with time_machine.travel(WEDNESDAY, tick=False):
        answer = start(ann)
        assert answer.status_code == 201, answer.content
        game = answer.json()
        special = WeeklySpecial.objects.get(week="2026-W49")
        assert game["scenario"]["number"] == special.scenario and not game["ranked"]
        again = start(ann)
        assert again.status_code == 409 and "already started" in again.json()["detail"]
        assert Game.objects.count() == 1  # nothing half-written
        assert ann.get("/api/weekly/").json()["yours"] == {"game": game["id"], "status": "playing"}
        done = finish(ann, game)
        assert done["status"] == "finished"
        assert done["seed"] is None and done["share"]["spoiler_free"] is True
        assert special.seed not in ann.get(f"/api/games/{game['id']}/").content.decode()
    with time_machine.travel(CLOSED, tick=False):
        after = ann.get(f"/api/games/{game['id']}/").json()
        assert after["seed"] == special.seed and after["share"]["spoiler_free"] is False
        practice = start(ann)  # after the close: practice on the public deal
        assert practice.status_code == 201
        assert WeeklyEntry.objects.count() == 1


def test_the_weekly_try_says_it_is_the_weeks_ranked_try(api_of):
    """Issue 53 (14): ``ranked`` is a daily's; a week's one try says ``weekly``, its practice
    after the close does not."""
    ann = api_of("ann")
    with time_machine.travel(WEDNESDAY, tick=False):
        game = start(ann).json()
        assert game["weekly"] is True and game["ranked"] is False
        assert ann.get(f"/api/games/{game['id']}/").json()["weekly"] is True
        done = finish(ann, game)
        assert done["weekly"] is True
    with time_machine.travel(CLOSED, tick=False):
        practice = start(ann).json()
        assert practice["weekly"] is False
        assert ann.get(f"/api/games/{game['id']}/").json()["weekly"] is True


def test_the_board_puts_a_pass_first_then_the_score_then_the_tokens(api_of):
    with time_machine.travel(WEDNESDAY, tick=False):
        tries = {}
        for name in ("ann", "ben", "cat", "dan"):
            api = api_of(name)
            tries[name] = finish(api, start(api).json())
    rows = {name: Game.objects.get(pk=game["id"]) for name, game in tries.items()}
    facts = {
        "ann": (False, 80, 3, 1),
        "ben": (True, 60, 0, 0),
        "cat": (True, 60, 1, 0),
        "dan": (True, 60, 1, 0),
    }
    for name, (passed, score, cats, buttons) in facts.items():
        fields = {
            "scenario_passed": passed,
            "score": score,
            "cat_tokens": cats,
            "button_tokens": buttons,
        }
        Game.objects.filter(pk=rows[name].pk).update(**fields)
    with time_machine.travel(WEDNESDAY, tick=False):
        board = SchemaCheckedClient().get("/api/weekly/2026-W49/leaderboard/").json()
    assert board["players"] == 4
    assert [(e["player"], e["rank"]) for e in board["entries"]] == [
        ("cat", 1),
        ("dan", 1),
        ("ben", 3),
        ("ann", 4),
    ]


def test_a_try_finished_after_the_close_is_not_on_the_board(api_of):
    ann = api_of("ann")
    with time_machine.travel(WEDNESDAY, tick=False):
        game = start(ann).json()
    with time_machine.travel(CLOSED, tick=False):
        finish(ann, game)  # with the seed public: it no longer counts
        board = SchemaCheckedClient().get("/api/weekly/2026-W49/leaderboard/").json()
    assert board == {"week": "2026-W49", "players": 0, "entries": []}


@pytest.mark.parametrize(
    ("week", "status"), [("2026-49", 400), ("2026-W99", 400), ("2027-W10", 404), (7, 400)]
)
def test_a_bad_week_is_a_400_and_a_week_without_a_special_a_404(api_of, week, status):
    with time_machine.travel(WEDNESDAY, tick=False):
        answer = start(api_of("ann"), week)
        assert answer.status_code == status, answer.content
        assert not Game.objects.exists()
        if isinstance(week, str):
            assert SchemaCheckedClient().get(f"/api/weekly/{week}/leaderboard/").status_code == (
                status
            )


def test_a_week_and_a_date_together_are_a_400_naming_both(api_of):
    with time_machine.travel(WEDNESDAY, tick=False):
        answer = api_of("ann").post(
            "/api/games/", {"weekly": "2026-W49", "date": "2026-12-02"}, format="json"
        )
        assert answer.status_code == 400
        assert "date or weekly" in answer.json()["detail"]
        assert not Game.objects.exists()


def test_the_solvers_pass_chance_is_computed_after_the_close(settings):
    settings.CALICO_SCENARIO_RATE_DEALS = 2
    settings.CALICO_SCENARIO_RATE_OPTIONS = {"samples": 2, "candidates": 2}
    with time_machine.travel(WEDNESDAY, tick=False):
        SchemaCheckedClient().get("/api/weekly/")
        assert services.do_ensure_pass_runs() == []  # open: nothing to compute
    with time_machine.travel(CLOSED, tick=False):
        assert services.do_ensure_pass_runs() == ["2026-W49"]
        assert services.do_ensure_pass_runs() == []  # sent once
        run = services.do_compute_pass_run(WeeklyPassRun.objects.get().pk)
        assert run.status == "ready" and run.games == 2 and 0 <= run.passed <= 2
        par = SchemaCheckedClient().get("/api/weekly/2026-W49/").json()["par"]
    assert par == {"status": "ready", "pass_chance": run.passed / 2}


def test_a_guests_try_follows_them_but_one_try_stays_one(api_of, make_player):
    with time_machine.travel(WEDNESDAY, tick=False):
        special = services.do_ensure_special(datetime.date(2026, 11, 30))
        guest, other = do_create_guest("127.0.0.1"), do_create_guest("127.0.0.1")
        services.do_start_weekly(guest, value="2026-W49", goals=None)
        services.do_start_weekly(other, value="2026-W49", goals=None)
        ann = make_player("ann")
        do_fold_guest(guest, into=ann)
        assert WeeklyEntry.objects.get(special=special, player=ann)
        do_fold_guest(other, into=ann)  # ann has tried: the second guest's try is practice
        assert WeeklyEntry.objects.filter(special=special).count() == 1


def test_the_page_shows_the_special_its_board_and_no_seed_before_the_close(api_of, client):
    with time_machine.travel(WEDNESDAY, tick=False):
        page = client.get("/weekly/", HTTP_ACCEPT_LANGUAGE="es")
        special = WeeklySpecial.objects.get()
        text = page.content.decode()
        assert page.status_code == 200 and special.commitment in text
        where = text.find(special.seed)
        assert where < 0, text[max(0, where - 300) : where + 80]
        assert "Especial semanal" in text
        assert client.get("/weekly/play/").status_code == 200


def test_a_guests_second_try_folded_in_is_set_aside_while_the_week_is_open(api_of, make_player):
    """Issue 47: folded into an account with an unfinished try, the guest's game stayed
    playable: a whole practice of the deal before the one ranked try."""
    from helpers.games import next_move

    with time_machine.travel(WEDNESDAY, tick=False):
        ann = api_of("ann")
        mine = start(ann).json()
        guest = do_create_guest("127.0.0.1")
        theirs = services.do_start_weekly(guest, value="2026-W49", goals=None)
        do_fold_guest(guest, into=Game.objects.get(pk=mine["id"]).player)
        theirs.refresh_from_db()
        assert theirs.disqualified and theirs.disqualified_reason == services.SET_ASIDE
        game = ann.get(f"/api/games/{theirs.pk}/").json()
        moved = ann.post(f"/api/games/{theirs.pk}/moves/", next_move(game), format="json")
        assert moved.status_code == 409 and "set aside" in moved.json()["detail"]
        assert WeeklyEntry.objects.get().game_id == mine["id"]  # the account's try stays
        assert finish(ann, mine)["status"] == "finished"


def test_a_guests_try_folded_in_after_the_close_stays_practice(api_of, make_player):
    with time_machine.travel(WEDNESDAY, tick=False):
        ann = api_of("ann")
        start(ann)
        guest = do_create_guest("127.0.0.1")
        theirs = services.do_start_weekly(guest, value="2026-W49", goals=None)
    with time_machine.travel(CLOSED, tick=False):
        do_fold_guest(guest, into=WeeklyEntry.objects.get(player__username="ann").player)
        theirs.refresh_from_db()
        assert not theirs.disqualified and WeeklyEntry.objects.count() == 1


def test_no_try_from_here_on_a_weekly_deal_before_the_close(api_of):
    """Issue 47: "try from here" on a game of the week's deal gave 201 before the close."""
    ann = api_of("ann")
    with time_machine.travel(WEDNESDAY, tick=False):
        game = finish(ann, start(ann).json())
        copy = ann.post(f"/api/games/{game['id']}/practice/", {"turn": 3}, format="json")
        assert copy.status_code == 409 and copy.json()["error"] == "deal_not_public"
        assert Game.objects.count() == 1
    with time_machine.travel(CLOSED, tick=False):
        copy = ann.post(f"/api/games/{game['id']}/practice/", {"turn": 3}, format="json")
        assert copy.status_code == 201, copy.content
