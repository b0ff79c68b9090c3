"""Accounts with an optional email (issue 37): set it, verify it by the emailed link, log in
by it, reset a forgotten password by an emailed link; the emails in the player's language;
the emails sent limited; the email settings from the environment (EMAIL_URL, else files
under var/mail/). The emails are read from Django's test outbox (the browser test,
tests/e2e/test_password_reset_by_taps.py, and the real SMTP server of
test_email_smtp_delivery.py read them elsewhere)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail, signing
from django.test import Client

from accounts.services import emails
from puzzles.models import Game, Player

# Emails are sent once their row is committed (transaction.on_commit): real commits here.
pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a long password 1"
RESET = "accounts.tasks.send_password_reset"
NEW_PASSWORD = "another long password 2"


def link_in(message) -> str:
    """The one link of an email, as a path of this site."""
    links = re.findall(r"http://127\.0\.0\.1:8000(/\S+)", message.body)  # CALICO_SITE_URL
    assert len(links) == 1, message.body
    return links[0]


def signed_up(name="ann", **extra) -> Client:
    browser = Client()
    answer = browser.post("/signup/", {"username": name, "password": PASSWORD, **extra})
    assert answer.status_code == 302
    return browser


def test_sign_up_add_an_email_verify_it_reset_the_password_by_email_and_log_in_by_email(
    daily, sent_tasks
):
    browser = signed_up()
    ann = Player.objects.get(username="ann")
    Game.objects.create(challenge=daily, player=ann, ranked=True)  # what must survive the reset

    answer = browser.put(
        "/api/me/",
        {"email": "Ann@Example.org", "password": PASSWORD},
        content_type="application/json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["email"] == "Ann@Example.org" and not answer.json()["email_verified"]
    (verification,) = mail.outbox
    assert verification.to == ["Ann@Example.org"]
    assert "Verify your email" in verification.subject
    page = browser.get(link_in(verification))
    assert page.status_code == 200 and 'data-email-verified="true"' in page.text
    assert browser.get("/api/me/").json()["email_verified"] is True

    browser.post("/logout/")
    answer = browser.get("/login/")
    assert "data-forgot-password" in answer.text
    answer = browser.post("/password-reset/", {"email": "ann@example.org"})  # any case
    assert answer.status_code == 302 and answer["Location"] == "/password-reset/sent/"
    assert len(mail.outbox) == 1  # the reset is a worker's to send
    assert sent_tasks.run(RESET) == [1]
    reset = mail.outbox[1]
    assert reset.to == ["Ann@Example.org"] and "Reset your Calico Daily password" in reset.subject
    form = browser.get(link_in(reset), follow=True)  # Django moves the token into the session
    assert form.status_code == 200 and "data-new-password" in form.text
    done = browser.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert "data-reset-done" in done.text
    assert browser.get("/api/me/").json()["username"] == "ann"  # logged in by the reset
    assert browser.get(link_in(reset)).status_code == 200  # the used link ...
    assert "data-link-invalid" in browser.get(link_in(reset), follow=True).text  # ... is spent

    browser.post("/logout/")
    refused = browser.post("/login/", {"username": "ann@example.org", "password": PASSWORD})
    assert refused.status_code == 400  # the old password is gone
    answer = browser.post("/login/", {"username": "ANN@example.org", "password": NEW_PASSWORD})
    assert answer.status_code == 302
    me = browser.get("/api/me/").json()
    assert me["username"] == "ann" and Game.objects.filter(player=ann).count() == 1


def test_sign_up_with_an_email_sends_its_link_and_an_unverified_email_does_not_log_in_or_reset(
    sent_tasks,
):
    browser = signed_up("ben", email="ben@example.org")
    (verification,) = mail.outbox
    assert verification.to == ["ben@example.org"]
    assert 'data-email-status="waiting"' in browser.get("/me/account/").text
    browser.post("/logout/")
    answer = browser.post("/login/", {"username": "ben@example.org", "password": PASSWORD})
    assert answer.status_code == 400
    answer = browser.post("/password-reset/", {"email": "ben@example.org"})
    assert answer.status_code == 302 and sent_tasks.run(RESET) == [0]
    assert len(mail.outbox) == 1  # the same answer, no email


def test_a_bad_email_is_refused_before_the_account_is_made():
    answer = Client().post(
        "/signup/", {"username": "cy", "password": PASSWORD, "email": "not an email"}
    )
    assert answer.status_code == 400 and "is not an email address" in answer.text
    assert not Player.objects.filter(username="cy").exists() and not mail.outbox


def test_the_api_refuses_a_bad_email_a_guest_and_a_missing_field(alice_api):
    answer = alice_api.put("/api/me/", {"email": "nope", "password": PASSWORD}, format="json")
    assert answer.status_code == 400 and "email" in answer.json()["detail"]
    assert alice_api.put("/api/me/", {}, format="json").status_code == 400
    guest = Client()
    guest.get("/")  # the CSRF cookie of a page
    guest_player = emails.Player.objects.create(username="guest-abc123", is_guest=True)
    guest.force_login(guest_player)
    answer = guest.put(
        "/api/me/",
        {"email": "g@example.org", "password": PASSWORD},
        content_type="application/json",
    )
    assert answer.status_code == 400 and "guest" in answer.json()["detail"]
    assert not mail.outbox


def test_removing_the_email_and_a_changed_email_spend_the_old_link(alice_api):
    alice_api.put("/api/me/", {"email": "a@example.org", "password": PASSWORD}, format="json")
    old_link = link_in(mail.outbox[0])
    answer = alice_api.put(
        "/api/me/", {"email": "b@example.org", "password": PASSWORD}, format="json"
    )
    assert answer.status_code == 200
    page = Client().get(old_link)
    assert page.status_code == 400 and "has changed" in page.text
    assert Client().get(link_in(mail.outbox[1])).status_code == 200
    answer = alice_api.put("/api/me/", {"email": "", "password": PASSWORD}, format="json")
    assert answer.json()["email"] == "" and answer.json()["email_verified"] is False
    # no link to send; the verified address removed is told (with a link to undo)
    assert len(mail.outbox) == 3 and mail.outbox[2].to == ["b@example.org"]
    assert "removed" in mail.outbox[2].body


def test_a_forged_or_expired_link_is_refused(alice_api, settings):
    alice_api.put("/api/me/", {"email": "a@example.org", "password": PASSWORD}, format="json")
    token = link_in(mail.outbox[0]).rstrip("/").rsplit("/", 1)[1]
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    page = Client().get(f"/me/email/verify/{forged}/")
    assert page.status_code == 400 and "not a link this site sent" in page.text
    claim = signing.loads(token, salt=emails.VERIFY_SALT)
    old = signing.TimestampSigner(salt=emails.VERIFY_SALT)
    old.timestamp = lambda: signing.b62_encode(1_000_000_000)  # 2001
    stale = old.sign_object(claim)
    page = Client().get(f"/me/email/verify/{stale}/")
    assert page.status_code == 400 and "expired" in page.text


def test_one_player_per_verified_email(make_player, client_for):
    ann, ben = make_player("ann"), make_player("ben")
    client_for(ann).put(
        "/api/me/", {"email": "same@example.org", "password": PASSWORD}, format="json"
    )
    client_for(ben).put(
        "/api/me/", {"email": "SAME@example.org", "password": PASSWORD}, format="json"
    )
    assert Client().get(link_in(mail.outbox[0])).status_code == 200
    page = Client().get(link_in(mail.outbox[1]))
    assert page.status_code == 400 and "another account" in page.text
    ben.refresh_from_db()
    assert not ben.email_verified


def test_the_verification_email_is_in_the_callers_language(alice_api):
    alice_api.put(
        "/api/me/",
        {"email": "a@example.org", "password": PASSWORD},
        format="json",
        HTTP_ACCEPT_LANGUAGE="es",
    )
    (message,) = mail.outbox
    assert message.subject == "Verifica tu correo en Calico Daily", message.subject
    assert "Hola, alice:" in message.body
    answer = Client(HTTP_ACCEPT_LANGUAGE="es").post(
        "/password-reset/", {"email": "nobody@example.org"}
    )
    assert answer.status_code == 302


def test_the_reset_email_is_in_the_pages_language(alice_api, sent_tasks):
    alice_api.put("/api/me/", {"email": "a@example.org", "password": PASSWORD}, format="json")
    Client().get(link_in(mail.outbox[0]))
    Client(HTTP_ACCEPT_LANGUAGE="es").post("/password-reset/", {"email": "a@example.org"})
    sent_tasks.run(RESET)
    assert mail.outbox[1].subject == "Restablece tu contraseña de Calico Daily"


def test_emails_are_limited_per_recipient_and_address(alice_api, limits):
    limits(emails_recipient="2/h", emails_address="100/h")
    for _ in range(2):
        answer = alice_api.put(
            "/api/me/", {"email": "a@example.org", "password": PASSWORD}, format="json"
        )
        assert answer.status_code == 200
    answer = alice_api.put(
        "/api/me/", {"email": "a@example.org", "password": PASSWORD}, format="json"
    )
    assert answer.status_code == 429 and "to this email address" in answer.json()["detail"]
    limits(emails_recipient="100/h", emails_address="4/h")  # 3 counted above
    browser = Client()
    assert browser.post("/password-reset/", {"email": "z@example.org"}).status_code == 302
    assert browser.post("/password-reset/", {"email": "y@example.org"}).status_code == 429
    assert len(mail.outbox) == 2


def test_change_the_username_and_the_password_on_the_account_page():
    browser = signed_up("dora")
    page = browser.get("/me/account/")
    assert page.status_code == 200 and 'data-email-status="none"' in page.text
    refused = browser.post("/me/account/username/", {"username": "аnn"})  # Cyrillic а
    assert refused.status_code == 400 and "look-alike" in refused.text
    answer = browser.post("/me/account/username/", {"username": "Dorothea"})
    assert answer.status_code == 302 and answer["Location"] == "/me/account/?done=username"
    assert browser.get("/api/me/").json()["username"] == "Dorothea"
    signed_up("taken")
    assert browser.post("/me/account/username/", {"username": "TAKEN"}).status_code == 400
    wrong = browser.post(
        "/me/account/password/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert wrong.status_code == 200 and "data-form-errors" in wrong.text
    answer = browser.post(
        "/me/account/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert answer.status_code == 302
    assert browser.get("/api/me/").status_code == 200  # still logged in
    other = Client()
    other.post("/login/", {"username": "dorothea", "password": NEW_PASSWORD})
    assert other.get("/api/me/").json()["username"] == "Dorothea"


def test_a_deleted_account_loses_its_email(alice_api, alice, sent_tasks):
    alice_api.put("/api/me/", {"email": "a@example.org", "password": PASSWORD}, format="json")
    Client().get(link_in(mail.outbox[0]))
    assert alice_api.delete("/api/me/", {"password": PASSWORD}, format="json").status_code == 204
    alice.refresh_from_db()
    assert alice.email == "" and not alice.email_verified
    assert Client().post("/password-reset/", {"email": "a@example.org"}).status_code == 302
    assert sent_tasks.run(RESET) == [0] and len(mail.outbox) == 1


def _email_settings(tmp_path, **environment) -> dict:
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "from django.core.mail import send_mail; send_mail('hi', 'body', None, ['a@b.org']); "
        "print(json.dumps({k: getattr(s, k, None) for k in ('EMAIL_BACKEND', 'EMAIL_HOST',"
        " 'EMAIL_PORT', 'EMAIL_USE_TLS', 'EMAIL_FILE_PATH', 'DEFAULT_FROM_EMAIL')}))"
    )
    clean = {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "LANG")}
    env = {
        **clean,
        "DJANGO_SETTINGS_MODULE": "calico_site.settings",
        "CALICO_VAR_DIR": str(tmp_path),
        **environment,
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    return done


@pytest.mark.slow  # starts a process
def test_the_embedded_default_writes_each_email_as_a_file_under_var_mail(tmp_path):
    done = _email_settings(tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"
    (written,) = (tmp_path / "mail").iterdir()
    assert "Subject: hi" in written.read_text()


@pytest.mark.slow  # starts a process
def test_email_url_from_the_environment_configures_smtp(tmp_path):
    done = _email_settings(
        tmp_path,
        EMAIL_URL="smtp+tls://user:secret@127.0.0.1:9/",  # discard: the send fails
        DEFAULT_FROM_EMAIL="Calico <calico@example.org>",
    )
    assert done.returncode != 0  # nobody listens on port 9: the send is refused, not written
    assert not (tmp_path / "mail").exists()
    code = (
        "import django, json; django.setup(); from django.conf import settings as s; "
        "print(json.dumps([s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_USE_TLS,"
        " s.EMAIL_HOST_USER, s.DEFAULT_FROM_EMAIL]))"
    )
    clean = {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "LANG")}
    env = {
        **clean,
        "DJANGO_SETTINGS_MODULE": "calico_site.settings",
        "CALICO_VAR_DIR": str(tmp_path),
        "EMAIL_URL": "smtp+tls://user:secret@mail.internal:587",
        "DEFAULT_FROM_EMAIL": "Calico <calico@example.org>",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert json.loads(done.stdout) == [
        "django.core.mail.backends.smtp.EmailBackend",
        "mail.internal",
        587,
        True,
        "user",
        "Calico <calico@example.org>",
    ]
