"""The Web Push fixtures of the reminders' tests (tests/reminders/conftest.py), for a duel's
notice."""

import pytest
from helpers.push import PushService, vapid_keys


@pytest.fixture
def names(monkeypatch):
    """The test's resolver (``reminders.push.resolve``, the one lookup of a push): the names
    it knows, with their addresses; any other name does not resolve. Nothing is looked up
    outside the test."""
    from reminders import push

    table: dict[str, list[str]] = {"localhost": ["127.0.0.1"]}

    def resolve(host, port):
        if host not in table:
            raise OSError(f"{host} does not resolve (the test's resolver)")
        return list(table[host])

    monkeypatch.setattr(push, "resolve", resolve, raising=False)  # main had none
    return table


@pytest.fixture
def push_service(settings, names):
    """The test's push service on 127.0.0.1, its endpoints named ``localhost``, let through
    by the tests-only setting; the site's VAPID keys set."""
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_keys()
    settings.VAPID_SUBJECT = "mailto:ops@calico.example"
    settings.CALICO_PUSH_SCHEMES = ["http", "https"]  # the test's endpoint is plain http
    service = PushService(host="localhost")
    settings.CALICO_PUSH_PORTS = [service.port]
    settings.CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY = True
    yield service
    service.stop()
