"""The rows of the site's machinery, abstract: each is made concrete by an app, whose
migrations keep its table, and core finds the concrete ones among the installed models. What
every worker job's row holds (``WorkerJob``) and where it stands (``WorkStatus``; ``core.jobs``
is their lifecycle); a durable abuse limit's count (``DurableCount``; ``core.limits``)."""

from django.db import models
from django.utils import timezone


class WorkStatus(models.TextChoices):
    """Where a worker's job stands; the browser polls it."""

    PENDING = "pending"
    READY = "ready"
    FAILED = "failed"


class WorkerJob(models.Model):
    """A row a worker computes once (a solver run, a hint, an analysis, ...), with the
    lifecycle they share (``core.jobs``): where it stands and why it failed, when it was sent,
    and who holds it. Every concrete subclass is a kind of job that ``GET /metrics`` and
    ``core.jobs`` find by walking the installed models."""

    Status = WorkStatus
    # (kind, plural): ``GET /metrics`` reports the latency and count of this kind's rows
    # finished in the last hour as ``calico_<kind>_latency_seconds_last_hour`` and
    # ``calico_<plural>_computed_last_hour``; None: not reported.
    metric: tuple[str, str] | None = None

    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    error = models.TextField(blank=True)  # why it failed: the exception, the task, the attempt
    sent_at = models.DateTimeField(default=timezone.now)  # when last sent to the workers
    # The claiming worker's latest sign of life (its claim, and a solver run's beats); null
    # when nobody holds it. ``attempts``: how many claims it took.
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)  # when computed (/metrics)

    class Meta:
        abstract = True


class DurableCount(models.Model):
    """One abuse limit's count in one fixed window, for the limits that guard accounts
    (``core.limits.DURABLE``: wrong passwords and registrations, new guests): kept in the
    database, where no cache eviction or outage can erase or skip it. Counted by one atomic
    upsert in ``core.limits`` (by SQL, on the key and window's unique constraint), in the table
    of the one installed model that makes it concrete."""

    key = models.CharField(max_length=64)  # sha256 of the limit's group and value
    started = models.BigIntegerField()  # the window's start, in seconds since the epoch
    count = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True
        constraints = [
            models.UniqueConstraint(fields=["key", "started"], name="one_count_per_window"),
        ]
