"""Whether a pending hint says that no solver runs: the workers' ping, once a process at a time."""

import threading
import time

import pytest

from puzzles.services import hint_messages


@pytest.fixture
def stale_ping(monkeypatch):
    """The last answer is old: the next call asks the workers again."""
    monkeypatch.setattr(hint_messages, "_last_ping", (float("-inf"), True))


def test_threads_polling_while_a_ping_is_out_do_not_wait_for_one_of_their_own(
    celery_test_broker, stale_ping
):
    """No worker answers the test broker, so a ping waits its whole timeout: of eight polls at
    once, one pings and waits; the other seven answer at once with the last answer."""
    waits: list[float] = []
    start = threading.Barrier(8)

    def poll():
        start.wait()
        began = time.monotonic()
        hint_messages.workers_available()
        waits.append(time.monotonic() - began)

    threads = [threading.Thread(target=poll) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    slow = [wait for wait in waits if wait >= hint_messages.PING_SECONDS * 0.8]
    assert len(slow) == 1, sorted(waits)
    assert hint_messages.workers_available() is False  # the ping's answer, remembered
