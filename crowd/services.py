"""Telling a closed day: every counted game of it, the reviews of them that exist, par and the
best-known score, told once (``story.tell``) and kept (``DayStory``)."""

import hashlib

from celery import current_app
from django.db import transaction

from core.jobs import Job
from core.models import WorkStatus
from puzzles.game_state import deal_of
from puzzles.models import Analysis, Challenge, Game, SolverRun
from puzzles.selectors.challenges import is_closed
from puzzles.services.analysis import do_analyse_unasked

from .models import DayStory, DayTelling
from .story import Played, tell

TELL_DAYS = 7  # the beat tells the closed days of the last week that have no story yet
SAMPLE = 200  # a day's hardest turns are read from at most this many analysed games
BATCH = 10  # analysed per task (~25 s), so that a par run queued meanwhile goes between


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


# Telling a day on a visitor's asking: one job row a day (``DayTelling``), on the background
# queue, so that par and the rollover never wait behind it.
TELL = Job(DayTelling, "crowd.tasks.compute_telling")


def do_ask_story(challenge: Challenge) -> bool:
    """Ask a worker to tell the closed day, once: the first asking sends the day's telling,
    and every other finds it sent (the row locked, so that of many askings at once one sends
    it). A telling that failed or was lost is sent again; one whose story is gone, too. True
    if this asking sent it (the API answers 202 meanwhile)."""
    with transaction.atomic():
        telling, made = DayTelling.objects.get_or_create(challenge=challenge)
        if made:
            transaction.on_commit(lambda: TELL.do_send(telling))
            return True
        telling = DayTelling.objects.select_for_update().get(pk=telling.pk)
        if DayStory.objects.filter(challenge=challenge).exists():
            return False  # told meanwhile
        if telling.status == WorkStatus.READY:  # told, and its story since deleted
            TELL.do_reopen(telling)
            return True
        return TELL.do_reopen_if_stalled(telling)


def do_compute_telling(telling_id: int) -> DayTelling | None:
    """The worker's job: the day told (``do_tell_day``) under the job's claim."""
    return TELL.do_run(telling_id, _told, related=("challenge",))


def _told(telling: DayTelling) -> dict:
    if not DayStory.objects.filter(challenge=telling.challenge).exists():  # the beat's, meanwhile
        do_tell_day(telling.challenge)
    return {}


def do_send_study(challenge: Challenge) -> None:
    """Ask a worker to analyse the day's sample, a batch at a time, then tell the day again."""
    transaction.on_commit(
        lambda: current_app.send_task("crowd.tasks.study_day", (challenge.date.isoformat(),))
    )


def do_study_day(challenge: Challenge, *, batch: int = BATCH) -> int:
    """Analyse the next ``batch`` of the closed day's sample: ranked games that nobody asked
    about, until ``SAMPLE`` of the day's games are analysed (the sample is fixed by the day and
    the games, so a batch sent twice or a restarted worker picks the same ones). Returns how
    many of the sample are still to analyse."""
    if not is_closed(challenge):
        return 0
    games = Game.objects.counted().filter(challenge=challenge)
    analysed = games.filter(analysis__isnull=False).count()
    todo = sorted(
        games.filter(analysis__isnull=True).values_list("pk", flat=True),
        key=lambda pk: hashlib.sha256(f"{challenge.date}:{pk}".encode()).digest(),
    )[: max(0, SAMPLE - analysed)]
    for game in Game.objects.filter(pk__in=todo[:batch]).select_related("challenge"):
        do_analyse_unasked(game)
    return max(0, len(todo) - batch)


def do_tell_closed_days() -> int:
    """The beat's job after each close: the last week's closed days with no story yet, told
    at once from the analyses players asked for, then again once a worker has analysed the
    day's sample (``do_study_day``)."""
    told = 0
    days = Challenge.objects.filter(story__isnull=True).order_by("-date")[:TELL_DAYS]
    for challenge in days:
        if do_tell_day(challenge) is not None:
            told += 1
            do_send_study(challenge)
    return told
