"""Profiles: stats, streaks across UTC day boundaries (the clock moved with time-machine),
recent days with rank and percentile, guests and the claim."""

import datetime

import pytest
import time_machine
from django.test import Client
from helpers.games import goals_for, next_move
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from puzzles.models import Challenge, Game, Player, SolverRun
from puzzles.selectors.leaderboards import leaderboard
from puzzles.selectors.players import streak_record, streaks

DAY1 = datetime.date(2031, 3, 3)


def day(n: int) -> datetime.date:
    return DAY1 + datetime.timedelta(days=n - 1)


def at(n: int, hour: int = 12, minute: int = 0):
    """The clock at ``hour:minute`` UTC on day ``n``."""
    when = datetime.datetime.combine(day(n), datetime.time(hour, minute), datetime.UTC)
    return time_machine.travel(when, tick=False)


def start(client, date: datetime.date) -> dict:
    challenge = client.get(f"/api/challenges/{date}/").json()
    response = client.post(
        "/api/games/", {"date": str(date), "goals": goals_for(challenge)}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()


def play(client, game: dict, moves: int = 22) -> dict:
    for _ in range(moves):
        if game["status"] != "playing":
            break
        response = client.post(f"/api/games/{game['id']}/moves/", next_move(game), "json")
        assert response.status_code == 200, response.content
        game = response.json()
    return game


def play_day(client, n: int) -> dict:
    """The ranked game of day ``n``, played to the end on that day."""
    with at(n):
        game = play(client, start(client, day(n)))
    assert game["ranked"] and game["status"] == "finished"
    return game


def stats_on(client, n: int, hour: int = 18) -> dict:
    with at(n, hour):
        response = client.get("/api/me/")
    assert response.status_code == 200, response.content
    return response.json()["stats"]


@pytest.mark.parametrize(
    ("days", "current", "longest"),
    [
        ([], 0, 0),
        ([5], 1, 1),  # today
        ([4], 1, 1),  # yesterday: today is not over
        ([3], 0, 1),  # the day before: broken
        ([1, 2, 3, 4, 5], 5, 5),
        ([1, 2, 4, 5], 2, 2),
        ([1, 2, 3, 5], 1, 3),
        ([1, 2, 3], 0, 3),
    ],
)
def test_streaks_count_consecutive_days_up_to_today_or_yesterday(days, current, longest):
    assert streaks([day(n) for n in days], day(5)) == (current, longest)


def test_streak_grows_day_by_day_and_a_missed_day_breaks_it(alice_api):
    for n in (1, 2, 3):
        play_day(alice_api, n)
    assert stats_on(alice_api, 3)["current_streak"] == 3
    # Day 4 has no game: at its end the streak still stands (day 4 is today), at day 5 it is
    # broken; a game on day 5 starts a new one, and the longest stays.
    assert stats_on(alice_api, 4, hour=23)["current_streak"] == 3
    with at(5, 0, 1):
        assert alice_api.get("/api/me/").json()["stats"]["current_streak"] == 0
    play_day(alice_api, 5)
    stats = stats_on(alice_api, 5)
    assert (stats["current_streak"], stats["longest_streak"], stats["ranked_games"]) == (1, 3, 4)


def test_an_unfinished_today_does_not_break_the_streak_and_counts_once_finished(alice_api):
    play_day(alice_api, 1)
    play_day(alice_api, 2)
    with at(3, 9):
        game = play(alice_api, start(alice_api, day(3)), moves=5)
    assert game["status"] == "playing"
    assert stats_on(alice_api, 3, hour=10)["current_streak"] == 2
    with at(3, 11):
        play(alice_api, game)
    assert stats_on(alice_api, 3, hour=11)["current_streak"] == 3


def test_practice_games_never_count(alice_api):
    first = play_day(alice_api, 1)
    with at(2):
        past = play(alice_api, start(alice_api, day(1)))  # the archive: practice
        today = play_day(alice_api, 2)
        replay = play(alice_api, start(alice_api, day(2)))  # a replay of today: practice
    assert not past["ranked"] and not replay["ranked"] and today["ranked"]
    with at(3):
        me = alice_api.get("/api/me/").json()
    assert me["stats"]["ranked_games"] == 2
    assert [row["game_id"] for row in me["recent"]] == [today["id"], first["id"]]
    assert [row["date"] for row in me["history"]] == [str(day(1)), str(day(2))]


def test_an_expired_game_never_counts(alice_api):
    """A ranked game not finished when its day closed (00:00 UTC) counts nowhere."""
    play_day(alice_api, 1)
    with at(2, 23, 50):
        game = play(alice_api, start(alice_api, day(2)), moves=21)
    assert game["status"] == "playing"
    with at(3, 0, 5):
        me = alice_api.get("/api/me/").json()
    assert me["stats"]["ranked_games"] == 1
    assert me["stats"]["current_streak"] == 0  # day 2 was missed
    assert [row["date"] for row in me["recent"]] == [str(day(1))]


def _set_par(date: datetime.date, score: int) -> None:
    SolverRun.objects.filter(challenge__date=date, kind="par").update(status="ready", score=score)


def test_stats_histogram_and_recent_days_match_the_days_leaderboards(
    alice, alice_api, make_player, client_for
):
    bob_api = client_for(make_player("bob"))
    games = [play_day(alice_api, n) for n in (1, 2, 3)]
    others = [play_day(bob_api, n) for n in (1, 3)]
    scores = [g["score"]["total"] for g in games]
    _set_par(day(1), scores[0] - 3)  # beaten by 3
    _set_par(day(2), scores[1] + 5)  # missed by 5
    # Day 3 has no par yet: it counts in neither beat_par nor average_vs_par.
    with at(3, 20):
        me = alice_api.get("/api/me/").json()
    stats = me["stats"]
    assert stats["ranked_games"] == 3
    assert stats["average"] == round(sum(scores) / 3, 1)
    best_day = day(1 + scores.index(max(scores)))
    assert stats["best"] == {"score": max(scores), "date": str(best_day)}
    assert (stats["beat_par"], stats["days_with_par"], stats["average_vs_par"]) == (1, 2, -1.0)
    expected = sorted({s: scores.count(s) for s in scores}.items())
    assert me["histogram"] == [{"score": s, "games": n} for s, n in expected]
    assert [row["par"] for row in me["history"]] == [scores[0] - 3, scores[1] + 5, None]
    # Rank and percentile of each recent day: what that day's leaderboard says for alice.
    assert [row["date"] for row in me["recent"]] == [str(day(n)) for n in (3, 2, 1)]
    for row, game in zip(me["recent"], reversed(games), strict=True):
        board = leaderboard(Challenge.objects.get(date=row["date"]), 1, False, alice)
        assert (row["rank"], row["percentile"]) == (board["me"]["rank"], board["me"]["percentile"])
        assert (row["score"], row["game_id"]) == (game["score"]["total"], game["id"])
    assert len(others) == 2


def test_public_profiles_are_for_registered_players_only(alice_api, make_player):
    play_day(alice_api, 1)
    anonymous = Client()
    assert anonymous.get("/api/me/").status_code in (401, 403)
    with at(2):
        response = anonymous.get("/api/players/ALICE/")
    assert response.status_code == 200
    body = response.json()
    assert (body["username"], body["stats"]["ranked_games"]) == ("alice", 1)
    assert set(body["stats"]) >= {
        "ranked_games",
        "current_streak",
        "longest_streak",
        "average",
        "best",
        "beat_par",
        "average_vs_par",
    }
    missing = anonymous.get("/api/players/nobody/")
    assert missing.status_code == 404
    assert missing.json()["error"] == "not_found"


def test_a_guest_has_a_profile_but_no_public_page_and_claiming_keeps_it(db):
    browser = APIClient()  # a browser's session cookie, nothing else
    with at(1):
        browser.get("/")  # the page (it makes nobody)
        game = play(browser, start(browser, day(1)))  # its first write makes a guest
        guest = Player.objects.get(is_guest=True)
        me = browser.get("/api/me/").json()
    assert game["status"] == "finished"
    assert me["is_guest"] and me["name"] == f"Guest {guest.username[6:10]}"
    assert me["stats"]["ranked_games"] == 1
    assert Client().get(f"/api/players/{guest.username}/").status_code == 404
    assert Client().get(f"/players/{guest.username}/").status_code == 404  # no public page
    with at(1, 13):
        assert browser.get("/me/").status_code == 200  # but their own
        claimed = browser.post("/signup/", {"username": "carol", "password": "a long password 1"})
        assert claimed.status_code == 302
        after = browser.get("/api/me/").json()
        public = Client().get("/api/players/carol/").json()
    assert (after["username"], after["is_guest"], after["name"]) == ("carol", False, "carol")
    assert after["stats"] == me["stats"] == public["stats"]
    assert Game.objects.get(pk=game["id"]).player.username == "carol"


def test_the_profile_counts_versus_games_and_wins_per_level(alice, alice_api):
    """Finished versus tables only; a win is finishing first (ties shared)."""
    from versus.models import VersusGame

    def table(level: str, status: str, rank: int | None) -> None:
        VersusGame.objects.create(
            player=alice, seed="s", level=level, opponents=1, status=status, rank=rank
        )

    table("easy", "finished", 1)
    table("easy", "finished", 2)
    table("hard", "finished", 1)
    table("hard", "playing", None)
    versus = alice_api.get("/api/me/").json()["versus"]
    assert versus == {
        "easy": {"played": 2, "won": 1},
        "medium": {"played": 0, "won": 0},
        "hard": {"played": 1, "won": 1},
    }


@pytest.mark.parametrize(
    ("days", "today_", "current", "longest", "held", "used"),
    [
        (range(1, 8), 8, 7, 7, 1, []),  # seven days: one freeze earned
        ([*range(1, 8), 9], 9, 8, 8, 0, [8]),  # day 8 missed: the freeze covers it
        ([*range(1, 8), 10], 10, 1, 7, 1, []),  # two missed, one freeze: broken, still held
        (range(1, 8), 9, 7, 7, 0, [8]),  # missed yesterday: covered, today still to play
        (range(1, 15), 15, 14, 14, 2, []),  # fourteen days: two
        (range(1, 22), 22, 21, 21, 2, []),  # never more than two held
        ([*range(1, 15), 17], 17, 15, 15, 0, [15, 16]),  # two freezes cover two days
    ],
)
def test_a_freeze_is_earned_each_seven_days_and_covers_a_missed_day(
    days, today_, current, longest, held, used
):
    record = streak_record([day(n) for n in days], day(today_))
    assert (record.current, record.longest, record.held) == (current, longest, held)
    assert record.used == tuple(day(n) for n in used)


@given(st.sets(st.integers(0, 60), max_size=40), st.integers(0, 62))
def test_without_a_freeze_the_streaks_are_the_plain_runs(played, now):
    """Freezes only ever lengthen a streak, never shorten one; a freeze covers only a missed
    day inside or right after a streak, and never more than earned."""
    days = sorted(day(n) for n in played if n <= now)
    record = streak_record(days, day(now))
    plain = _plain_runs(days, day(now))
    assert record.current >= plain[0] and record.longest >= plain[1]
    assert not set(record.used) & set(days) and 0 <= record.held <= 2
    assert len(record.used) <= sum(1 for _ in days) // 7


def _plain_runs(days, today_):
    longest = run = 0
    previous = None
    for d in days:
        run = run + 1 if previous is not None and (d - previous).days == 1 else 1
        longest, previous = max(longest, run), d
    alive = previous is not None and (today_ - previous).days <= 1
    return (run if alive else 0), longest


def test_a_freeze_keeps_the_streak_over_a_missed_day_on_the_api(alice_api):
    """Seven days played earn a freeze; day 8 is missed; on day 9 the freeze has covered it
    by itself and the streak goes on (through the API, the clock moved day by day)."""
    for n in range(1, 8):
        play_day(alice_api, n)
    with at(8, 23):
        assert alice_api.get("/api/me/").json()["freezes"] == {"held": 1, "used": []}
    with at(9, 0, 1):
        me = alice_api.get("/api/me/").json()
    assert me["freezes"] == {"held": 0, "used": [str(day(8))]}
    assert me["stats"]["current_streak"] == 7
    play_day(alice_api, 9)
    assert stats_on(alice_api, 9)["current_streak"] == 8
