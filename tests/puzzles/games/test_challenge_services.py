import datetime
import hashlib
import hmac

from django.conf import settings

from puzzles.game_state import today
from puzzles.models import Challenge, ParGame, SolverRun
from puzzles.selectors.challenges import challenge_json, day_challenge
from puzzles.services.challenges import do_daily_rollover, do_ensure_best_known, do_ensure_challenge
from solver.game import deal

DAY = datetime.date(2026, 1, 2)


def test_the_seed_is_an_hmac_of_the_date_and_the_commitment_its_sha256(db):
    challenge = do_ensure_challenge(DAY)
    expected = hmac.new(
        settings.CALICO_SEED_SECRET.encode(), b"2026-01-02", hashlib.sha256
    ).hexdigest()
    assert challenge.seed == expected
    assert challenge.commitment == hashlib.sha256(expected.encode()).hexdigest()


def test_ensure_challenge_is_idempotent_and_enqueues_one_par_run(db):
    first = do_ensure_challenge(DAY)
    second = do_ensure_challenge(DAY)
    assert first.pk == second.pk
    assert Challenge.objects.count() == 1
    assert list(SolverRun.objects.values_list("kind", "status")) == [("par", "pending")]


def test_the_par_run_is_enqueued_after_commit(db, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        do_ensure_challenge(DAY)
        do_ensure_challenge(DAY)
    assert len(callbacks) == 1


def test_the_seed_is_hidden_while_the_day_is_open_and_revealed_after(db):
    open_day = challenge_json(day_challenge(do_ensure_challenge(today()).date))
    assert open_day["seed"] is None
    assert open_day["best_known"] is None
    closed = challenge_json(day_challenge(do_ensure_challenge(DAY).date))
    assert closed["seed"] == Challenge.objects.get(date=DAY).seed
    assert hashlib.sha256(closed["seed"].encode()).hexdigest() == closed["commitment"]
    assert closed["best_known"] == {"status": "none", "score": None}


def test_the_published_setup_is_the_deal_of_the_revealed_seed(db):
    closed = challenge_json(day_challenge(do_ensure_challenge(DAY).date))
    setup = deal(closed["seed"]).setup
    assert closed["board"] == setup.board
    assert [(c["cat"], tuple(c["patterns"])) for c in closed["cats"]] == list(setup.cats)
    assert closed["goal_options"] == list(setup.goal_options)


def test_cats_carry_their_requirement_and_shape(db):
    data = challenge_json(day_challenge(do_ensure_challenge(DAY).date))
    for cat in data["cats"]:
        assert cat["requirement"]
        assert cat["shape"] is None or all(len(cell) == 2 for cell in cat["shape"])


def test_rollover_makes_today_and_the_best_known_runs_of_closed_days(db):
    do_ensure_challenge(DAY)
    challenge = do_daily_rollover()
    assert challenge.date == today()
    kinds = set(SolverRun.objects.values_list("challenge__date", "kind"))
    assert kinds == {(DAY, "par"), (DAY, "best"), (today(), "par")}
    do_daily_rollover()
    assert SolverRun.objects.count() == 3


def test_rollover_enqueues_every_run_not_ready_nor_waiting(
    db, django_capture_on_commit_callbacks, settings
):
    settings.CALICO_HINTS_AHEAD = (
        False  # today's dawn hints: tests/puzzles/hints/test_hints_ahead.py
    )
    do_ensure_challenge(DAY)
    SolverRun.objects.filter(challenge__date=DAY).update(status="ready")
    with django_capture_on_commit_callbacks() as callbacks:
        do_daily_rollover()
    assert len(callbacks) == 2  # today's par and DAY's best-known, both new
    with django_capture_on_commit_callbacks() as callbacks:
        do_daily_rollover()
    assert callbacks == []  # both wait in the queue: sent, not lost
    # A send the broker refused leaves par's games unsent: the next rollover sends them
    # again, each alone.
    ParGame.objects.filter(run__challenge__date=today()).update(sent_at=None)
    with django_capture_on_commit_callbacks() as callbacks:
        do_daily_rollover()
    assert len(callbacks) == settings.CALICO_PAR_GAMES


def test_no_best_known_run_for_an_open_day(db):
    do_ensure_best_known(do_ensure_challenge(today()))
    assert not SolverRun.objects.filter(kind="best").exists()


def test_the_best_known_score_is_par_where_the_fair_solver_did_better(db):
    challenge = do_ensure_challenge(DAY)
    SolverRun.objects.filter(challenge=challenge).update(status="ready", score=75)
    SolverRun.objects.create(challenge=challenge, kind="best", status="ready", score=71)
    assert challenge_json(day_challenge(DAY))["best_known"] == {"status": "ready", "score": 75}
    SolverRun.objects.filter(challenge=challenge, kind="best").update(score=88)
    assert challenge_json(day_challenge(DAY))["best_known"] == {"status": "ready", "score": 88}
    # par is a mean now: its best game is the known game that counts
    figures = {"mean": 75.2, "games": 3, "of": 3, "low": 70, "high": 91}
    SolverRun.objects.filter(challenge=challenge, kind="par").update(figures=figures)
    assert challenge_json(day_challenge(DAY))["best_known"] == {"status": "ready", "score": 91}
