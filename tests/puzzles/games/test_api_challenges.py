import datetime

from django.core.management import call_command

from puzzles.game_state import today
from puzzles.models import Challenge


def test_daily_is_todays_challenge_made_on_demand(client, db):
    body = client.get("/api/daily/").json()
    assert body["date"] == today().isoformat()
    assert body["seed"] is None and len(body["commitment"]) == 64
    assert len(body["goal_options"]) == 4 and len(body["cats"]) == 3
    par = body["par"]  # none of par's games in yet: its figures are empty
    assert (par["status"], par["score"], par["games"], par["mean"]) == ("pending", None, 0, None)
    assert body["ranked_game"] is None
    assert client.get("/api/daily/").json()["commitment"] == body["commitment"]


def test_ranked_game_points_at_the_callers_ranked_game(alice_api, daily, start_game):
    game = start_game(alice_api)
    assert alice_api.get("/api/daily/").json()["ranked_game"] == game["id"]


def test_challenge_detail_reveals_the_seed_of_a_closed_day(client, yesterday):
    body = client.get(f"/api/challenges/{yesterday.date}/").json()
    assert body["seed"] == yesterday.seed and body["closed"]


def test_challenge_detail_errors(client, db):
    bad = client.get("/api/challenges/2026-13-01/")
    assert bad.status_code == 400 and "date" in bad.json()["detail"]
    missing = client.get("/api/challenges/2000-01-01/")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    future = today() + datetime.timedelta(days=3)
    assert client.get(f"/api/challenges/{future}/").status_code == 404


def test_the_archive_lists_past_days_newest_first(client, daily, yesterday):
    from puzzles.services.challenges import do_ensure_challenge

    do_ensure_challenge(today() - datetime.timedelta(days=2))
    body = client.get("/api/challenges/").json()
    assert body["count"] == 2
    assert [c["date"] for c in body["results"]] == [
        str(today() - datetime.timedelta(days=d)) for d in (1, 2)
    ]
    assert client.get("/api/challenges/?page=9").status_code == 404


def test_the_schema_is_openapi_3(client, db):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"openapi: 3" in response.content and b"/api/games/{game_id}/moves/" in response.content


def test_the_admin_lists_challenges_and_games(admin_client, daily, alice_api, start_game):
    start_game(alice_api)
    assert admin_client.get("/admin/puzzles/challenge/").status_code == 200
    assert admin_client.get("/admin/puzzles/game/").status_code == 200
    assert admin_client.get(f"/admin/puzzles/challenge/{daily.pk}/change/").status_code == 200


def test_migrations_are_complete(db):
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_the_puzzle_number_counts_the_days_since_the_first_daily(
    client, daily, yesterday, settings
):
    settings.CALICO_FIRST_DAILY = today() - datetime.timedelta(days=10)
    assert client.get("/api/daily/").json()["number"] == 10
    assert client.get(f"/api/challenges/{yesterday.date}/").json()["number"] == 9
    listed = client.get("/api/challenges/").json()["results"]
    assert [c["number"] for c in listed] == [9]
    settings.CALICO_FIRST_DAILY = today()
    assert client.get("/api/daily/").json()["number"] == 0  # the first daily is number 0


def test_without_a_setting_the_sites_first_daily_is_number_0(client, daily, settings):
    """Issue 53 (7): a fresh site's first daily is number 0, as the archive's "today is the
    first", whatever the day; a day made before it becomes the first."""
    settings.CALICO_FIRST_DAILY = None  # the default
    assert client.get("/api/daily/").json()["number"] == 0
    Challenge.objects.create(
        date=today() - datetime.timedelta(days=3), seed="older", commitment="c"
    )
    assert client.get("/api/daily/").json()["number"] == 3
    assert (
        client.get(f"/api/challenges/{today() - datetime.timedelta(days=3)}/").json()["number"] == 0
    )
    Challenge.objects.filter(seed="older").delete()
    assert client.get("/api/daily/").json()["number"] == 0


def test_a_game_says_its_puzzle_number(alice_api, daily, start_game, settings):
    settings.CALICO_FIRST_DAILY = today() - datetime.timedelta(days=3)
    game = start_game(alice_api)
    assert game["number"] == 3
    assert alice_api.get(f"/api/games/{game['id']}/").json()["number"] == 3
