"""Web Push reminders (issue 37) to a push endpoint of the test's own (an HTTP server in a
thread): it checks the VAPID signature (ES256, the site's public key, the endpoint's origin
as audience) and decrypts the payload with the browser's keys (http_ece, aes128gcm); an
endpoint that answers 410 is forgotten; sent once at the chosen hour; push needs the site's
VAPID keys."""

import base64
import datetime
import io
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
import time_machine
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.core.management import call_command
from django.test import Client

from puzzles.models import Player
from puzzles.services.players import do_register
from reminders.models import PushSubscription
from reminders.services import do_send_due_reminders

pytestmark = pytest.mark.django_db
AT = datetime.datetime(2031, 3, 4, 7, 0, tzinfo=datetime.UTC)  # 08:00 in Madrid


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_point(key) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


class Browser:
    """A browser's push keys: the P-256 pair and the auth secret a subscription carries."""

    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> dict:
        keys = {"p256dh": b64(public_point(self.key)), "auth": b64(self.auth)}
        return {"endpoint": endpoint, "expirationTime": None, "keys": keys}


def vapid_claims(authorization: str) -> tuple[str, dict]:
    """The VAPID header's key and claims, once its ES256 signature checks with that key."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    head, body, signature = fields["t"].split(".")
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert json.loads(unb64(head))["alg"] == "ES256"
    return fields["k"], json.loads(unb64(body))


class PushService:
    """The test's push endpoint: ``/push/<name>`` decrypts and keeps each push for the
    browser registered under that name; ``/gone/<name>`` answers 410."""

    def __init__(self):
        self.browsers: dict[str, Browser] = {}
        self.received: list[dict] = []
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                kind, name = self.path.strip("/").split("/")
                if kind == "gone":
                    self.send_response(410)
                    self.end_headers()
                    return
                key, claims = vapid_claims(self.headers["Authorization"])
                browser = service.browsers[name]
                assert self.headers["Content-Encoding"] == "aes128gcm"
                plain = http_ece.decrypt(body, private_key=browser.key,
                                         auth_secret=browser.auth, version="aes128gcm")  # fmt: skip
                service.received.append({"name": name, "key": key, "claims": claims,
                                         "ttl": self.headers["TTL"],
                                         "payload": json.loads(plain)})  # fmt: skip
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def browser(self, name: str) -> dict:
        self.browsers[name] = Browser()
        return self.browsers[name].subscription(f"{self.origin}/push/{name}")


@pytest.fixture
def push_service(settings):
    key = ec.generate_private_key(ec.SECP256R1())
    settings.VAPID_PRIVATE_KEY = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    settings.VAPID_PUBLIC_KEY = b64(public_point(key))
    settings.VAPID_SUBJECT = "mailto:ops@calico.example"
    settings.CALICO_PUSH_SCHEMES = ["http", "https"]  # the test's endpoint is plain http
    service = PushService()
    yield service
    service.server.shutdown()


def send_at(moment: datetime.datetime) -> int:
    with time_machine.travel(moment, tick=False):
        return do_send_due_reminders()


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
    assert send_at(AT) == 1
    (push,) = push_service.received
    assert push["key"] == settings.VAPID_PUBLIC_KEY
    assert push["claims"]["aud"] == push_service.origin
    assert push["claims"]["sub"] == "mailto:ops@calico.example"
    assert push["claims"]["exp"] > AT.timestamp()
    assert push["payload"]["title"] == "Tu colcha de Calico Daily de hoy te espera"
    assert push["payload"]["url"] == "http://127.0.0.1:8000/"
    assert int(push["ttl"]) > 0
    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [
        phone["endpoint"]
    ]  # the 410 one is forgotten
    assert send_at(AT + datetime.timedelta(minutes=20)) == 0 and len(push_service.received) == 1

    answer = api.delete("/api/me/push-subscriptions/", {"endpoint": phone["endpoint"]},
                        format="json")  # fmt: skip
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
        lines["VAPID_PUBLIC_KEY"], lines["VAPID_PRIVATE_KEY"],
    )  # fmt: skip
    api = client_for(do_register("di", password="a long password 1"))
    api.post("/api/me/push-subscriptions/", push_service.browser("tablet"), format="json")
    body = {"email": False, "push": True, "hour": 8, "time_zone": "Europe/Madrid"}
    assert api.put("/api/me/reminders/", body, format="json").status_code == 200
    assert send_at(AT) == 1
    assert push_service.received[0]["key"] == lines["VAPID_PUBLIC_KEY"]
