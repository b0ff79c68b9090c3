"""A push service of the test's own (an HTTP server on 127.0.0.1, in a thread) and a browser's
push keys, for the Web Push tests: ``/push/<name>`` checks the VAPID signature (ES256) and
decrypts the payload with that browser's keys (http_ece, aes128gcm); ``/gone/<name>``
answers 410; ``/redirect/<name>`` answers 307 to ``redirect_to``; ``/silent/<name>`` never
answers. Every request is recorded (``hits``) before it is answered."""

import base64
import datetime
import json
import os
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import http_ece
import pytest
import time_machine
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.x509.oid import NameOID
from django.test import TestCase


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_point(key) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def vapid_keys() -> tuple[str, str]:
    """A site's VAPID pair as the settings hold it: (public, private)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    return b64(public_point(key)), private


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
    """The test's push endpoint on 127.0.0.1 (see the module's docstring); ``host`` is the
    name its endpoints use (the tests' resolver, or the system's, maps it to 127.0.0.1)."""

    def __init__(self, host: str = "127.0.0.1", tls: tuple[str, str] | None = None):
        self.browsers: dict[str, Browser] = {}
        self.received: list[dict] = []
        self.hits: list[str] = []
        self.redirect_to = ""
        self.release = threading.Event()  # lets a silent answer go at the end
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"] or 0))
                service.hits.append(self.path)
                kind, name = self.path.strip("/").split("/")
                if kind == "silent":
                    service.release.wait(60)
                    return
                if kind in ("gone", "redirect"):
                    self.send_response(410 if kind == "gone" else 307)
                    if kind == "redirect":
                        self.send_header("Location", service.redirect_to)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                key, claims = vapid_claims(self.headers["Authorization"])
                browser = service.browsers[name]
                assert self.headers["Content-Encoding"] == "aes128gcm"
                plain = http_ece.decrypt(
                    body, private_key=browser.key, auth_secret=browser.auth, version="aes128gcm"
                )
                service.received.append(
                    {
                        "name": name,
                        "key": key,
                        "claims": claims,
                        "host": self.headers["Host"],
                        "ttl": self.headers["TTL"],
                        "payload": json.loads(plain),
                    }
                )
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        if tls:  # (certificate file, key file): an https service
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(*tls)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        self.origin = f"{'https' if tls else 'http'}://{host}:{self.port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def browser(self, name: str, kind: str = "push") -> dict:
        self.browsers[name] = Browser()
        return self.browsers[name].subscription(f"{self.origin}/{kind}/{name}")

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def run_reminders_at(moment) -> int:
    """The beat task at ``moment``, then the pushes it queued, run here as the background
    queue's worker runs them (the real worker: tests/reminders/test_push_worker.py)."""
    from reminders.services import do_send_due_reminders

    with time_machine.travel(moment, tick=False):
        with TestCase.captureOnCommitCallbacks() as queued:
            sent = do_send_due_reminders()
        run_queued_pushes(queued)
    return sent


def run_queued_pushes(queued) -> None:
    """Run here, as the background queue's worker would, the pushes ``queued`` (on-commit
    callbacks: ``current_app.send_task(SEND_PUSH, args, kwargs=...)``, sent by name)."""
    from reminders.services import SEND_PUSH
    from reminders.tasks import send_push

    for task in queued:
        name, args = task.args
        assert name == SEND_PUSH
        send_push(*args, **task.keywords.get("kwargs", {}))


def certificate(folder: Path, name: str) -> tuple[str, str]:
    """A self-signed certificate for the host ``name`` (its own CA, for the test to trust),
    written in ``folder``: (certificate file, key file)."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = folder / f"{name}.pem", folder / f"{name}.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return str(cert_file), str(key_file)


# The fixtures (imported by the conftests that use them: tests/reminders, tests/duels).


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
