"""Push endpoints are held to what a push service is (issue 47): an https URL to a host name
(no IP address, no user name or password, port 443) that resolves only to public addresses,
checked at subscribe and again right before each push, which connects to the address checked;
no redirect is followed; the keys are a P-256 point and a 16-byte secret; five a player; the
pushes go on the background queue, one task each, with a time limit.

No test sends anything anywhere but 127.0.0.1: a name is resolved by the test's resolver
(``names``, replacing ``reminders.push.resolve``, the one lookup), the public addresses it
gives are never connected to (only subscribed), and the pushes that go reach a server of
the test's own on 127.0.0.1, let through by ``CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY``."""

import datetime
import logging

import pytest
from django.core import mail
from helpers.processes import scratch
from helpers.push import Browser, PushService, b64, certificate, run_reminders_at, vapid_keys

from accounts.services.players import do_register
from reminders import services
from reminders.models import PushSubscription, Reminder

pytestmark = pytest.mark.django_db
PUBLIC = "93.184.215.14"  # a public address: subscribed to here, never connected to
PASSWORD = "a long password 1"
AT = datetime.datetime(2031, 3, 4, 7, 0, tzinfo=datetime.UTC)  # 08:00 in Madrid
send_at = run_reminders_at


@pytest.fixture
def lookups(names, monkeypatch):
    """The names looked up, in order (the test's resolver, recording)."""
    from reminders import push

    asked = []
    resolve = push.resolve

    def recording(host, port):
        asked.append(host)
        return resolve(host, port)

    monkeypatch.setattr(push, "resolve", recording, raising=False)
    return asked


def subscribe(api, endpoint: str, keys: dict | None = None):
    sent = Browser().subscription(endpoint)
    sent["keys"].update(keys or {})
    return api.post("/api/me/push-subscriptions/", sent, format="json")


def test_an_endpoint_is_refused_unless_a_host_name_resolving_only_to_public_addresses(
    client_for, names, lookups
):
    api = client_for(do_register("ann", password=PASSWORD))
    names.update(
        {
            "push.example": [PUBLIC],
            "inside.example": ["10.1.2.3"],
            "both.example": [PUBLIC, "127.0.0.1"],
            "meta.example": ["169.254.169.254"],
            "mapped.example": ["::ffff:127.0.0.1"],
            "local6.example": ["fd00::1"],
            "nat64.example": ["64:ff9b::a00:1"],
            "shared.example": ["100.64.0.1"],
            "localhost": ["127.0.0.1", "::1"],
        }
    )
    for endpoint in (
        "https://127.0.0.1/push",
        "https://[::1]/push",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::ffff:7f00:1]/push",
        "https://2130706433/push",
        "https://0x7f000001/push",
        "https://user:pw@push.example/push",
        "https://push.example@127.0.0.1/push",
        "https://push.example:8443/push",
        "http://push.example/push",
    ):
        answer = subscribe(api, endpoint)
        assert answer.status_code == 400 and "endpoint" in answer.json()["detail"], endpoint
    assert lookups == []  # each refused before any lookup, let alone a connection
    for name in ("inside", "both", "meta", "mapped", "local6", "nat64", "shared", "nowhere"):
        answer = subscribe(api, f"https://{name}.example/push")
        assert answer.status_code == 400 and "endpoint" in answer.json()["detail"], name
    answer = subscribe(api, "https://localhost/push")
    assert answer.status_code == 400 and "public" in answer.json()["detail"]
    assert not PushSubscription.objects.exists()
    answer = subscribe(api, "https://push.example/push/abc")
    assert answer.status_code == 201 and answer.json()["endpoint"].endswith("/push/abc")


