"""The one lifecycle of a worker's job: a row (``core.models.WorkerJob``, each app's kinds of
job its concrete subclasses) that a task computes once. A task whose work is no row of its own
shares its sending and its failing (``do_send_task``, ``do_record_failure``).

- **Sent** once its transaction commits, with its time limits (``do_send_task``). A broker
  that refuses the message is recorded on the row at once, as an error that starts
  "unavailable" (``hint_messages`` tells the player so), rather than leave anyone waiting on
  a message that was never sent.
- **Claimed** by the worker that computes it, in one conditional UPDATE (``Job.do_claim``):
  of two workers given the same row (a message delivered twice, a resend), one computes it
  and the other drops its message.
- **Lost** (``Job.is_lost``) when it is unfinished long after its last sign of life: its
  claim's heartbeat (every job's worker beats on its claim while it computes), or else its
  sending. Whoever owns a kind sends its lost rows again (``Job.do_reopen_if_stalled``): the
  player asking again, or only polling (``Job.do_resume_if_lost``: hints, analyses), the
  beat task and the rollover (solver runs), ``ensure_scenario_rates`` (pass rates).
- **Handed back** when its worker's pool process dies mid-task (SIGKILL, out of memory): the
  worker lets go of the claim (``JobRequest``) and puts the message back at the head of its
  queue (the tasks' ``reject_on_worker_lost``), so that another process takes it at once. A
  row claimed more than ``CALICO_RUN_ATTEMPTS`` times without finishing is failed instead,
  so a job that kills its worker does not loop. Nothing else retries: no retry storm.
- **Failed** with what failed where (``do_record_failure``: the exception, the task and the
  attempt), never only in a worker's log; or **ready** with its result (``Job.do_finish``).
"""

import datetime
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from billiard.exceptions import WorkerLostError
from celery import current_app, current_task
from celery.worker.request import Request
from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from .models import WorkerJob, WorkStatus

log = logging.getLogger(__name__)
HARD_AFTER_SECONDS = 10  # the hard limit ends a solver that ignores the soft one
LOST_AFTER_SECONDS = 30  # beyond the hard limit, for a queue busy with solver runs
UNAVAILABLE = "unavailable"  # how a refused send's error starts (hint_messages reads it)
RUNNING = "running"  # the status of a claimed analysis (its page shows the progress)
UNFINISHED = (WorkStatus.PENDING, RUNNING)
# How a job sent again because its worker was lost says so while it is pending (the row's
# ``error``, cleared when it finishes; ``hint_messages`` tells the player).
RESENT = "resent"
# Every job's claim beats (seconds between beats, seconds without one after which it is lost):
# these settings, or the solver runs' own.
JOB_BEAT = ("CALICO_JOB_HEARTBEAT_SECONDS", "CALICO_JOB_LOST_SECONDS")
RUN_BEAT = ("CALICO_RUN_HEARTBEAT_SECONDS", "CALICO_RUN_LOST_SECONDS")
JOBS: dict[str, "Job"] = {}  # each kind by its task's name (``JobRequest`` looks it up)
# The options of a job's task: its message is put back when its pool process dies (the claim
# counts its attempts, so a job that kills its worker is failed, not looped).
JOB_TASK = {"reject_on_worker_lost": True}


class WorkerLost(Exception):
    """A job's worker was lost at every attempt."""


def redelivered() -> bool:
    """Whether the task being run came from a message delivered again (put back after its
    worker died, or its visibility timeout passed); False outside a task."""
    request = getattr(current_task, "request", None)
    return bool(((request and request.delivery_info) or {}).get("redelivered"))


def lost_after(seconds: float) -> datetime.timedelta:
    """How long after its last sign of life a task of soft limit ``seconds`` that is still
    unfinished counts as lost: its message or its worker was."""
    return datetime.timedelta(seconds=seconds + HARD_AFTER_SECONDS + LOST_AFTER_SECONDS)


def overdue(since: datetime.datetime | None, *, seconds: float) -> bool:
    """Whether a sign of life at ``since`` (None: there was none) is past ``lost_after``."""
    return since is None or timezone.now() - since > lost_after(seconds)


