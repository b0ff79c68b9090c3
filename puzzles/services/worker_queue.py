"""The one lifecycle of a worker's job: a row (``models.WorkerJob``: a solver run, a hint, an
analysis, a scenario's pass rate, a versus hint or review) that a task computes once. The
versus opponents' turns, which are no row of their own, share its sending and its failing.

- **Sent** once its transaction commits, with its time limits (``do_send_task``). A broker
  that refuses the message is recorded on the row at once, as an error that starts
  "unavailable" (``hint_messages`` tells the player so), rather than leave anyone waiting on
  a message that was never sent.
- **Claimed** by the worker that computes it, in one conditional UPDATE (``Job.do_claim``):
  of two workers given the same row (a message delivered twice, a resend), one computes it
  and the other drops its message.
- **Lost** (``Job.is_lost``) when it is unfinished long after its last sign of life: its
  claim's heartbeat (solver runs beat on theirs while they compute), or else its sending.
  Whoever owns a kind sends its lost rows again (``Job.do_reopen_if_stalled``): the player
  asking again (hints, analyses, versus), the beat task and the rollover (solver runs),
  ``ensure_scenario_rates`` (pass rates). Nothing else retries, so there is no retry storm.
- **Failed** with what failed where (``do_record_failure``: the exception, the task and the
  attempt), never only in a worker's log; or **ready** with its result (``Job.do_finish``).
"""

import datetime
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from celery import current_app
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from ..models import WorkerJob, WorkStatus

log = logging.getLogger(__name__)
HARD_AFTER_SECONDS = 10  # the hard limit ends a solver that ignores the soft one
LOST_AFTER_SECONDS = 30  # beyond the hard limit, for a queue busy with solver runs
UNAVAILABLE = "unavailable"  # how a refused send's error starts (hint_messages reads it)
RUNNING = "running"  # the status of a claimed analysis (its page shows the progress)
UNFINISHED = (WorkStatus.PENDING, RUNNING)


def lost_after(seconds: float) -> datetime.timedelta:
    """How long after its last sign of life a task of soft limit ``seconds`` that is still
    unfinished counts as lost: its message or its worker was."""
    return datetime.timedelta(seconds=seconds + HARD_AFTER_SECONDS + LOST_AFTER_SECONDS)


def overdue(since: datetime.datetime | None, *, seconds: float) -> bool:
    """Whether a sign of life at ``since`` (None: there was none) is past ``lost_after``."""
    return since is None or timezone.now() - since > lost_after(seconds)


def failure_text(exc: BaseException, *, task: str, attempt: int | None = None) -> str:
    """What failed where, as a row stores it: ``ValueError: ... [puzzles.tasks.x, attempt 2]``
    (the exception first: the API's messages and the tests read its type)."""
    where = task if attempt is None else f"{task}, attempt {attempt}"
    return f"{type(exc).__name__}: {exc} [{where}]"


def do_send_task(
    name: str, *, args: tuple, seconds: float | None = None, refused: Callable | None = None
) -> bool:
    """Send the task ``name`` (routed by the settings' routers). Past ``seconds`` (its soft
    limit; None: Celery's) the task gives up and records why, the hard limit follows. If the
    broker refuses it, ``refused(error)`` records the error, starting "unavailable", on the
    row; without ``refused`` a refusal costs only the work (a hint ahead). True when sent."""
    limits = {} if seconds is None else {"soft_time_limit": seconds}
    if seconds is not None:
        limits["time_limit"] = seconds + HARD_AFTER_SECONDS
    try:
        current_app.send_task(name, args, **limits)
    except Exception as exc:
        log.warning("%s %s not enqueued: %s", name, args, exc)
        if refused is not None:
            refused(f"{UNAVAILABLE}: {failure_text(exc, task=name)}")
        return False
    return True


def do_record_failure(
    model, *, pk: int, exc: BaseException, task: str, attempt=None, field="error"
) -> str:
    """Write why a job failed on its row (a ``WorkerJob`` is failed and let go; another row
    gets the text in ``field``: the versus opponents' ``opponent_error``), and log it with its
    trace. Returns the text."""
    text = failure_text(exc, task=task, attempt=attempt)
    log.error("%s of %s %s failed: %s", task, model.__name__, pk, text, exc_info=exc)
    values = {field: text}
    if issubclass(model, WorkerJob):
        values.update(status=WorkStatus.FAILED, heartbeat_at=None)
    model.objects.filter(pk=pk).update(**values)
    return text


