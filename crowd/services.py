"""Telling a closed day: every counted game of it, the reviews of them that exist, par and the
best-known score, told once (``story.tell``) and kept (``DayStory``)."""

from celery import current_app
from django.db import transaction

from puzzles.game_state import deal_of
from puzzles.models import Analysis, Challenge, Game, SolverRun
from puzzles.selectors.challenges import is_closed

from .models import DayStory
from .story import Played, tell

TELL_DAYS = 7  # the beat tells the closed days of the last week that have no story yet


def _run(challenge, kind):
    return (
        SolverRun.objects.filter(challenge=challenge, kind=kind, status=SolverRun.Status.READY)
        .values("score", "goals")
        .first()
    )


def do_tell_day(challenge: Challenge) -> DayStory | None:
    """The closed day's story, computed now and kept (None while the day is open)."""
    if not is_closed(challenge):
        return None
    losses = {
        game_id: [turn["loss"] for turn in (result or {}).get("turns", [])]
        for game_id, result in Analysis.objects.filter(
            game__challenge=challenge, game__ranked=True, status=Analysis.Status.READY
        ).values_list("game_id", "result")
    }
    games = [
        Played(goals or {}, moves, score, losses.get(pk))
        for pk, goals, moves, score in Game.objects.counted()
        .filter(challenge=challenge)
        .values_list("pk", "goals", "moves", "score")
        .iterator(chunk_size=2000)
    ]
    par, best = _run(challenge, SolverRun.Kind.PAR), _run(challenge, SolverRun.Kind.BEST)
    story = tell(
        deal_of(challenge),
        games,
        par=par and par["score"],
        best_known=best and best["score"],
        par_goals=par and par["goals"],
    )
    with transaction.atomic():
        row, _ = DayStory.objects.update_or_create(challenge=challenge, defaults={"story": story})
    return row


def do_send_story(challenge: Challenge) -> None:
    """Ask a worker to tell the day (the API answers 202 meanwhile)."""
    transaction.on_commit(
        lambda: current_app.send_task("crowd.tasks.tell_day", (challenge.date.isoformat(),))
    )


def do_tell_closed_days() -> int:
    """The beat's job after each close: the last week's closed days with no story yet."""
    told = 0
    days = Challenge.objects.filter(story__isnull=True).order_by("-date")[:TELL_DAYS]
    for challenge in days:
        told += do_tell_day(challenge) is not None
    return told
