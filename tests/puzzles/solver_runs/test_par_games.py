"""Par as the mean of its games (puzzles/services/solver_runs.py, solver/search/par.py): each
game a task of its own, the run added up as they come in, the answer's progress, a lost game
sent again alone, and the site's par equal to ``python -m solver par``'s, with real workers."""

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import timezone
from helpers.processes import start_worker, wait_until
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from puzzles.game_state import deal_of, today
from puzzles.models import Challenge, ParGame, SolverRun
from puzzles.services import solver_runs
from puzzles.services.challenges import do_daily_rollover, do_ensure_challenge
from puzzles.tasks import compute_par_game
from solver.game import Move, SoloGame, patch_from_json
from solver.search.par import par, summary

ROOT = Path(__file__).resolve().parents[3]
TINY_FAIR = {"playout_width": 1, "samples": 1, "depth": 1}


def ago(seconds: float) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=seconds)


@pytest.fixture
def day(db, settings):
    """A past day's challenge, with par's 3 games planned, tiny."""
    settings.CALICO_PAR_OPTIONS = TINY_FAIR
    settings.CALICO_PAR_GAMES = 3
    return do_ensure_challenge(today() - datetime.timedelta(days=50))


def par_of(challenge) -> SolverRun:
    return SolverRun.objects.get(challenge=challenge, kind="par")


def replayed_total(challenge, run) -> int:
    game = SoloGame.start(deal_of(challenge), run.goals)
    for move in run.moves:
        assert game.hand[move["hand_index"]] == patch_from_json(move["patch"])
        game.play(Move.from_json(move))
    assert game.finished
    return game.quilt.total()


def test_par_is_the_mean_of_its_games_and_says_how_far_it_is(day, client):
    run = par_of(day)
    games = list(run.par_games.order_by("k"))
    assert [g.k for g in games] == [0, 1, 2] and run.figures["of"] == 3
    answer = client.get(f"/api/challenges/{day.date}/").json()["par"]
    assert answer == {
        "status": "pending",
        "score": None,
        "mean": None,
        "se": None,
        "games": 0,
        "of": 3,
        "low": None,
        "high": None,
        "overridden": True,
    }

    compute_par_game(games[0].pk)  # the task's body, here
    first = ParGame.objects.get(pk=games[0].pk).score
    answer = client.get(f"/api/challenges/{day.date}/").json()["par"]
    assert answer["status"] == "running" and (answer["games"], answer["of"]) == (1, 3)
    assert (answer["score"], answer["mean"], answer["se"]) == (first, first, None)

    for game in games[1:]:
        compute_par_game(game.pk)
    scores = list(run.par_games.order_by("k").values_list("score", flat=True))
    run.refresh_from_db()
    figures = summary(scores)
    answer = client.get(f"/api/challenges/{day.date}/").json()["par"]
    assert answer["status"] == "ready" and (answer["games"], answer["of"]) == (3, 3)
    assert answer["score"] == figures["score"] and answer["mean"] == figures["mean"]
    assert (answer["se"], answer["low"], answer["high"]) == (
        figures["se"],
        min(scores),
        max(scores),
    )
    # the replayed game: the one nearest the mean, whole, on the day's deal
    assert replayed_total(day, run) == scores[figures["nearest"]]
    # the solver alone computes the same games (in this process here; the CLI in the
    # integration test below)
    alone = par(day.seed, day.setup, day.variant, games=3, options=TINY_FAIR)
    assert alone["games"] == scores and alone["game"]["moves"] == run.moves


def test_a_lost_game_is_sent_again_alone(day, settings, django_capture_on_commit_callbacks):
    settings.CALICO_RUN_LOST_SECONDS = 60
    games = {g.k: g for g in par_of(day).par_games.all()}
    ParGame.objects.filter(pk=games[0].pk).update(status="ready", score=60)
    ParGame.objects.filter(pk=games[1].pk).update(heartbeat_at=ago(5), attempts=1)  # computing
    ParGame.objects.filter(pk=games[2].pk).update(heartbeat_at=ago(120), attempts=1)  # lost
    before = dict(ParGame.objects.values_list("pk", "sent_at"))
    with django_capture_on_commit_callbacks(execute=True) as sent:
        assert solver_runs.do_resend_lost_runs() == [par_of(day).pk]
    after = dict(ParGame.objects.values_list("pk", "sent_at"))
    assert {pk for pk in after if after[pk] != before[pk]} == {games[2].pk}
    assert len(sent) == 1  # its own message, not the run's group
    lost = ParGame.objects.get(pk=games[2].pk)
    assert (lost.status, lost.heartbeat_at, lost.attempts) == ("pending", None, 1)
    # the run counts the game that is in, and waits for the others
    run = par_of(day)
    assert (run.status, run.figures["games"], run.score) == ("running", 1, 60)


