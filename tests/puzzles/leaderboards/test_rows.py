"""``puzzles.rows``: the rows read by SQL written once are the ones the ORM reads."""

import datetime

import pytest
from django.db.models.signals import post_save
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.services.players import do_ensure_token
from puzzles.models import Challenge, Game, SolverRun
from puzzles.rows import challenge_with_runs, game_with_par, save_fields, token_with_player

pytestmark = pytest.mark.django_db

FIELDS = [field.attname for field in Game._meta.concrete_fields]


def orm_game(pk: int) -> Game:
    return Game.objects.select_related("challenge").with_par().get(pk=pk)


def same(game: Game, expected: Game) -> None:
    assert [getattr(game, name) for name in FIELDS] == [getattr(expected, n) for n in FIELDS]
    assert (game.par_status, game.par_score) == (expected.par_status, expected.par_score)
    assert game._state.adding is False and game._state.db == expected._state.db


def test_a_daily_game_with_its_challenge_and_par(alice, daily, django_assert_num_queries):
    moves = [{"hand_index": 0, "cell": "1,1", "market_index": 0}]
    game = Game.objects.create(
        challenge=daily, player=alice, ranked=True, goals={"2,3": 1}, moves=moves
    )
    SolverRun.objects.update_or_create(
        challenge=daily, kind="par", defaults={"status": "ready", "score": 61}
    )
    read = game_with_par(game.pk, alice.pk)
    same(read, orm_game(game.pk))
    assert read.moves == moves and read.goals == {"2,3": 1} and read.par_score == 61
    challenge = daily.__class__.objects.get(pk=daily.pk)
    with django_assert_num_queries(0):  # the challenge came with the game
        assert read.challenge.date == challenge.date
        assert read.challenge.created_at == challenge.created_at


def test_a_scenario_game_has_no_challenge_and_no_par(alice):
    game = Game.objects.create(player=alice, scenario=3, seed="abc")
    read = game_with_par(game.pk, alice.pk, lock=True)
    same(read, orm_game(game.pk))
    assert read.challenge is None and read.par_status is None


def test_only_the_players_own_game_and_no_error_for_any_id(alice, make_player, daily):
    game = Game.objects.create(challenge=daily, player=alice)
    assert game_with_par(game.pk, make_player("bob").pk) is None
    assert game_with_par(2**70, alice.pk) is None
    assert game_with_par(-(2**70), alice.pk) is None


def test_a_token_with_its_player(alice, django_assert_num_queries):
    key = do_ensure_token(alice)
    with django_assert_num_queries(1):
        token = token_with_player(key)
        player = token.user
    expected = Token.objects.select_related("user").get(key=key)
    assert (token.key, token.user_id, token.created) == (key, alice.pk, expected.created)
    names = [field.attname for field in type(alice)._meta.concrete_fields]
    assert [getattr(player, n) for n in names] == [getattr(expected.user, n) for n in names]
    assert token_with_player(key + "x") is None and token_with_player("") is None


def test_the_api_refuses_an_unknown_token_and_an_inactive_player(alice):
    # 403, not 401: the first authenticator (sessions) names no WWW-Authenticate scheme
    key = do_ensure_token(alice)
    api = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/games/999/").status_code == 404  # authenticated: not a game of hers
    alice.is_active = False
    alice.save(update_fields=["is_active"])
    refused = api.get("/api/games/999/")
    assert refused.status_code == 403 and refused.json()["detail"] == "User inactive or deleted."
    unknown = APIClient(HTTP_AUTHORIZATION="Token nosuchtoken").get("/api/games/999/")
    assert unknown.status_code == 403 and unknown.json()["detail"] == "Invalid token."


def test_saving_fields_writes_those_fields_only(alice, daily, django_assert_num_queries):
    game = Game.objects.create(challenge=daily, player=alice, goals={"2,3": 1})
    elsewhere = Game.objects.get(pk=game.pk)
    elsewhere.hints_used = 2
    elsewhere.save(update_fields=["hints_used"])
    game.moves = [{"hand_index": 1, "cell": "2,2", "market_index": None}]
    game.turn, game.status, game.scenario_passed = 2, Game.Status.FINISHED, None
    game.finished_at = datetime.datetime(2031, 3, 4, 23, 56, tzinfo=datetime.UTC)
    fields = ("moves", "turn", "status", "finished_at", "scenario_passed")
    with django_assert_num_queries(1):
        save_fields(game, fields)
    saved = Game.objects.get(pk=game.pk)
    assert [getattr(saved, name) for name in fields] == [getattr(game, name) for name in fields]
    assert saved.hints_used == 2 and saved.goals == {"2,3": 1}  # untouched


def test_saving_fields_goes_through_save_when_a_receiver_listens(alice, daily):
    game = Game.objects.create(challenge=daily, player=alice)
    heard = []

    def receiver(sender, instance, update_fields, **kwargs):
        heard.append(set(update_fields))

    post_save.connect(receiver, sender=Game)
    try:
        game.turn = 5
        save_fields(game, ("turn",))
    finally:
        post_save.disconnect(receiver, sender=Game)
    assert heard == [{"turn"}] and Game.objects.get(pk=game.pk).turn == 5


def test_a_challenge_with_its_runs(daily, django_assert_num_queries):
    SolverRun.objects.filter(challenge=daily).delete()
    with django_assert_num_queries(1):
        alone = challenge_with_runs(daily.date)
        assert list(alone.solver_runs.all()) == []
    par = SolverRun.objects.create(challenge=daily, kind="par", status="ready", score=61)
    best = SolverRun.objects.create(challenge=daily, kind="best", status="pending")
    expected = Challenge.objects.prefetch_related("solver_runs").get(pk=daily.pk)
    with django_assert_num_queries(1):
        read = challenge_with_runs(daily.date)
        runs = list(read.solver_runs.all())
        assert runs[0].challenge is read
    names = [field.attname for field in Challenge._meta.concrete_fields]
    assert [getattr(read, n) for n in names] == [getattr(expected, n) for n in names]
    assert runs == [par, best] and (runs[0].score, runs[1].status) == (61, "pending")
    assert list(read.solver_runs.filter(kind="best")) == [best]  # a filter still narrows
    assert challenge_with_runs(daily.date.replace(year=1999)) is None
