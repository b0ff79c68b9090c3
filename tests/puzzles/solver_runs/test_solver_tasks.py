"""Par, best-known and hints, computed in-process by the services the tasks call."""

import datetime

import pytest
from django.utils import timezone

from puzzles.game_state import deal_of, replay
from puzzles.models import Hint, SolverRun
from puzzles.services import solver_runs
from puzzles.services.games import do_start_game
from puzzles.services.hints import do_compute_hint, do_request_hint
from puzzles.tasks import compute_par_game, compute_solver_run
from solver.game import Move, SoloGame, patch_from_json

TINY_FAIR = {"playout_width": 1, "samples": 1, "depth": 1}
TINY_HINDSIGHT = {"kept": 1, "piloted": 2, "arrangements": 2}


def replayed_total(challenge, run) -> int:
    """The score of the run's stored moves, replayed by the engine on the day's deal."""
    game = SoloGame.start(deal_of(challenge), run.goals)
    for move in run.moves:
        assert game.hand[move["hand_index"]] == patch_from_json(move["patch"])
        game.play(Move.from_json(move))
    assert game.finished
    return game.quilt.total()


def test_par_is_the_fair_solvers_games_of_the_deal(daily, settings):
    settings.CALICO_PAR_OPTIONS = TINY_FAIR
    run = SolverRun.objects.get(challenge=daily, kind="par")
    for game in run.par_games.all():
        compute_par_game(game.pk)  # the task body, run here
    run.refresh_from_db()
    assert run.status == "ready" and run.figures["games"] == settings.CALICO_PAR_GAMES
    assert replayed_total(daily, run) in run.par_games.values_list("score", flat=True)


def test_a_par_run_sent_before_par_had_games_sends_them(daily, settings):
    run = SolverRun.objects.get(challenge=daily, kind="par")
    run.par_games.all().delete()
    compute_solver_run(run.pk)  # its old message
    assert run.par_games.count() == settings.CALICO_PAR_GAMES


@pytest.mark.slow  # 3.9 s of CPU (a hindsight search): over the fast tests' budget
def test_best_known_is_the_hindsight_solvers_score(yesterday, settings):
    settings.CALICO_BEST_OPTIONS = TINY_HINDSIGHT
    run = SolverRun.objects.create(challenge=yesterday, kind="best")
    solver_runs.do_compute_solver_run(run.pk)
    run.refresh_from_db()
    assert run.status == "ready" and run.score == replayed_total(yesterday, run)


def test_a_failed_run_is_recorded(yesterday, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("no solver today")

    monkeypatch.setattr(solver_runs, "make_player", broken)
    run = SolverRun.objects.create(challenge=yesterday, kind="best")
    with pytest.raises(ValueError):
        solver_runs.do_compute_solver_run(run.pk, job=solver_runs.BEST_RUN)
    run.refresh_from_db()
    assert run.status == "failed" and "no solver today" in run.error


def test_a_hint_is_a_legal_move_for_the_state_of_its_turn(alice, daily):
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(daily).setup.goal_options, strict=False))
    game = do_start_game(alice, date=daily.date, goals=goals)
    row = do_compute_hint(do_request_hint(game.pk, player=alice).pk)
    assert row.status == "ready" and row.reasons
    state, _ = replay(game)
    state.check(Move.from_json(row.move))  # raises if illegal
    assert do_compute_hint(row.pk).move == row.move  # computed once


def test_asking_again_after_a_failed_hint_retries_it_counted_once(alice, daily):
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(daily).setup.goal_options, strict=False))
    game = do_start_game(alice, date=daily.date, goals=goals)
    row = do_request_hint(game.pk, player=alice)
    Hint.objects.filter(pk=row.pk).update(status="failed", error="worker lost")
    again = do_request_hint(game.pk, player=alice)
    assert again.pk == row.pk and again.status == "pending" and again.error == ""
    game.refresh_from_db()
    assert game.hints_used == 1


def test_a_lost_pending_hint_is_sent_again_when_asked_and_a_fresh_one_is_not(alice, daily):
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(daily).setup.goal_options, strict=False))
    game = do_start_game(alice, date=daily.date, goals=goals)
    row = do_request_hint(game.pk, player=alice)
    assert do_request_hint(game.pk, player=alice).sent_at == row.sent_at  # still on its way
    long_ago = timezone.now() - datetime.timedelta(hours=1)
    Hint.objects.filter(pk=row.pk).update(sent_at=long_ago)
    again = do_request_hint(game.pk, player=alice)
    assert again.pk == row.pk and again.status == "pending" and again.sent_at > long_ago
    game.refresh_from_db()
    assert game.hints_used == 1
