"""The beat task for real (issue 37): a Celery worker process whose clock is moved to 07:00 UTC
of a day (libfaketime) runs ``send_due_reminders``, which sends through a real SMTP server
(aiosmtpd, ``EMAIL_URL``): one email, to the player whose chosen hour it is, not to one who
played that day's daily, nor to one who unsubscribed; sent again, nothing more."""

import datetime
import os
import re
import time
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from accounts.services.players import do_register
from accounts.tasks import prune_guests
from puzzles.models import Challenge, Game, Player
from reminders.models import Reminder
from reminders.services import unsubscribe_token
from reminders.tasks import send_due_reminders

pytestmark = pytest.mark.django_db(transaction=True)  # the worker reads committed rows
FAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
DAY = datetime.date(2031, 3, 4)
AT = datetime.datetime(2031, 3, 4, 7, 0, 20, tzinfo=datetime.UTC)  # 08:00 in Madrid


@pytest.fixture
def worker_clock_env(smtp_server) -> dict:
    """The worker at ``AT`` (and ticking), sending to the test's SMTP server."""
    if not Path(FAKETIME).exists():
        reason = f"needs libfaketime at {FAKETIME} (apt-get install faketime)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{reason} (CI=true: this test must run)")
        pytest.skip(reason)
    offset = int((AT - timezone.now()).total_seconds())
    return {
        "LD_PRELOAD": FAKETIME,
        "FAKETIME": f"{offset:+d}",
        "FAKETIME_DONT_FAKE_MONOTONIC": "1",
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_server.port}",
    }


def reminded(name: str, time_zone: str = "Europe/Madrid") -> Player:
    player = do_register(name, password="a long password 1")
    player.email, player.email_verified = f"{name}@example.org", True
    player.save()
    Reminder.objects.create(player=player, email=True, hour=8, time_zone=time_zone)
    return player


def wait_until(check, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.2)


def test_the_beat_task_sends_the_due_reminders_once_by_smtp(smtp_server, celery_worker_process):
    reminded("ann")
    ben = reminded("ben")
    challenge = Challenge.objects.create(date=DAY, seed="0" * 64, commitment="1" * 64)
    Game.objects.create(
        challenge=challenge, player=ben, ranked=True, turn=23, score=40, status=Game.Status.FINISHED
    )
    cy = reminded("cy")
    assert Client().post(f"/reminders/off/{unsubscribe_token(cy)}/").status_code == 200
    reminded("dan", time_zone="America/New_York")  # 03:00 there

    send_due_reminders.delay()
    (message,) = smtp_server.wait_for(1, timeout=60)
    assert message["To"] == "ann@example.org"
    assert message["List-Unsubscribe"].strip().startswith("<http://127.0.0.1:8000/reminders/off/")
    body = message.get_body(preferencelist=("plain",)).get_content()
    assert re.search(r"/reminders/off/\S+/", body)
    assert Reminder.objects.get(player__username="ann").last_sent_on == DAY

    send_due_reminders.delay()  # the next beat, the same hour: nothing more
    send_due_reminders.delay()
    fence = Player.objects.create(username="guest-fence", is_guest=True)  # old on its clock
    prune_guests.delay()  # runs after the two sends (one solo worker, one queue, in order)
    wait_until(lambda: not Player.objects.filter(pk=fence.pk).exists(), "the fence pruned")
    assert len(smtp_server.messages) == 1
