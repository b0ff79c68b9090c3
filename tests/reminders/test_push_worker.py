"""Push reminders for real (issue 47): the beat task's run queues one ``send_push`` task per
subscription, and a real Celery worker process runs them (on the background queue, by the
routing table: test_push_endpoints.py), resolving ``localhost`` with the system's resolver
and reaching the test's push service on 127.0.0.1 (let through by the tests-only setting,
given to the worker in its environment): the push arrives signed and decrypts; the
endpoint that answers 410 is forgotten."""

import datetime
import time

import pytest
import time_machine
from helpers.push import Browser

from accounts.services.players import do_register
from reminders.models import PushSubscription
from reminders.services import do_send_due_reminders

pytestmark = pytest.mark.django_db(transaction=True)  # the worker reads committed rows
AT = datetime.datetime(2031, 3, 4, 7, 0, tzinfo=datetime.UTC)  # 08:00 in Madrid


@pytest.fixture
def worker_clock_env(push_service, settings) -> dict:
    """The worker's settings for the test's push service (its clock is the machine's)."""
    return {
        "VAPID_PUBLIC_KEY": settings.VAPID_PUBLIC_KEY,
        "VAPID_PRIVATE_KEY": settings.VAPID_PRIVATE_KEY,
        "VAPID_SUBJECT": settings.VAPID_SUBJECT,
        "CALICO_PUSH_SCHEMES": "http,https",
        "CALICO_PUSH_PORTS": str(push_service.port),
        "CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY": "true",
    }


def wait_until(check, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.2)


def test_the_worker_sends_each_queued_push(push_service, celery_worker_process, client_for):
    api = client_for(do_register("ann", password="a long password 1"))
    phone = push_service.browser("phone")
    assert api.post("/api/me/push-subscriptions/", phone, format="json").status_code == 201
    old = Browser().subscription(f"{push_service.origin}/gone/laptop")
    assert api.post("/api/me/push-subscriptions/", old, format="json").status_code == 201
    body = {"email": False, "push": True, "hour": 8, "time_zone": "Europe/Madrid"}
    assert api.put("/api/me/reminders/", body, format="json").status_code == 200

    with time_machine.travel(AT, tick=False):
        assert do_send_due_reminders() == 2  # queued, sent by the worker
    wait_until(lambda: PushSubscription.objects.count() == 1, "the gone endpoint forgotten")
    wait_until(lambda: push_service.received, "the push")
    (push,) = push_service.received
    assert push["name"] == "phone" and push["host"] == f"localhost:{push_service.port}"
    assert push["payload"]["url"] == "http://127.0.0.1:8000/"
    assert sorted(push_service.hits) == ["/gone/laptop", "/push/phone"]
