"""The read-only pages rendered on the server (archive, leaderboards, groups, profiles,
scenarios): their content is in the HTML as sent (no script fetches it), from the same
selectors as the API; paging is plain links; a bad query parameter is a 400 page that names
it, never a 500."""

import datetime
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groups.services import do_create_group, do_join_group
from puzzles.game_state import today
from puzzles.models import Challenge, Game, Player, SolverRun
from puzzles.selectors.leaderboards import PAGE_SIZE
from puzzles.services.tallies import do_count_game
from solver.game import SCENARIOS

pytestmark = pytest.mark.django_db

BAD_WORDS = re.compile(r"\b(null|undefined|NaN|None(?! yet))\b")  # "None yet": the groups' words


def finished_game(player: Player, date: datetime.date, score: int, par: int | None = None):
    """A finished ranked game of ``date`` and its tally row, as the move service leaves them."""
    challenge, made = Challenge.objects.get_or_create(
        date=date, defaults={"seed": f"seed-{date}", "commitment": "c"}
    )
    if made and par is not None:
        SolverRun.objects.create(challenge=challenge, kind="par", status="ready", score=par)
    game = Game.objects.create(
        challenge=challenge, player=player, ranked=True, status="finished", turn=23, score=score
    )
    do_count_game(game)
    return game


