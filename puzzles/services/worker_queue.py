"""Sending the work a player waits for (a hint, an analysis, the versus opponents' turns) to
the workers, with its time limits, and saying so on its row when the broker refuses it."""

import datetime
import logging

log = logging.getLogger(__name__)
HARD_AFTER_SECONDS = 10  # the hard limit ends a solver that ignores the soft one
LOST_AFTER_SECONDS = 30  # beyond the hard limit, for a queue busy with solver runs


def do_send_task(task, *, row_id: int, seconds: int, refused) -> None:
    """Send ``task(row_id)``: past ``seconds`` (the soft limit) the task gives up and records
    why; the hard limit follows. If the broker is down, ``refused(error)`` writes the error,
    starting "unavailable" (``hint_messages``), on the row at once (asking again resends it)
    rather than leave the player waiting on a message that was never sent."""
    try:
        task.apply_async(
            (row_id,), soft_time_limit=seconds, time_limit=seconds + HARD_AFTER_SECONDS
        )
    except Exception as exc:
        log.warning("%s %s not enqueued: %s", task.name, row_id, exc)
        refused(f"unavailable: {type(exc).__name__}: {exc}")


def do_send_job(task, *, model, pk: int, seconds: int) -> None:
    """``do_send_task`` for a row with a ``status`` and an ``error`` (a hint, an analysis):
    refused, the row is failed."""
    rows = model.objects.filter(pk=pk)
    do_send_task(
        task,
        row_id=pk,
        seconds=seconds,
        refused=lambda error: rows.update(status=model.Status.FAILED, error=error),
    )


def lost_after(seconds: int) -> datetime.timedelta:
    """How long after it was sent a task of soft limit ``seconds`` that is still unfinished
    counts as lost (its message or its worker was), so that asking again resends it."""
    return datetime.timedelta(seconds=seconds + HARD_AFTER_SECONDS + LOST_AFTER_SECONDS)
