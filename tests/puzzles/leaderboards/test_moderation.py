"""Staff disqualify a game in the admin (an action with a reason): it leaves the leaderboard
and every count, and its player is told why."""

import pytest
from helpers.games import finish, goals_of

from core.errors import BadInput
from puzzles.models import Game, ScoreTally
from puzzles.services.games import do_start_game
from puzzles.services.moderation import do_disqualify_game

CHANGELIST = "/admin/puzzles/game/"


def disqualify(admin_client, game: Game, reason: str) -> str:
    """Run the admin action; returns the messages the admin shows."""
    body = {"action": "disqualify", "_selected_action": [game.pk], "reason": reason}
    page = admin_client.post(CHANGELIST, body, follow=True)
    assert page.status_code == 200
    return " ".join(str(message) for message in page.context["messages"])


def test_staff_disqualify_a_finished_ranked_game(admin_client, alice, alice_api, daily):
    game = finish(do_start_game(alice, date=daily.date, goals=goals_of(daily)), alice)
    board = f"/api/leaderboards/{daily.date}/"
    assert alice_api.get(board).json()["count"] == 1

    shown = disqualify(admin_client, game, "  a second account previewed the deal ")
    assert "Disqualified 1 game" in shown

    assert alice_api.get(board).json()["count"] == 0
    assert alice_api.get(board).json()["entries"] == []
    assert not ScoreTally.objects.filter(games__gt=0).exists()
    seen = alice_api.get(f"/api/games/{game.pk}/").json()
    assert seen["counts"] is False
    assert seen["disqualified"] == "a second account previewed the deal"
    disqualify(admin_client, game, "again")  # changes nothing
    assert Game.objects.get(pk=game.pk).disqualified_reason.startswith("a second account")
    assert not ScoreTally.objects.filter(games__gt=0).exists()


def test_a_reason_is_required(admin_client, alice, daily):
    game = finish(do_start_game(alice, date=daily.date, goals=goals_of(daily)), alice)
    assert "reason: say why" in disqualify(admin_client, game, "   ")
    assert not Game.objects.get(pk=game.pk).disqualified
    assert ScoreTally.objects.get().games == 1


def test_a_game_disqualified_while_played_never_enters_the_tally(alice, daily):
    game = do_start_game(alice, date=daily.date, goals=goals_of(daily))
    do_disqualify_game(game.pk, reason="bot play")
    finished = finish(game, alice)
    assert finished.status == "finished" and not finished.counts
    assert not ScoreTally.objects.exists()
    with pytest.raises(BadInput, match="at most 200"):
        do_disqualify_game(game.pk, reason="x" * 201)


def test_the_admin_shows_a_game_but_never_edits_what_the_tallies_count(admin_client, alice, daily):
    game = finish(do_start_game(alice, date=daily.date, goals=goals_of(daily)), alice)
    page = f"{CHANGELIST}{game.pk}/change/"
    shown = admin_client.get(page)
    assert shown.status_code == 200 and str(game.score) in shown.text
    for field in ("hints_used", "status", "ranked", "challenge", "goals", "player"):
        assert f'name="{field}"' not in shown.text, field
    edit = {"hints_used": "5", "status": "playing", "ranked": "", "challenge": "", "score": "0"}
    assert admin_client.post(page, {**edit, "player": alice.pk, "_save": "Save"}).status_code == 403
    row = Game.objects.get(pk=game.pk)
    assert (row.hints_used, row.status, row.ranked, row.challenge_id) == (
        0,
        "finished",
        True,
        daily.pk,
    )
    assert [(t.hinted, t.games) for t in ScoreTally.objects.all()] == [(False, 1)]
    assert "Disqualify" in admin_client.get(CHANGELIST).text  # the action that recounts stays
