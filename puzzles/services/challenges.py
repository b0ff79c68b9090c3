"""Daily challenges: one per UTC day, made idempotently; seed = HMAC(secret, date)."""

import datetime
import hashlib
import hmac
import logging

from django.conf import settings
from django.db import IntegrityError, transaction

from ..game_state import today
from ..models import Challenge, SolverRun
from .hints import do_send_day_hints
from .solver_runs import do_resend_lost_runs, do_send_run

log = logging.getLogger(__name__)


def daily_seed(date: datetime.date) -> str:
    """The seed of a day: an HMAC of its ISO date under the server's seed secret."""
    key = settings.CALICO_SEED_SECRET.encode()
    return hmac.new(key, date.isoformat().encode(), hashlib.sha256).hexdigest()


def commitment_of(seed: str) -> str:
    """The public SHA-256 commitment of a seed: anyone can check it once the seed is out."""
    return hashlib.sha256(seed.encode()).hexdigest()


def do_ensure_challenge(date: datetime.date) -> Challenge:
    """The challenge of ``date``, created (with its par run enqueued) if missing.

    Two creators at once make one day: the unique date decides, and the loser reads the
    winner's row.
    """
    challenge = Challenge.objects.filter(date=date).first()
    if challenge is not None:
        return challenge
    seed = daily_seed(date)
    try:
        with transaction.atomic():
            challenge = Challenge.objects.create(
                date=date, seed=seed, commitment=commitment_of(seed)
            )
            run = SolverRun.objects.create(challenge=challenge, kind=SolverRun.Kind.PAR)
            # the dawn hints first: on the default queue they are ahead of par's games
            if settings.CALICO_HINTS_AHEAD and date >= today():  # a past day gets no dawn
                transaction.on_commit(lambda: do_send_day_hints(challenge.pk))
            do_send_run(run)  # once the day commits
    except IntegrityError:
        return Challenge.objects.get(date=date)
    return challenge


def do_ensure_best_known(challenge: Challenge) -> None:
    """Enqueue the hindsight run of a closed day, once."""
    if challenge.date >= today():
        return
    try:
        with transaction.atomic():
            run = SolverRun.objects.create(challenge=challenge, kind=SolverRun.Kind.BEST)
            do_send_run(run)  # once the day commits
    except IntegrityError:
        pass  # already there


def do_daily_rollover() -> Challenge:
    """The 00:00 UTC job (and ``manage.py ensure_daily``): make today's challenge, the
    best-known runs of closed days, and send again every failed run and every lost one
    (``solver_runs.RUN.is_lost``), never one still being computed or waiting in the queue."""
    do_resend_lost_runs(failed_too=True)
    challenge = do_ensure_challenge(today())
    closed = Challenge.objects.filter(date__lt=today()).exclude(solver_runs__kind="best")
    for past in closed:
        do_ensure_best_known(past)
    return challenge