def test_the_keys_are_a_p256_point_and_a_16_byte_secret(client_for, names):
    api = client_for(do_register("bo", password=PASSWORD))
    names["push.example"] = [PUBLIC]
    off_curve = b64(b"\x04" + b"\x01" * 64)
    for keys, named in (
        ({"p256dh": "not base64!"}, "keys.p256dh"),
        ({"p256dh": b64(b"\x04" + b"\x00" * 30)}, "keys.p256dh"),
        ({"p256dh": off_curve}, "keys.p256dh"),
        ({"auth": b64(b"\x00" * 15)}, "keys.auth"),
        ({"auth": "a+b/"}, "keys.auth"),
    ):
        answer = subscribe(api, "https://push.example/push", keys)
        assert answer.status_code == 400 and named in answer.json()["detail"], keys
    assert not PushSubscription.objects.exists()


def test_a_sixth_browser_replaces_the_one_subscribed_longest_ago(client_for, names):
    cy = do_register("cy", password=PASSWORD)
    api = client_for(cy)
    names["push.example"] = [PUBLIC]
    for number in range(6):
        assert subscribe(api, f"https://push.example/{number}").status_code == 201
    assert subscribe(api, "https://push.example/5").status_code == 201  # known: no seventh
    kept = PushSubscription.objects.filter(player=cy).values_list("endpoint", flat=True)
    assert sorted(kept) == [f"https://push.example/{number}" for number in range(1, 6)]
    other = client_for(do_register("di", password=PASSWORD))
    assert subscribe(other, "https://push.example/1").status_code == 201  # di's browser now
    assert PushSubscription.objects.filter(player=cy).count() == 4


def reminded_by_push(api, service: PushService, name: str) -> dict:
    """A browser of ``name`` subscribed to ``service`` and the push reminder at 08:00
    Madrid."""
    sent = service.browser(name)
    assert api.post("/api/me/push-subscriptions/", sent, format="json").status_code == 201
    body = {"email": False, "push": True, "hour": 8, "time_zone": "Europe/Madrid"}
    assert api.put("/api/me/reminders/", body, format="json").status_code == 200
    return sent


def test_the_host_is_resolved_again_before_the_push_and_a_private_answer_refused(
    push_service, client_for, names, settings
):
    """DNS rebinding: public when subscribed, the loopback when the push goes (the test's
    server listens there): nothing reaches it."""
    settings.CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY = False
    names["localhost"] = [PUBLIC]
    api = client_for(do_register("eve", password=PASSWORD))
    reminded_by_push(api, push_service, "phone")
    names["localhost"] = ["127.0.0.1"]
    send_at(AT)
    assert push_service.hits == []
    assert PushSubscription.objects.count() == 1  # kept: its host may be public again


def test_a_redirect_is_never_followed(push_service, client_for, names):
    inside = PushService()  # a plain-http loopback service the redirect points at
    try:
        push_service.redirect_to = f"{inside.origin}/push/inside"
        api = client_for(do_register("fay", password=PASSWORD))
        sent = push_service.browser("phone", kind="redirect")
        assert api.post("/api/me/push-subscriptions/", sent, format="json").status_code == 201
        body = {"email": False, "push": True, "hour": 8, "time_zone": "Europe/Madrid"}
        assert api.put("/api/me/reminders/", body, format="json").status_code == 200
        send_at(AT)
        assert push_service.hits == ["/redirect/phone"]
        assert inside.hits == []
    finally:
        inside.stop()


def test_an_endpoint_that_never_answers_is_given_up_and_the_others_still_pushed(
    push_service, client_for, settings
):
    settings.CALICO_PUSH_SECONDS = 0.5
    api = client_for(do_register("gus", password=PASSWORD))
    silent = push_service.browser("tablet", kind="silent")
    assert api.post("/api/me/push-subscriptions/", silent, format="json").status_code == 201
    reminded_by_push(api, push_service, "phone")
    assert send_at(AT) == 2
    assert sorted(push_service.hits) == ["/push/phone", "/silent/tablet"]
    assert [push["name"] for push in push_service.received] == ["phone"]


