"""The tests every kind of worker job passes (``core/jobs.py``), written
once (``JobLifecycle``): each app's test of its jobs subclasses it beside its ``kind`` fixture
(a kind's ``Job`` and a fresh pending row of it, as just sent), and pytest runs them there for
each kind.

The claim's tests run on PostgreSQL with real concurrent connections (threads): two claimers
at once, and a claimer that waits on another's lock."""

import datetime
import threading
import time

import pytest
from django.db import connection, transaction
from django.utils import timezone
from server_checks import on_postgres, require

from core.jobs import RESENT
from helpers import threads
from helpers.processes import free_port

LONG_AGO = datetime.timedelta(hours=3)  # past every kind's lost rule


class JobLifecycle:
    """Subclassed as ``TestJobLifecycle`` by each app's test of its jobs, beside its ``kind``
    fixture."""

    @pytest.mark.django_db(transaction=True)
    def test_of_many_claimers_at_once_one_computes_the_job(self, kind):
        require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
        job, row = kind
        won = threads.at_once(lambda: job.do_claim(row.pk) is not None, count=4)
        assert sorted(won) == [False, False, False, True]
        assert job.model.objects.get(pk=row.pk).attempts == 1

    @pytest.mark.django_db(transaction=True)
    def test_a_claim_waits_for_one_in_flight_and_loses(self, kind):
        """One claim's transaction holds the row; a second claimer, on another connection, waits
        on the row's lock, then finds it taken when the first commits."""
        require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
        job, row = kind
        claimed, holding, release, second = (
            threading.Event(),
            threading.Event(),
            threading.Event(),
            [],
        )

        def first():
            try:
                with transaction.atomic():
                    assert job.do_claim(row.pk) is not None
                    holding.set()
                    release.wait(30)
                claimed.set()
            finally:
                connection.close()

        def other():
            try:
                second.append(job.do_claim(row.pk))
            finally:
                connection.close()

        claimers = [threading.Thread(target=first), threading.Thread(target=other)]
        claimers[0].start()
        assert holding.wait(30)
        claimers[1].start()
        time.sleep(0.5)
        assert claimers[1].is_alive(), "the second claim did not wait for the first's lock"
        release.set()
        for thread in claimers:
            thread.join(30)
        assert claimed.is_set() and second == [None]
        assert job.model.objects.get(pk=row.pk).attempts == 1

    def test_a_lost_job_is_sent_again_and_claimed_by_another_worker(
        self, kind, django_capture_on_commit_callbacks
    ):
        """Fresh, it is left alone; sent long ago and never claimed, or claimed by a worker whose
        sign of life went stale, it is lost: sent again afresh, and a second worker claims it."""
        job, row = kind
        assert not job.is_lost(row) and not job.do_reopen_if_stalled(row)
        job.model.objects.filter(pk=row.pk).update(sent_at=timezone.now() - LONG_AGO)
        row.refresh_from_db()
        assert job.is_lost(row)
        with django_capture_on_commit_callbacks() as sent:
            assert job.do_reopen_if_stalled(row)
        assert len(sent) == 1  # sent once the transaction commits
        row.refresh_from_db()
        assert (row.status, row.error, row.heartbeat_at) == ("pending", RESENT, None)
        assert timezone.now() - row.sent_at < datetime.timedelta(minutes=1)

        assert job.do_claim(row.pk) is not None
        assert job.do_claim(row.pk) is None  # a live worker holds it
        job.model.objects.filter(pk=row.pk).update(heartbeat_at=timezone.now() - LONG_AGO)
        row.refresh_from_db()
        assert job.is_lost(row)
        assert job.do_claim(row.pk).attempts == 2  # its worker is gone: another takes it

    def test_a_refused_send_is_recorded_on_the_row(self, kind, use_broker):
        """The broker refuses: the row says so at once, with the error, the task and why; a job
        its player asks for is failed (asking again sends it), a solver run stays pending and
        unsent (lost at once: the beat sends it again)."""
        job, row = kind
        use_broker(f"redis://127.0.0.1:{free_port()}/0")  # nobody listens there
        assert job.do_send(row) is False
        row.refresh_from_db()
        assert row.error.startswith("unavailable: ") and f"[{job.task}]" in row.error
        assert "Error" in row.error.split("[")[0]  # the exception's type
        if job.refusal_fails:
            assert row.status == "failed"
        else:
            assert row.status == "pending" and row.sent_at is None and job.is_lost(row)

    def test_a_failure_is_recorded_with_the_task_and_the_attempt(self, kind):
        job, row = kind

        def broken(claimed):
            raise ValueError("no solver today")

        with pytest.raises(ValueError):
            job.do_run(row.pk, broken)
        row.refresh_from_db()
        assert row.status == "failed" and row.heartbeat_at is None
        assert row.error == f"ValueError: no solver today [{job.task}, attempt 1]"
        assert job.do_run(row.pk, broken).status == "failed"  # a message again is dropped

    def test_a_job_is_computed_once(self, kind):
        job, row = kind
        calls = []
        done = job.do_run(row.pk, lambda claimed: calls.append(claimed.pk) or {})
        assert (done.status, done.error, done.heartbeat_at, done.attempts) == ("ready", "", None, 1)
        assert done.finished_at is not None
        assert job.do_run(row.pk, lambda claimed: calls.append(claimed.pk) or {}).status == "ready"
        assert calls == [row.pk]

    def test_the_job_is_sent_to_a_registered_task(self, kind):
        """The name a message carries is one the workers know (``puzzles.tasks.*``)."""
        from calico_site.celery import app
        from puzzles import tasks  # noqa: F401  (what a worker imports: the app's tasks)
        from versus import tasks as versus_tasks  # noqa: F401

        assert kind[0].task in app.tasks

    def test_a_poll_of_a_lost_job_sends_it_again_once(
        self, kind, django_capture_on_commit_callbacks
    ):
        """A poll (``do_resume_if_lost``) leaves a live job alone; a lost one (its claim went
        stale: the worker died) it sends again at once, saying so on the row, and the next
        poll finds it fresh."""
        job, row = kind
        assert not job.do_resume_if_lost(row)
        assert job.do_claim(row.pk) is not None
        assert not job.do_resume_if_lost(job.model.objects.get(pk=row.pk))  # a live claim
        job.model.objects.filter(pk=row.pk).update(heartbeat_at=timezone.now() - LONG_AGO)
        row.refresh_from_db()
        with django_capture_on_commit_callbacks() as sent:
            assert job.do_resume_if_lost(row)
        assert len(sent) == 1
        assert (row.status, row.error, row.heartbeat_at) == ("pending", RESENT, None)
        assert not job.do_resume_if_lost(row)

    def test_a_job_claimed_past_its_attempts_is_failed_not_computed(self, kind, settings):
        """Each claim counts; a row whose every earlier claim was lost (its task kills its
        worker) is failed at the next claim, so a message put back does not loop."""
        job, row = kind
        settings.CALICO_RUN_ATTEMPTS = 2
        job.model.objects.filter(pk=row.pk).update(attempts=2)
        assert job.do_claim(row.pk) is None
        row.refresh_from_db()
        assert row.status == "failed" and "its worker was lost 2 times" in row.error

    def test_a_released_claim_is_claimed_at_once(self, kind):
        """The worker whose pool process died lets go of the claim (``JobRequest``): the
        message it puts back claims the row at once."""
        job, row = kind
        assert job.do_claim(row.pk) is not None
        assert job.do_claim(row.pk) is None
        job.do_release(getattr(row, job.arg))
        assert job.do_claim(row.pk).attempts == 2

    @pytest.mark.django_db(transaction=True)
    def test_the_worker_beats_on_the_claim_while_it_computes(self, kind, settings):
        job, row = kind
        for name in job.beat:
            setattr(settings, name, 0.05 if name.endswith("HEARTBEAT_SECONDS") else 60)
        rows = job.model.objects.filter(pk=row.pk)

        def compute(claimed):
            deadline = time.monotonic() + 30
            while rows.get().heartbeat_at == claimed.heartbeat_at:
                assert time.monotonic() < deadline, "no beat"
                time.sleep(0.02)
            return {}

        assert job.do_run(row.pk, compute).status == "ready"