def test_a_failed_game_fails_par_and_the_rollover_sends_it_again(day, monkeypatch):
    games = list(par_of(day).par_games.order_by("k"))

    def broken(*args, **kwargs):
        raise ValueError("no solver today")

    compute_par_game(games[0].pk)
    monkeypatch.setattr(solver_runs, "play_par_game", broken)
    with pytest.raises(ValueError):
        compute_par_game(games[1].pk)
    run = par_of(day)
    assert run.status == "failed" and "game 1" in run.error and "no solver today" in run.error
    assert run.figures["games"] == 1  # the figures so far stay
    do_daily_rollover()
    run = par_of(day)
    assert run.status == "running" and run.error == ""
    assert ParGame.objects.get(pk=games[1].pk).status == "pending"


def test_a_par_run_from_before_par_had_games_is_given_them(db, settings):
    settings.CALICO_PAR_GAMES = 2
    challenge = Challenge.objects.create(
        date=today() - datetime.timedelta(days=40), seed="old", commitment="old"
    )
    run = SolverRun.objects.create(challenge=challenge, kind="par", sent_at=ago(600))
    assert run.pk in solver_runs.do_resend_lost_runs()
    assert list(run.par_games.values_list("k", flat=True).order_by("k")) == [0, 1]


def par_cli(*args) -> dict:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "par", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    return json.loads(result.stdout)


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_two_workers_play_par_and_the_command_line_prints_the_same(
    celery_test_broker, settings, services
):
    """Two real workers share a day's par (4 games sent as a group); the command line, given
    the same options, prints the same games, mean and replayed game."""
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    settings.CALICO_PAR_GAMES = 4
    options = json.dumps(TINY_FAIR)
    for _ in range(2):
        services.append(start_worker(celery_test_broker, REDIS_URL, CALICO_PAR_OPTIONS=options))
    challenge = do_ensure_challenge(today())
    run = wait_until(
        lambda: SolverRun.objects.filter(challenge=challenge, kind="par", status="ready").first(),
        "the par games are played",
        120,
    )
    claimed_by = set(run.par_games.values_list("attempts", flat=True))
    assert claimed_by == {1}, "each game claimed once"
    printed = par_cli(challenge.seed, "--games", "4", "--jobs", "2", "--options", options)
    scores = list(run.par_games.order_by("k").values_list("score", flat=True))
    assert printed["games"] == scores
    assert (printed["score"], printed["mean"], printed["se"]) == (
        run.score,
        run.figures["mean"],
        run.figures["se"],
    )
    assert printed["game"]["moves"] == run.moves and printed["game"]["score"] == (
        replayed_total(challenge, run)
    )


def test_replay_par_plays_a_one_game_par_again_as_the_mean(db, settings, capsys):
    from django.core.management import call_command

    settings.CALICO_PAR_GAMES = 2
    challenge = Challenge.objects.create(
        date=today() - datetime.timedelta(days=60), seed="s", commitment="s"
    )
    one = {"mean": 70.0, "se": None, "games": 1, "of": 1, "low": 70, "high": 70}
    SolverRun.objects.create(challenge=challenge, kind="par", status="ready", score=70, figures=one)
    call_command("replay_par")
    assert "for 1 days" in capsys.readouterr().out
    run = par_of(challenge)
    assert (run.status, run.figures["of"], run.par_games.count()) == ("pending", 2, 2)
    call_command("replay_par")  # planned in full now: nothing to do
    assert "for 0 days" in capsys.readouterr().out


def test_a_refused_group_leaves_every_game_unsent_for_the_beat(day, use_broker):
    """The broker refuses the group: each game says so and is lost at once, so the beat task
    sends each again; the day itself was made."""
    from helpers.processes import free_port

    games = list(par_of(day).par_games.all())
    use_broker(f"redis://127.0.0.1:{free_port()}/0")  # nobody listens there
    assert solver_runs.do_send_group([g.pk for g in games]) is False
    for game in ParGame.objects.filter(pk__in=[g.pk for g in games]):
        assert game.sent_at is None and game.error.startswith("unavailable: ")
        assert solver_runs.PAR_GAME.is_lost(game)


@pytest.mark.django_db(transaction=True)
def test_games_finishing_at_once_are_all_counted(settings):
    """Each worker finishes its game and adds par up at the same moment (real connections on
    PostgreSQL): the run's row lock makes the last one read every game, so none is lost."""
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    from itertools import count

    from helpers.threads import at_once

    settings.CALICO_PAR_GAMES = 6
    challenge = do_ensure_challenge(today() - datetime.timedelta(days=70))
    run = par_of(challenge)
    pks = iter(list(run.par_games.order_by("k").values_list("pk", flat=True)))
    scores = count(60)

    def finish():
        pk = next(pks)
        ParGame.objects.filter(pk=pk).update(status="ready", score=next(scores), moves=[])
        return solver_runs.do_add_up(run.pk)

    at_once(finish, 6)
    run.refresh_from_db()
    assert (run.status, run.figures["games"], run.figures["mean"]) == ("ready", 6, 62.5)