def test_an_https_push_goes_to_the_address_checked_and_checks_the_certificates_name(
    client_for, names, settings, monkeypatch
):
    """The push connects to the address the test's resolver gave, sends the endpoint's name
    (Host, SNI) and checks the certificate against it: a name the certificate is not for
    gets nothing, though it is the same address."""
    from reminders import push

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_keys()
    settings.CALICO_PUSH_LOOPBACK_FOR_TESTS_ONLY = True
    cert, key = certificate(scratch("calico-push-tls-"), "push.test")
    monkeypatch.setattr(push, "CA_BUNDLE", cert)  # the test's CA, trusted by this push alone
    service = PushService(host="push.test", tls=(cert, key))
    try:
        settings.CALICO_PUSH_PORTS = [service.port]
        names.update({"push.test": ["127.0.0.1"], "other.test": ["127.0.0.1"]})
        api = client_for(do_register("ned", password=PASSWORD))
        reminded_by_push(api, service, "phone")
        impostor = service.browser("laptop")
        impostor["endpoint"] = impostor["endpoint"].replace("push.test", "other.test")
        assert api.post("/api/me/push-subscriptions/", impostor, format="json").status_code == 201
        assert send_at(AT) == 2
        (received,) = service.received
        assert received["name"] == "phone" and received["host"] == f"push.test:{service.port}"
        assert received["claims"]["aud"] == service.origin
    finally:
        service.stop()


def test_pushes_go_on_the_background_queue(settings):
    from calico_site.celery import app

    route = app.amqp.router.route({}, "reminders.tasks.send_push")
    assert route["queue"].name == settings.CALICO_BACKGROUND_QUEUE
    from reminders.tasks import send_push

    assert send_push.soft_time_limit == 2 * settings.CALICO_PUSH_SECONDS


def verified(name: str):
    player = do_register(name, password=PASSWORD)
    player.email, player.email_verified = f"{name}@example.org", True
    player.save()
    Reminder.objects.create(player=player, email=True, push=True, hour=8, time_zone="Europe/Madrid")
    return player


def test_a_bad_subscription_in_a_batch_stops_no_other_reminder(push_service, monkeypatch, caplog):
    """Subscriptions kept before the checks (an IPv6 literal, a user name, a key that is
    no point): each push to one fails and is recorded, every other reminder goes."""
    monkeypatch.setattr(services, "BATCH", 2)
    players = [verified(name) for name in ("hal", "ida", "joe", "kim", "lou")]
    bad = Browser().subscription("")["keys"]
    for endpoint, keys in (
        (f"http://[::1]:{push_service.port}/push/x", bad),
        (f"http://user:pw@localhost:{push_service.port}/push/y", bad),
        (f"{push_service.origin}/push/z", {**bad, "p256dh": "AAAA"}),
    ):
        PushSubscription.objects.create(player=players[1], endpoint=endpoint, **keys)
    for player in players[:1] + players[2:]:
        sent = push_service.browser(player.username)
        PushSubscription.objects.create(player=player, endpoint=sent["endpoint"], **sent["keys"])
    before = len(mail.outbox)
    with caplog.at_level(logging.WARNING, logger="reminders"):
        send_at(AT)
    assert sorted(message.to[0] for message in mail.outbox[before:]) == [
        f"{player.username}@example.org" for player in players
    ]
    assert sorted(push["name"] for push in push_service.received) == ["hal", "joe", "kim", "lou"]
    assert not PushSubscription.objects.filter(player=players[1]).exists()  # never valid
    assert sum("refused" in record.getMessage() for record in caplog.records) == 3
    assert all(r.last_sent_on == datetime.date(2031, 3, 4) for r in Reminder.objects.all())


def test_a_deleted_accounts_subscriptions_go_and_the_export_lists_their_hosts(client_for, names):
    ann = do_register("ann", password=PASSWORD)
    api = client_for(ann)
    names["push.example"] = [PUBLIC]
    sent = Browser().subscription("https://push.example/push/abc")
    assert api.post("/api/me/push-subscriptions/", sent, format="json").status_code == 201
    (row,) = api.get("/api/me/export/").json()["push_subscriptions"]
    assert row["endpoint_host"] == "push.example" and row["created_at"]
    assert set(row) == {"endpoint_host", "created_at"}  # not the keys
    assert api.delete("/api/me/", {"password": PASSWORD}, format="json").status_code == 204
    assert not PushSubscription.objects.exists()
