"""Your data (issue 37): everything the site holds about a player as one JSON file, and an
account deleted: personal data gone at once, ranked scores kept as "a former player" so that
nobody's rank changes, groups passed on, share pages gone."""

import datetime

import pytest
from rest_framework.test import APIClient

from groups.models import Group
from groups.services import do_create_group, do_join_group
from puzzles.game_state import today
from puzzles.models import Analysis, Game, Hint, Player
from puzzles.selectors.leaderboards import leaderboard
from puzzles.services import tallies
from puzzles.services.challenges import do_ensure_challenge
from ratings.models import Rating
from ratings.services import do_rate_closed_days
from solver.search.expected import calibrated

pytestmark = pytest.mark.django_db
PASSWORD = "a long password 1"
MOVE = {"hand_index": 0, "cell": "3,3", "market_index": 0}


def finished(challenge, player, score, ranked=True) -> Game:
    game = Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=ranked,
        turn=23,
        status=Game.Status.FINISHED,
        score=score,
        moves=[MOVE],
    )
    if ranked:
        tallies.do_count_game(game)
    return game


@pytest.fixture
def world(make_player):
    """ann, ben and cat on yesterday's board; ann owns a group that ben is in."""
    ann, ben, cat = (make_player(name) for name in ("ann", "ben", "cat"))
    day = do_ensure_challenge(today() - datetime.timedelta(days=1))
    games = {p.username: finished(day, p, score) for p, score in ((ann, 80), (ben, 70), (cat, 60))}
    practice = finished(day, ann, 90, ranked=False)
    Hint.objects.create(
        game=games["ann"],
        turn=3,
        status="ready",
        expected_score=70.0,
        reasons=[{"kind": "pair", "values": {"color": "teal"}}],
    )
    turn = {"turn": 1, "played_value": 60.0, "best_value": 61.0, "loss": 1.0}  # as measured
    Analysis.objects.create(
        game=games["ann"], status="ready", result={"accuracy": 90, "turns": [turn]}
    )
    group = do_create_group(ann, name="Quilters")
    do_join_group(ben, invite_code=group.invite_code)
    do_rate_closed_days()
    return {
        "players": (ann, ben, cat),
        "day": day,
        "games": games,
        "practice": practice,
        "group": group,
    }


def test_the_export_holds_every_game_move_hint_analysis_group_and_rating(world, client_for):
    ann = world["players"][0]
    answer = client_for(ann).get("/api/me/export/")
    assert answer.status_code == 200 and "attachment" in answer["Content-Disposition"]
    data = answer.json()
    assert data["account"]["username"] == "ann"
    games = {game["id"]: game for game in data["games"]}
    assert set(games) == {world["games"]["ann"].pk, world["practice"].pk}
    ranked = games[world["games"]["ann"].pk]
    assert ranked["moves"] == world["games"]["ann"].moves and ranked["hints"][0]["turn"] == 3
    # on the review's scale (expected final scores), as the page shows it
    assert ranked["analysis"]["result"] == {
        "accuracy": 90,
        "turns": [
            {
                "turn": 1,
                "played_value": round(calibrated(60.0, 1), 2),
                "best_value": round(calibrated(61.0, 1), 2),
                "loss": 1.0,
            }
        ],
    }
    assert [group["name"] for group in data["groups"]] == ["Quilters"]
    assert data["rating"]["days"] == 1 and data["versus"] == []
    assert APIClient().get("/api/me/export/").status_code in (401, 403)


def test_deleting_an_account_keeps_everyone_elses_rank(world, client_for):
    ann, ben, _ = world["players"]
    day = world["day"]
    before = [(e["rank"], e["score"]) for e in leaderboard(day, 1, False)["entries"]]
    api = client_for(ann)
    wrong = api.delete("/api/me/", {"password": "not hers"}, format="json")
    assert wrong.status_code == 400 and "password" in wrong.json()["detail"]
    assert api.delete("/api/me/", {"password": PASSWORD}, format="json").status_code == 204
    after = leaderboard(day, 1, False)["entries"]
    assert [(e["rank"], e["score"]) for e in after] == before  # nobody's rank changed
    assert after[0]["name"] == "a former player"
    gone = Player.objects.get(pk=ann.pk)
    assert gone.username.startswith("former-") and not gone.is_active and not gone.email
    assert not Hint.objects.filter(game__player=gone).exists()
    assert not Analysis.objects.filter(game__player=gone).exists()
    assert not Game.objects.filter(player=gone, ranked=False).exists()
    assert not Rating.objects.filter(player=gone).exists()
    assert Group.objects.get(pk=world["group"].pk).owner == ben  # the group passed on
    assert APIClient().get(f"/share/{world['games']['ann'].pk}/").status_code == 404
    assert APIClient().get("/api/players/ann/").status_code == 404
    assert api.get("/api/me/").status_code in (401, 403)  # the token went with it
    assert client_for(ben).get("/api/me/").status_code == 200
    login = APIClient().post("/api/auth/token/", {"username": "ann", "password": PASSWORD})
    assert login.status_code == 400


def test_the_name_ann_is_free_again_and_former_is_nobodys(world, client_for):
    ann = world["players"][0]
    client_for(ann).delete("/api/me/", {"password": PASSWORD}, format="json")
    again = APIClient().post("/api/auth/register/", {"username": "ann", "password": PASSWORD})
    assert again.status_code == 201
    taken = APIClient().post("/api/auth/register/", {"username": "former-x", "password": PASSWORD})
    assert taken.status_code == 400 and "former-" in taken.json()["detail"]


def test_the_profile_page_deletes_the_account_with_its_password(world):
    from django.test import Client

    browser = Client()
    assert browser.post("/login/", {"username": "cat", "password": PASSWORD}).status_code == 302
    page = browser.get("/me/").content.decode()
    assert "data-your-data" in page and "/api/me/export/" in page and "/privacy/" in page
    wrong = browser.post("/me/delete/", {"password": "nope"})
    assert wrong.status_code == 400 and b'data-account-deleted="no"' in wrong.content
    assert Player.objects.filter(username="cat", is_active=True).exists()
    done = browser.post("/me/delete/", {"password": PASSWORD})
    assert done.status_code == 200 and b'data-account-deleted="yes"' in done.content
    assert not Player.objects.filter(username="cat").exists()
    assert "data-your-data" not in browser.get("/me/").content.decode()  # logged out
    spanish = Client().get("/privacy/", HTTP_ACCEPT_LANGUAGE="es")
    assert "Qué guarda el sitio" in spanish.content.decode()
