"""The one lifecycle of a worker job (core/jobs.py), for each kind of
puzzles: a hint, an analysis, a solver run, one of par's games, a scenario's pass rate. The
claim is atomic on PostgreSQL with real concurrent connections; a lost job is sent again; a
refused send and a failure are recorded on the row with what failed where."""

import datetime

import pytest
from helpers.jobs import JobLifecycle

from core.jobs import Job
from puzzles.game_state import today
from puzzles.models import (
    Analysis,
    Challenge,
    Game,
    Hint,
    ParGame,
    ScenarioPassRate,
    SolverRun,
)
from puzzles.services import analysis, hints, scenarios, solver_runs

KINDS = {
    "hint": (hints.HINT, lambda game: Hint.objects.create(game=game, turn=1)),
    "analysis": (analysis.ANALYSIS, lambda game: Analysis.objects.create(game=game)),
    "solver run": (
        solver_runs.RUN,
        lambda game: SolverRun.objects.create(
            challenge=game.challenge, kind="par", sent_at=game.created_at
        ),
    ),
    "pass rate": (scenarios.RATE, lambda game: ScenarioPassRate.objects.create(number=1)),
    "par game": (
        solver_runs.PAR_GAME,
        lambda game: ParGame.objects.create(
            run=SolverRun.objects.create(challenge=game.challenge, kind="par"),
            k=0,
            sent_at=game.created_at,
        ),
    ),
}


@pytest.fixture(params=KINDS)
def kind(request, alice) -> tuple[Job, object]:
    """A kind's ``Job`` and a fresh pending row of it, as just sent."""
    day = today() - datetime.timedelta(days=30)
    challenge = Challenge.objects.create(date=day, seed="jobs", commitment="jobs")
    job, make = KINDS[request.param]
    return job, make(Game.objects.create(challenge=challenge, player=alice))


class TestJobLifecycle(JobLifecycle):
    """Every kind's claim, loss, refusal and failure (tests/helpers/jobs.py)."""


def test_a_claimed_analysis_is_running_from_its_first_turn(alice):
    kind, make = KINDS["analysis"]
    challenge = Challenge.objects.create(date=today(), seed="jobs", commitment="jobs")
    row = make(Game.objects.create(challenge=challenge, player=alice, status="finished"))
    Analysis.objects.filter(pk=row.pk).update(done=5)
    claimed = kind.do_claim(row.pk)
    assert (claimed.status, claimed.done, claimed.attempts) == ("running", 0, 1)
    assert kind.is_lost(claimed) is False
