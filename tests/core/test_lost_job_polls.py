"""A poll of a job whose worker died sends it again at once (issue 41, point 6), through the
API: the hint's GET (and it tells the player) and the analysis's GET. Only a lost one: a job
a live worker holds, or one still waiting in the queue, is left alone."""

import datetime

from django.utils import timezone

from core.jobs import RESENT
from puzzles.models import Analysis, Hint
from puzzles.services import hint_messages

LONG_AGO = datetime.timedelta(hours=1)


def test_a_polled_hint_whose_worker_died_is_sent_again_and_says_so(
    alice_api, daily, start_game, django_capture_on_commit_callbacks
):
    game = start_game(alice_api)
    asked = alice_api.post(f"/api/games/{game['id']}/hints/").json()
    url = f"/api/games/{game['id']}/hints/{asked['id']}/"
    rows = Hint.objects.filter(pk=asked["id"])
    rows.update(heartbeat_at=timezone.now(), attempts=1)  # a live worker holds it
    with django_capture_on_commit_callbacks() as sent:
        assert alice_api.get(url).json()["message"] == ""
    assert not sent

    rows.update(heartbeat_at=timezone.now() - LONG_AGO)  # its worker stopped beating
    with django_capture_on_commit_callbacks() as sent:
        answer = alice_api.get(url).json()
    assert len(sent) == 1
    assert answer["status"] == "pending" and answer["message"] == hint_messages.RESENT_PENDING
    assert (rows.get().heartbeat_at, rows.get().error) == (None, RESENT)
    with django_capture_on_commit_callbacks() as sent:
        alice_api.get(url)
    assert not sent  # sent once: now it waits in the queue afresh


def test_a_polled_analysis_whose_worker_died_starts_again(
    alice_api, start_game, play_through, django_capture_on_commit_callbacks
):
    finished = play_through(alice_api, start_game(alice_api))[-1]
    url = f"/api/games/{finished['id']}/analysis/"
    alice_api.post(url)
    rows = Analysis.objects.filter(game_id=finished["id"])
    rows.update(status="running", done=7, heartbeat_at=timezone.now() - LONG_AGO, attempts=1)
    with django_capture_on_commit_callbacks() as sent:
        answer = alice_api.get(url).json()
    assert len(sent) == 1
    assert answer["status"] == "pending" and answer["progress"]["done"] == 0