@dataclass(frozen=True)
class Job:
    """One kind of job: its rows' model and the task that computes a row."""

    model: type[WorkerJob]
    task: str  # the Celery task's registered name; it takes the row's ``arg``
    # The setting of its soft time limit; None: sent with Celery's own limits (the runs').
    limit: str | None = None
    arg: str = "pk"
    # Its worker beats on the claim every CALICO_RUN_HEARTBEAT_SECONDS; a claim then goes
    # stale after CALICO_RUN_LOST_SECONDS, otherwise after ``lost_after`` its soft limit.
    heartbeat: bool = False
    # What a claim writes besides the heartbeat (an analysis: running, from turn 0).
    claimed: dict = field(default_factory=dict)
    # Refused by the broker, the row is failed (its player asks again); False: it stays
    # pending, unsent, so lost at once, for the beat task to send again (solver runs).
    refusal_fails: bool = True

    def soft_limit(self) -> float:
        return getattr(settings, self.limit or "CELERY_TASK_SOFT_TIME_LIMIT")

    def _stale_after(self) -> datetime.timedelta:
        if self.heartbeat:
            return datetime.timedelta(seconds=settings.CALICO_RUN_LOST_SECONDS)
        return lost_after(self.soft_limit())

    def is_lost(self, row: WorkerJob) -> bool:
        """Unfinished and no worker will finish it: its claim is stale, or nobody claimed it
        and it was never sent (the broker refused) or sent long enough ago that the message
        must be gone."""
        if row.status not in UNFINISHED:
            return False
        if row.heartbeat_at is not None:
            return timezone.now() - row.heartbeat_at > self._stale_after()
        return overdue(row.sent_at, seconds=self.soft_limit())

    def lost_rows(self) -> list[WorkerJob]:
        """Every lost row (the unfinished ones are few: a day's runs, the scenarios)."""
        return [
            row for row in self.model.objects.filter(status__in=UNFINISHED) if self.is_lost(row)
        ]

    def do_send(self, row: WorkerJob) -> bool:
        """Send the row's task now (call it after commit); refused, the refusal is recorded."""
        rows = self.model.objects.filter(pk=row.pk)
        if self.refusal_fails:
            refused = lambda error: rows.update(status=WorkStatus.FAILED, error=error)  # noqa: E731
        else:
            refused = lambda error: rows.update(sent_at=None, error=error)  # noqa: E731
        args = (getattr(row, self.arg),)
        seconds = self.soft_limit() if self.limit else None
        return do_send_task(self.task, args=args, seconds=seconds, refused=refused)

    def do_reopen(self, row: WorkerJob, **also) -> None:
        """Make the row pending afresh (``also``: other fields to reset) and send it once the
        transaction commits."""
        fields = {"status": WorkStatus.PENDING, "error": "", "sent_at": timezone.now()}
        fields.update(heartbeat_at=None, **also)
        for name, value in fields.items():
            setattr(row, name, value)
        row.save(update_fields=list(fields))
        transaction.on_commit(lambda: self.do_send(row))

    def do_reopen_if_stalled(self, row: WorkerJob, **also) -> bool:
        """Send a failed or lost row again (``do_reopen``); True if it was."""
        if row.status == WorkStatus.FAILED or self.is_lost(row):
            self.do_reopen(row, **also)
            return True
        return False

    def do_claim(self, pk: int, *, related=()) -> WorkerJob | None:
        """Take the row for this worker, in one conditional UPDATE: only if it is unfinished
        and nobody holds it (or its holder's claim is stale). PostgreSQL re-checks the
        condition of a row another claim changed meanwhile, so of two claimers one wins.
        Returns the claimed row (``related`` read with it), None if it was not claimed."""
        now = timezone.now()
        free = Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=now - self._stale_after())
        claimed = (
            self.model.objects.filter(free, pk=pk, status__in=UNFINISHED)
            .update(heartbeat_at=now, attempts=F("attempts") + 1, **self.claimed)
        )  # fmt: skip
        if not claimed:
            return None
        return self.model.objects.select_related(*related).get(pk=pk)

    def do_record_failure(self, row: WorkerJob, exc: BaseException) -> str:
        return do_record_failure(
            self.model, pk=row.pk, exc=exc, task=self.task, attempt=row.attempts
        )

    def do_finish(self, row: WorkerJob, **result) -> None:
        """Ready with ``result`` (the row's fields), and let go."""
        done = {"status": WorkStatus.READY, "error": "", "heartbeat_at": None}
        done.update(finished_at=timezone.now())
        self.model.objects.filter(pk=row.pk).update(**{**done, **result})

    def do_run(self, pk: int, compute: Callable, *, related=()) -> WorkerJob | None:
        """The task's body: claim the row, ``compute(row)`` its result (a dict of its fields),
        store it; a failure is recorded on the row and raised again (the worker logs it, and
        never retries it). A row that is not claimed (ready, failed, held by a live worker,
        gone) is left alone: the message is dropped. Returns the row as it stands."""
        row = self.do_claim(pk, related=related)
        if row is None:
            log.info("%s %s: not claimed (done, or held by another worker)", self.task, pk)
            return self.model.objects.select_related(*related).filter(pk=pk).first()
        heartbeat = Heartbeat(self.model, pk) if self.heartbeat else None
        if heartbeat:
            heartbeat.start()
        try:
            result = compute(row)
        except Exception as exc:
            self.do_record_failure(row, exc)
            raise
        finally:
            if heartbeat:
                heartbeat.stopped.set()
                heartbeat.join()
        self.do_finish(row, **result)
        row.refresh_from_db()
        return row


class Heartbeat(threading.Thread):
    """Beats on a claimed row while its job computes (a thread: the solver's loop is long
    and offers no hook); a row no longer claimed is left alone."""

    def __init__(self, model, pk: int):
        super().__init__(daemon=True, name=f"heartbeat-{model.__name__}-{pk}")
        self.rows = model.objects.filter(pk=pk, heartbeat_at__isnull=False)
        self.stopped = threading.Event()

    def run(self):
        try:
            while not self.stopped.wait(settings.CALICO_RUN_HEARTBEAT_SECONDS):
                self.rows.update(heartbeat_at=timezone.now())
        finally:
            connection.close()  # this thread's own connection
