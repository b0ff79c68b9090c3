"""The account emails through a real SMTP server (aiosmtpd, tests/helpers/smtp.py), as
production sends them (EMAIL_URL's SMTP backend): the verification (sent by the request, after
commit) and the reset (sent by a real Celery worker process, issue 47) arrive, each with one
link on the configured site address (CALICO_SITE_URL, never the request's Host), and the links
work."""

import re

import pytest
from django.test import Client
from helpers.processes import same_secrets

from puzzles.models import Player

pytestmark = pytest.mark.django_db(transaction=True)  # emails go once the row is committed
PASSWORD = "a long password 1"
SITE = "https://calico.example.org:8443"  # the site's configured address (CALICO_SITE_URL)


@pytest.fixture
def worker_clock_env(smtp_server) -> dict:
    """The worker sends to the test's SMTP server, its links on the configured address, its
    reset tokens signed with this process's secret."""
    return {
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_server.port}",
        "CALICO_SITE_URL": SITE,
        **same_secrets(),
    }


def the_link(message) -> str:
    body = message.get_body(preferencelist=("plain",)).get_content()
    links = re.findall(rf"{re.escape(SITE)}(/\S+)", body)
    assert len(links) == 1, body
    return links[0]


def test_verification_and_reset_emails_arrive_by_smtp_and_their_links_work(
    smtp_server, celery_worker_process, settings
):
    settings.CALICO_SITE_URL = SITE
    browser = Client(HTTP_ACCEPT_LANGUAGE="es", HTTP_HOST="localhost:6666")
    answer = browser.post(
        "/signup/", {"username": "eva", "password": PASSWORD, "email": "eva@example.org"}
    )
    assert answer.status_code == 302
    (verification,) = smtp_server.wait_for(1)
    assert verification["To"] == "eva@example.org"
    assert verification["Subject"] == "Verifica tu correo en Calico Daily"
    assert 'data-email-verified="true"' in browser.get(the_link(verification)).text
    assert Player.objects.get(username="eva").email_verified

    browser.post("/logout/")
    browser.post("/password-reset/", {"email": "nobody@example.org"})  # nobody's: nothing sent
    browser.post("/password-reset/", {"email": "eva@example.org"})
    reset = smtp_server.wait_for(2)[1]  # one worker, one queue, in order: nobody's went first
    assert len(smtp_server.messages) == 2
    assert reset["To"] == "eva@example.org" and "contraseña" in reset["Subject"]
    form = browser.get(the_link(reset), follow=True)
    browser.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a new long password", "new_password2": "a new long password"},
    )
    fresh = Client()
    fresh.post("/login/", {"username": "eva@example.org", "password": "a new long password"})
    assert fresh.get("/api/me/").json()["username"] == "eva"