def visible_text(html: str) -> str:
    """The page's words without its tags, scripts and JSON (roughly what a reader sees)."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def page(client, path: str, status: int = 200) -> str:
    response = client.get(path)
    assert response.status_code == status, (path, response.status_code)
    html = response.content.decode()
    words = BAD_WORDS.findall(visible_text(html))
    assert not words, f"{path} shows {words}"
    return html


def test_the_archive_lists_the_days_with_your_result_and_pages_by_links(client, alice):
    for back in range(1, 33):  # 32 past days: two pages of 30
        Challenge.objects.create(
            date=today() - datetime.timedelta(days=back), seed=f"s{back}", commitment="c"
        )
    yesterday = today() - datetime.timedelta(days=1)
    mine = finished_game(alice, yesterday, score=61)
    client.force_login(alice)

    html = page(client, "/archive/")
    assert html.count("<tr data-day=") == 30
    assert f'<tr data-day="{yesterday}">' in html
    assert f'data-my-score="61"><a href="/review/{mine.pk}/"' in html
    assert 'data-page-link="2" href="?page=2"' in html and 'rel="prev"' not in html
    assert "Page 1 of 2" in html

    html = page(client, "/archive/?page=2")
    assert html.count("<tr data-day=") == 2
    assert 'data-page-link="1" href="?page=1"' in html and 'rel="next"' not in html
    # Past the last page: the last page.
    assert page(client, "/archive/?page=9").count("<tr data-day=") == 2


def test_the_end_screens_standing_is_the_leaderboards_words_and_histogram(client, alice):
    """The end screen places the server's fragment (endscreen.js): the leaderboard page's rank
    words and histogram, not a copy of them in the script."""
    day = today() - datetime.timedelta(days=1)
    for n in range(3):
        finished_game(Player.objects.create(username=f"p{n}"), day, score=50 + n, par=55)
    finished_game(alice, day, score=51)
    client.force_login(alice)
    leaderboard = page(client, f"/leaderboard/{day}/")
    histogram = re.search(r'<div class="histogram" data-histogram>.*?</div>', leaderboard, re.S)
    words = "1 of the day's 4 ranked quilts scored more than yours."
    assert words in leaderboard

    fragment = page(client, f"/leaderboard/{day}/standing/")
    assert re.search(
        rf'<p class="muted" data-rank-words data-percentile="[\d.]+">{words}</p>', fragment
    )
    assert histogram.group(0) in fragment and "you 51" in fragment
    assert f"Scores of {day} (4 ranked players)" in fragment
    # A practice game's end: the day's histogram, no rank and no mark of yours.
    practice = page(client, f"/leaderboard/{day}/standing/?practice=1")
    assert "data-rank-words" not in practice and "you 51" not in practice
    assert "data-bar-score=" in practice and "par 55" in practice
    # Not a day, or a day without a quilt: a 404 page that says so.
    assert "not a date" in page(client, "/leaderboard/someday/standing/", status=404)
    assert "No daily quilt on 2001-01-01" in page(
        client, "/leaderboard/2001-01-01/standing/", status=404
    )


@pytest.mark.parametrize(
    "query", ["page=abc", "page=0", "page=-1", "page=1.5", "page=²", "page=", "page=" + "9" * 5000]
)
def test_a_page_number_that_is_not_one_is_a_400_page_naming_it(client, query):
    for path in ("/archive/", "/leaderboard/", f"/leaderboard/{today()}/"):
        html = page(client, f"{path}?{query}", status=400)
        assert 'data-error-page="400"' in html and "page:" in html.lower()


def test_the_leaderboard_is_in_the_page_with_its_facts_and_pages(client, alice):
    day = today() - datetime.timedelta(days=1)
    players = [Player.objects.create(username=f"p{n:02}") for n in range(PAGE_SIZE + 3)]
    for n, player in enumerate(players):
        finished_game(player, day, score=40 + n % 30, par=55)
    finished_game(alice, day, score=39)  # the last: on page 2
    client.force_login(alice)

    html = page(client, f"/leaderboard/{day}/")
    assert html.count("data-entry-score=") == PAGE_SIZE
    assert 'data-replay="' in html  # a closed day: each quilt's replay
    assert "<b>54</b><span>players</span>" in html
    assert "<b>55</b><span>par</span>" in html
    assert '<tr class="me">' not in html  # alice is on page 2: her rank is still told
    assert re.search(r"<p data-me>You scored 39\. 53 of the day's 54 ranked quilts", html)
    assert 'data-page-link="2" href="?page=2"' in html
    assert "data-bar-score=" in html and "par 55" in html  # the histogram, drawn here
    assert 'data-seed="seed-' in html and "python -m solver deal seed-" in html

    html = page(client, f"/leaderboard/{day}/?page=2")
    assert html.count("data-entry-score=") == 4
    assert '<tr class="me">' in html
    # Without hints keeps its choice across pages.
    html = page(client, f"/leaderboard/{day}/?hints=exclude")
    assert 'href="?hints=exclude&amp;page=2"' in html and 'data-exclude-hints="true"' in html
    assert "hints:" in page(client, f"/leaderboard/{day}/?hints=maybe", status=400).lower()


def test_todays_board_before_its_challenge_is_made_is_an_empty_open_day(client):
    html = page(client, "/leaderboard/")  # a page makes nothing: no challenge yet
    assert "No finished ranked quilts yet. Be the first!" in html
    assert "<b>0</b><span>players</span>" in html and "No finished games yet." in html
    assert not Challenge.objects.exists()


def test_an_open_day_a_missing_day_and_the_day_form(client, daily):
    html = page(client, "/leaderboard/")
    assert "No finished ranked quilts yet. Be the first!" in html
    assert "<b>after today</b>" in html and "data-seed" not in html

    html = page(client, "/leaderboard/2020-01-01/", status=404)
    assert "There was no daily quilt on 1 January 2020." in html
    # The day form, sent without a script: to that day's address.
    response = client.get("/leaderboard/?date=2026-11-29")
    assert response.status_code == 302 and response.url == "/leaderboard/2026-11-29/"
    assert client.get("/leaderboard/?date=soon").status_code == 404


def test_groups_and_a_groups_page_with_its_board_standings_and_links(client, alice, make_player):
    bob = make_player("bob")
    group = do_create_group(alice, name="Quilting club")
    do_join_group(bob, invite_code=group.invite_code)
    finished_game(alice, today(), score=58)
    finished_game(bob, today(), score=64)
    client.force_login(alice)

    html = page(client, "/groups/")
    assert f'<li data-group="{group.pk}"><a href="/groups/{group.pk}/">Quilting club</a>' in html
    assert "2 members" in html

    html = page(client, f"/groups/{group.pk}/")
    entries = re.findall(r'data-entry="(\w+)"', html)
    assert entries == ["bob", "alice"]
    assert html.count("data-member=") == 2 and 'data-remove="bob"' in html
    assert f"/groups/join/{group.invite_code}/" in html and 'data-action="new-invite"' in html
    assert "Last 7 days" in html and f'href="?date={today()}&amp;days=30"' in html
    assert 'data-standing="bob"' in html and 'data-days-won="1"' in html

    html = page(client, f"/groups/{group.pk}/?days=30")
    assert "Last 30 days" in html and 'data-standing-days="30" aria-current="true"' in html
    html = page(client, f"/groups/{group.pk}/?date=2020-01-01")
    assert "There was no daily quilt on 1 January 2020." in html

    client.force_login(bob)  # not the owner: no new code, no Remove
    html = page(client, f"/groups/{group.pk}/")
    assert 'data-action="new-invite"' not in html and "data-remove=" not in html


@pytest.mark.parametrize(
    ("query", "named"), [("days=9", "days:"), ("date=tuesday", "date:"), ("page=x", "page:")]
)
def test_a_groups_page_with_a_bad_query_is_a_400_page(client, alice, query, named):
    group = do_create_group(alice, name="Cats")
    client.force_login(alice)
    assert named in page(client, f"/groups/{group.pk}/?{query}", status=400).lower()


def test_no_groups_for_a_visitor_and_a_stranger_sees_no_group(client, alice):
    group = do_create_group(alice, name="Cats")
    assert "None yet: start one" in page(client, "/groups/")
    assert client.get(f"/groups/{group.pk}/").status_code == 404


def test_a_profile_has_its_stats_and_tables_in_the_page(client, alice):
    for back in (1, 2, 3):
        finished_game(alice, today() - datetime.timedelta(days=back), score=50 + back, par=52)
    client.force_login(alice)

    for path in ("/me/", "/players/alice/"):
        html = page(client, path)
        assert '<div class="stat" data-stat="ranked_games"><b>3</b>' in html
        assert 'data-stat="current_streak"' in html and 'data-streak="3"' in html
        assert "<b>52</b><span>average</span>" in html  # 52.0, written as on the API's page
        assert "<b>1/3</b><span>days above par</span>" in html
        assert "<b>0</b><span>versus par</span>" in html
        assert html.count("<tr data-recent-day=") == 3
        assert 'data-versus-level="easy"' in html
        assert 'id="profile-charts"' in html  # the charts' numbers, for profile.js
    assert "alice · my stats" in page(client, "/me/")


def test_a_visitor_who_has_not_played_is_told_so(client):
    html = page(client, "/me/")
    assert 'data-visitor="true"' in html and "You have not played yet" in html
    assert "profile-charts" not in html and "profile.js" not in html


def test_the_scenarios_are_in_the_page_with_your_record(client, alice):
    Game.objects.create(
        player=alice,
        scenario=1,
        ranked=False,
        status="finished",
        turn=23,
        score=70,
        scenario_passed=True,
        seed="s",
    )
    client.force_login(alice)
    html = page(client, "/scenarios/")
    assert html.count('class="card scenario-card"') == len(SCENARIOS)
    assert '<article class="card scenario-card" data-scenario="1" data-passed="true">' in html
    assert "Passed · best 70" in html and f"1 of {len(SCENARIOS)} passed" in html
    assert "The solver's pass rate is being worked out…" in html
    assert 'data-goal="aaa-bbb"' in html and "data-condition=" in html


READ_PAGES = [
    "/archive/",
    "/leaderboard/",
    "/leaderboard/{date}/",
    "/groups/",
    "/groups/{group}/",
    "/me/",
    "/players/alice/",
    "/scenarios/",
]
VALUES = st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.sampled_from(
    ["²", "0", "-1", "30", "7", "9" * 40, "exclude", "2026-02-30", "%", "\x00"]
)


@pytest.fixture
def member(client, alice, daily):
    finished_game(alice, today() - datetime.timedelta(days=1), score=50, par=48)
    client.force_login(alice)
    return client, do_create_group(alice, name="Cats").pk, daily.date.isoformat()


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(READ_PAGES),
    query=st.lists(
        st.tuples(st.sampled_from(["page", "hints", "date", "days", "x"]), VALUES), max_size=3
    ),
)
def test_no_query_string_gives_a_read_page_a_server_error(member, path, query):
    client, group, date = member
    url = path.format(group=group, date=date)
    response = client.get(url, query)
    assert response.status_code < 500, (url, query, response.status_code)
