"""A real SMTP server for the email tests (aiosmtpd, on a free local port, in a thread of the
test process): the site's SMTP backend (``EMAIL_URL``'s) sends to it over a socket, and the
test reads what arrived, as parsed messages."""

import email
import email.policy
import socket
import threading

import pytest
from aiosmtpd.controller import Controller


class Inbox:
    """What the server received: parsed messages, in order of arrival."""

    def __init__(self, port: int):
        self.port = port
        self.messages: list[email.message.EmailMessage] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope):  # aiosmtpd's handler hook
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 10) -> list:
        """The first ``count`` messages, once they have arrived (a send returns after the
        server's 250, so they normally have already)."""
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.messages) >= count, timeout)
        assert len(self.messages) >= count, f"{len(self.messages)} of {count} emails arrived"
        return self.messages[:count]


@pytest.fixture
def smtp_server(settings):
    """An SMTP server the site sends to (``EMAIL_BACKEND`` smtp, host and port its): yields
    its ``Inbox`` (``port``: a worker process is told ``EMAIL_URL=smtp://127.0.0.1:<port>``)."""
    with socket.socket() as probe:  # a free port (aiosmtpd cannot start on port 0)
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox(port)
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    try:
        yield inbox
    finally:
        controller.stop()
