"""Web Push reminders (issue 37) to a push endpoint of the test's own (an HTTP server in a
thread, tests/helpers/push.py): it checks the VAPID signature (ES256, the site's public key,
the endpoint's origin as audience) and decrypts the payload with the browser's keys
(http_ece, aes128gcm); an endpoint that answers 410 is forgotten; sent once at the chosen
hour; push needs the site's VAPID keys. The endpoint is named ``localhost``, which the
test's resolver maps to 127.0.0.1, and the loopback is let through by the tests-only setting
(the refusals: test_push_endpoints.py)."""

import datetime
import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from helpers.push import Browser, run_reminders_at

from accounts.services.players import do_register
from puzzles.models import Player
from reminders.models import PushSubscription

pytestmark = pytest.mark.django_db
AT = datetime.datetime(2031, 3, 4, 7, 0, tzinfo=datetime.UTC)  # 08:00 in Madrid


def send_at(moment: datetime.datetime) -> int:
    return run_reminders_at(moment)


def test_a_push_reminder_is_signed_encrypted_sent_once_and_a_gone_endpoint_forgotten(
    push_service, client_for, settings
):
    ann = do_register("ann", password="a long password 1")  # no email: push alone
    api = client_for(ann)
    phone = push_service.browser("phone")
    answer = api.post("/api/me/push-subscriptions/", phone, format="json")
    assert answer.status_code == 201 and answer.json()["endpoint"] == phone["endpoint"]
    old = Browser().subscription(f"{push_service.origin}/gone/laptop")
    assert api.post("/api/me/push-subscriptions/", old, format="json").status_code == 201
    body = {"email": False, "push": True, "hour": 8, "time_zone": "Europe/Madrid"}
    answer = api.put("/api/me/reminders/", body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 200 and answer.json()["push"] is True

    assert send_at(AT - datetime.timedelta(minutes=1)) == 0
    assert send_at(AT) == 2  # a push queued to each subscription, one of them gone
    (push,) = push_service.received
    assert push["key"] == settings.VAPID_PUBLIC_KEY
    assert push["claims"]["aud"] == push_service.origin
    assert push["host"] == f"localhost:{push_service.port}"
    assert push["claims"]["sub"] == "mailto:ops@calico.example"
    assert push["claims"]["exp"] > AT.timestamp()
    assert push["payload"]["title"] == "Tu colcha de Calico Daily de hoy te espera"
    assert push["payload"]["url"] == "http://127.0.0.1:8000/"
    assert int(push["ttl"]) > 0
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        phone["endpoint"]
    ]  # the 410 one is forgotten
    assert send_at(AT + datetime.timedelta(minutes=20)) == 0 and len(push_service.received) == 1

    answer = api.delete(
        "/api/me/push-subscriptions/", {"endpoint": phone["endpoint"]}, format="json"
    )
    assert answer.status_code == 204 and not PushSubscription.objects.exists()
    assert send_at(AT + datetime.timedelta(days=1)) == 0  # nowhere to push to


def test_push_needs_the_sites_vapid_keys_and_an_https_endpoint(client_for, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    api = client_for(do_register("bo", password="a long password 1"))
    body = {"email": False, "push": True, "hour": 8, "time_zone": "UTC"}
    answer = api.put("/api/me/reminders/", body, format="json")
    assert answer.status_code == 400 and "push" in answer.json()["detail"]
    plain = Browser().subscription("http://10.0.0.1/push")
    answer = api.post("/api/me/push-subscriptions/", plain, format="json")
    assert answer.status_code == 400 and "endpoint" in answer.json()["detail"]
    guest = client_for(Player.objects.create(username="guest-0123456789ab", is_guest=True))
    for method, path, sent in (
        ("PUT", "/api/me/reminders/", {**body, "push": False}),
        ("POST", "/api/me/push-subscriptions/", Browser().subscription("https://p.example/g")),
    ):
        answer = guest.generic(method, path, json.dumps(sent), content_type="application/json")
        assert answer.status_code == 400 and "guest" in answer.json()["detail"], path
    broken = {"endpoint": "https://push.example/x", "keys": {"p256dh": "k"}}
    assert api.post("/api/me/push-subscriptions/", broken, format="json").status_code == 400
    assert not PushSubscription.objects.exists()


def test_the_account_page_offers_push_only_with_the_sites_keys(push_service, settings):
    do_register("cy", password="a long password 1")
    browser = Client()
    browser.post("/login/", {"username": "cy", "password": "a long password 1"})
    page = browser.get("/me/account/").text
    assert "data-reminder-push" in page and f'data-push-key="{settings.VAPID_PUBLIC_KEY}"' in page
    settings.VAPID_PUBLIC_KEY = ""
    assert "data-reminder-push" not in browser.get("/me/account/").text


def test_vapid_keys_prints_a_pair_that_signs_a_push(push_service, settings, client_for):
    """The command's keys, set as the settings, sign a push the endpoint accepts."""
    out = io.StringIO()
    call_command("vapid_keys", stdout=out)
    lines = dict(line.split("=", 1) for line in out.getvalue().split())
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = (
        lines["VAPID_PUBLIC_KEY"],
        lines["VAPID_PRIVATE_KEY"],
    )
    api = client_for(do_register("di", password="a long password 1"))
    api.post("/api/me/push-subscriptions/", push_service.browser("tablet"), format="json")
    body = {"email": False, "push": True, "hour": 8, "time_zone": "Europe/Madrid"}
    assert api.put("/api/me/reminders/", body, format="json").status_code == 200
    assert send_at(AT) == 1
    assert push_service.received[0]["key"] == lines["VAPID_PUBLIC_KEY"]
