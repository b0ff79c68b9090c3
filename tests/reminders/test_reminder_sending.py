"""The opt-in daily reminder (issue 37), in process under a moved clock (time-machine): the
settings API and form, sent once at the chosen hour of the player's time zone, never to a
player who played today's daily or who has not opted in, stopped by the email's link, in the
player's language. The beat task in a real worker and a real SMTP server:
test_reminder_worker.py."""

import datetime
import re

import pytest
import time_machine
from django.core import mail
from django.test import Client

from accounts.services.players import do_register
from puzzles.models import Game, Player
from puzzles.services.challenges import do_ensure_challenge
from reminders.models import Reminder
from reminders.services import do_send_due_reminders

pytestmark = pytest.mark.django_db
PASSWORD = "a long password 1"
UTC = datetime.UTC
DAY = datetime.date(2031, 3, 4)  # Madrid is UTC+1 that day, New York UTC-5


def verified(name: str, language: str = "en") -> Player:
    player = do_register(name, password=PASSWORD)
    player.email, player.email_verified, player.language = f"{name}@example.org", True, language
    player.save()
    return player


def opted_in(player, hour=8, time_zone="Europe/Madrid") -> Reminder:
    return Reminder.objects.create(player=player, email=True, hour=hour, time_zone=time_zone)


def send_at(hour: int, minute: int = 0, day=DAY) -> list:
    before = len(mail.outbox)
    moment = datetime.datetime.combine(day, datetime.time(hour, minute), tzinfo=UTC)
    with time_machine.travel(moment, tick=False):
        do_send_due_reminders()
    return mail.outbox[before:]


def played(player, day=DAY) -> None:
    with time_machine.travel(datetime.datetime.combine(day, datetime.time(6), tzinfo=UTC)):
        challenge = do_ensure_challenge(day)
    Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        turn=23,
        score=50,
        status=Game.Status.FINISHED,
    )


def test_sent_once_at_the_chosen_local_hour_and_not_to_who_played_or_did_not_opt_in():
    ann, ben, cy, dan = (verified(name) for name in ("ann", "ben", "cy", "dan"))
    opted_in(ann)  # 08:00 in Madrid: 07:00 UTC
    opted_in(ben)
    played(ben)  # today's daily finished: no reminder
    Reminder.objects.create(player=cy, email=False, hour=8, time_zone="Europe/Madrid")
    opted_in(dan, time_zone="America/New_York")  # 08:00 in New York: 13:00 UTC
    verified("eve")  # never chose

    assert send_at(6, 59) == []
    (message,) = send_at(7, 0)
    assert message.to == ["ann@example.org"]
    assert "Today's Calico Daily quilt is waiting" in message.subject
    assert send_at(7, 10) == [] and send_at(7, 50) == []  # once a day
    (message,) = send_at(13, 0)
    assert message.to == ["dan@example.org"]
    assert send_at(7, 0, DAY + datetime.timedelta(days=1))[0].to == ["ann@example.org"]


def test_the_emails_link_asks_first_and_its_post_or_a_one_click_post_unsubscribes():
    """A GET (a mail scanner following the link) only shows the button; its POST, or a mail
    client's RFC 8058 one-click POST (no cookie, no CSRF token), turns the email off."""
    ann, ben = verified("ann"), verified("ben")
    opted_in(ann)
    opted_in(ben)
    links = {}
    for message in send_at(7, 0):
        (links[message.to[0]],) = re.findall(
            r"http://127\.0\.0\.1:8000(/reminders/off/\S+/)", message.body
        )
        assert message.extra_headers["List-Unsubscribe"].endswith(f"{links[message.to[0]]}>")
        assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    scanner = Client(enforce_csrf_checks=True)
    page = scanner.get(links["ann@example.org"])
    assert page.status_code == 200 and 'data-unsubscribed="false"' in page.text
    assert 'method="post"' in page.text and 'data-action="unsubscribe"' in page.text
    assert Reminder.objects.filter(email=True).count() == 2  # a GET turns nothing off

    done = scanner.post(links["ann@example.org"])  # the page's button
    assert done.status_code == 200 and 'data-unsubscribed="true"' in done.text
    one_click = scanner.post(links["ben@example.org"], {"List-Unsubscribe": "One-Click"})
    assert one_click.status_code == 200
    assert not Reminder.objects.filter(email=True).exists()
    assert send_at(7, 0, DAY + datetime.timedelta(days=1)) == []
    forged = links["ann@example.org"].replace("/off/", "/off/x")
    assert scanner.get(forged).status_code == 400 and scanner.post(forged).status_code == 400