def failure_text(exc: BaseException, *, task: str, attempt: int | None = None) -> str:
    """What failed where, as a row stores it: ``ValueError: ... [app.tasks.x, attempt 2]``
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
    gets the text in ``field``: a table's ``opponent_error``), and log it with its
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
    # The settings of its claim's heartbeat: how often its worker beats on the claim, and how
    # long after the last beat the claim is stale (its worker is gone).
    beat: tuple[str, str] = JOB_BEAT
    # What a claim writes besides the heartbeat (an analysis: running, from turn 0).
    claimed: dict = field(default_factory=dict)
    # Refused by the broker, the row is failed (its player asks again); False: it stays
    # pending, unsent, so lost at once, for the beat task to send again (solver runs).
    refusal_fails: bool = True

    def __post_init__(self):
        JOBS[self.task] = self

    def soft_limit(self) -> float:
        return getattr(settings, self.limit or "CELERY_TASK_SOFT_TIME_LIMIT")

    def _stale_after(self) -> datetime.timedelta:
        return datetime.timedelta(seconds=getattr(settings, self.beat[1]))

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
        """Send a failed or lost row again (``do_reopen``); True if it was. A failed row starts
        its attempts afresh (someone asked again); a lost one counts on."""
        if row.status == WorkStatus.FAILED:
            self.do_reopen(row, attempts=0, **also)
            return True
        if self.is_lost(row):
            self.do_reopen(row, error=RESENT, **also)
            return True
        return False

    def do_resume_if_lost(self, row: WorkerJob, **also) -> bool:
        """On a poll of an unfinished row: if it is lost (its worker died or restarted, or its
        message was lost), send it again at once, and the row says so while it is pending.
        The row is locked and looked at again, so that of two polls at once one sends it.
        True if it was sent; ``row`` is then read again."""
        if not self.is_lost(row):
            return False
        with transaction.atomic():
            locked = self.model.objects.select_for_update().get(pk=row.pk)
            if not self.is_lost(locked):
                return False
            log.warning("%s %s was lost: sending it again", self.task, row.pk)
            self.do_reopen(locked, error=RESENT, **also)
        row.refresh_from_db()
        return True

    def do_claim(self, pk: int, *, related=()) -> WorkerJob | None:
        """Take the row for this worker, in one conditional UPDATE: only if it is unfinished
        and nobody holds it (or its holder's claim is stale). PostgreSQL re-checks the
        condition of a row another claim changed meanwhile, so of two claimers one wins.
        Returns the claimed row (``related`` read with it), None if it was not claimed."""
        now = timezone.now()
        free = Q(heartbeat_at__isnull=True) | Q(heartbeat_at__lt=now - self._stale_after())
        claimed = self.model.objects.filter(free, pk=pk, status__in=UNFINISHED).update(
            heartbeat_at=now, attempts=F("attempts") + 1, **self.claimed
        )
        if not claimed:
            return None
        row = self.model.objects.select_related(*related).get(pk=pk)
        if row.attempts > settings.CALICO_RUN_ATTEMPTS:  # every earlier claim was lost
            lost = WorkerLost(f"its worker was lost {row.attempts - 1} times")
            self.do_record_failure(row, lost)
            return None
        return row

    def _claim_once_stale(self, pk: int, *, related=()) -> WorkerJob | None:
        """A message delivered again (its worker was killed whole) may find the dead worker's
        claim still fresh: wait, beat by beat, until that claim goes stale (then claim the
        row) or the row is done, for at most one lost bound and a beat. A holder that still
        beats is alive (the message was delivered again while it computes): drop it."""
        beat, stale = (getattr(settings, name) for name in self.beat)
        deadline = time.monotonic() + stale + beat
        while time.monotonic() < deadline:
            time.sleep(beat)
            row = self.do_claim(pk, related=related)
            if row is not None:
                return row
            if not self.model.objects.filter(pk=pk, status__in=UNFINISHED).exists():
                return None
        return None

    def do_release(self, arg) -> None:
        """Let go of the claim on the row whose task argument is ``arg``: its worker died
        mid-task, and the message that is put back may claim it at once."""
        self.model.objects.filter(**{self.arg: arg}, status__in=UNFINISHED).update(
            heartbeat_at=None
        )

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
        if row is None and redelivered():
            row = self._claim_once_stale(pk, related=related)
        if row is None:
            log.info("%s %s: not claimed (done, or held by another worker)", self.task, pk)
            return self.model.objects.select_related(*related).filter(pk=pk).first()
        heartbeat = Heartbeat(self.model, pk, seconds=getattr(settings, self.beat[0]))
        heartbeat.start()
        try:
            result = compute(row)
        except Exception as exc:
            self.do_record_failure(row, exc)
            raise
        finally:
            heartbeat.stopped.set()
            heartbeat.join()
        self.do_finish(row, **result)
        row.refresh_from_db()
        return row


class Heartbeat(threading.Thread):
    """Beats on a claimed row while its job computes (a thread: the solver's loop is long
    and offers no hook); a row no longer claimed is left alone."""

    def __init__(self, model, pk: int, *, seconds: float):
        super().__init__(daemon=True, name=f"heartbeat-{model.__name__}-{pk}")
        self.rows = model.objects.filter(pk=pk, heartbeat_at__isnull=False)
        self.seconds = seconds
        self.stopped = threading.Event()

    def run(self):
        try:
            while not self.stopped.wait(self.seconds):
                self.rows.update(heartbeat_at=timezone.now())
        finally:
            connection.close()  # this thread's own connection


class JobRequest(Request):
    """A task's request in the worker's main process (the tasks' ``Request``, set on the app's
    task class in ``calico_site/celery.py``). When the pool process running a job dies
    (SIGKILL, out of memory), the job's claim is let go before Celery puts the message back
    (the job tasks' ``reject_on_worker_lost``), so that the next process claims it at once
    rather than wait for the dead claim to go stale."""

    def on_failure(self, exc_info, send_failed_event=True, return_ok=False):
        exc = getattr(exc_info.exception, "exc", exc_info.exception)
        job = JOBS.get(self.task.name)
        lost = isinstance(exc, WorkerLostError | SystemExit | KeyboardInterrupt)
        if job is not None and lost and self.task.reject_on_worker_lost and self.args:
            try:
                close_old_connections()
                job.do_release(self.args[0])
            except Exception:  # never in the way of Celery's own handling
                log.exception("%s %s: could not let go of its claim", self.task.name, self.args)
        return super().on_failure(exc_info, send_failed_event, return_ok)