def test_a_spanish_player_is_reminded_in_spanish_and_an_unverified_email_never():
    ana = verified("ana", language="es")
    opted_in(ana)
    bob = verified("bob")
    opted_in(bob)
    bob.email_verified = False  # changed their email since: the new one is not verified
    bob.save()
    (message,) = send_at(7, 0)
    assert message.to == ["ana@example.org"]
    assert message.subject == "Tu colcha de Calico Daily de hoy te espera"
    assert "Hola, ana:" in message.body


def test_the_api_reads_and_sets_the_reminder(client_for):
    ann = verified("ann")
    api = client_for(ann)
    assert api.get("/api/me/reminders/").json() == {
        "email": False,
        "push": False,
        "hour": 18,
        "time_zone": "UTC",
    }
    body = {"email": True, "hour": 8, "time_zone": "Europe/Madrid"}
    answer = api.put("/api/me/reminders/", body, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 200 and answer.json() == {**body, "push": False}
    ann.refresh_from_db()
    assert ann.language == "es"
    for bad, named in (
        ({**body, "time_zone": "Mars/Olympus"}, "time_zone"),
        ({**body, "hour": 24}, "hour"),
        ({**body, "push": True}, "push"),
        ({"hour": 8}, "email"),
    ):
        answer = api.put("/api/me/reminders/", bad, format="json")
        assert answer.status_code == 400 and named in answer.json()["detail"], bad
    assert api.get("/api/me/reminders/").json()["time_zone"] == "Europe/Madrid"


def test_an_unverified_email_cannot_turn_reminders_on(make_player, client_for):
    api = client_for(make_player("fay"))
    body = {"email": True, "hour": 8, "time_zone": "UTC"}
    answer = api.put("/api/me/reminders/", body, format="json")
    assert answer.status_code == 400 and "verify an email first" in answer.json()["detail"]
    assert not Reminder.objects.exists()


def test_the_account_pages_form_sets_the_reminder():
    verified("gus")
    browser = Client()
    browser.post("/login/", {"username": "gus", "password": PASSWORD})
    page = browser.get("/me/account/")
    assert "data-reminders" in page.text and "Europe/Madrid" in page.text
    answer = browser.post(
        "/me/reminders/", {"email": "on", "hour": "21", "time_zone": "Asia/Tokyo"}
    )
    assert answer.status_code == 302 and answer["Location"] == "/me/account/?done=reminders"
    reminder = Reminder.objects.get(player__username="gus")
    assert (reminder.email, reminder.hour, reminder.time_zone) == (True, 21, "Asia/Tokyo")
    refused = browser.post("/me/reminders/", {"hour": "x", "time_zone": "Asia/Tokyo"})
    assert refused.status_code == 400 and "hour" in refused.text


def test_a_deleted_account_loses_its_reminder_and_the_export_holds_it(client_for):
    ann = verified("ann")
    opted_in(ann)
    api = client_for(ann)
    assert api.get("/api/me/export/").json()["reminders"]["time_zone"] == "Europe/Madrid"
    assert api.delete("/api/me/", {"password": PASSWORD}, format="json").status_code == 204
    assert not Reminder.objects.exists()
