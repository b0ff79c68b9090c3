"""Fairness between accounts on the versus queue (issue 41, point 9): one account's many
tables never queue in front of another player's opponent reply. Each account has one
opponents' run at a time (its slot in the shared cache); its other tables wait and are sent,
the longest-waiting first, as each run ends. And the quick levels' opponents (easy, medium)
never wait behind anyone's hard tables: they move in the request (issue 47, point 2)."""

import pytest
from django.conf import settings
from helpers.processes import start_worker, wait_until
from helpers.versus import sit_down, versus_move
from server_checks import REDIS_URL, on_postgres, redis_reachable, require

from versus import services
from versus.models import VersusGame

FLOOD = 5  # one account's tables, all waiting for their opponents at once


def to_move(client, game: dict) -> str | None:
    return client.get(f"/api/versus/{game['id']}/").json()["to_move"]


def test_a_players_second_table_waits_for_the_first_run_then_is_sent_by_it(
    alice_api, django_capture_on_commit_callbacks, monkeypatch
):
    """In process: the account's first table is sent, its second waits (nothing sent), and
    the first run's end sends the second."""
    sent = []
    monkeypatch.setattr(services, "_send_opponents", sent.append)
    first, second = sit_down(alice_api, level="hard"), sit_down(alice_api, level="hard")
    with django_capture_on_commit_callbacks(execute=True):
        for game in (first, second):
            moved = alice_api.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
            assert moved.status_code == 200, moved.content
    assert sent == [first["id"]]
    services._pass_slot_on(first["id"])  # as the end of the first table's run does
    assert sent == [first["id"], second["id"]]


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
def test_another_players_reply_is_not_behind_one_accounts_flood_of_tables(
    alice_api, client_for, make_player, celery_test_broker, services
):
    """Alice moves at five tables, then Bob at his one, all before any worker runs. One
    versus worker then plays them: Bob's reply comes second (after Alice's first table),
    not after all five of hers (as on one first-in, first-out queue)."""
    require(on_postgres(), "needs PostgreSQL: run `make test` or set DATABASE_URL")
    require(redis_reachable(), f"needs Redis at {REDIS_URL}")
    bob_api = client_for(make_player("bob"))
    tables = [sit_down(alice_api, level="hard") for _ in range(FLOOD)]
    bobs = sit_down(bob_api, level="hard")
    for client, game in [*((alice_api, table) for table in tables), (bob_api, bobs)]:
        moved = client.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
        assert moved.status_code == 200, moved.content
    cache = settings.CACHES["default"]
    worker = start_worker(
        celery_test_broker,
        REDIS_URL,
        queues=(settings.CALICO_VERSUS_QUEUE,),
        REDIS_URL=REDIS_URL,  # the shared cache, as the test's (the slots are in it)
        CACHE_KEY_PREFIX=cache["KEY_PREFIX"],
    )
    services.append(worker)
    everyone = [*((alice_api, table) for table in tables), (bob_api, bobs)]
    wait_until(
        lambda: all(to_move(client, game) == "you" for client, game in everyone),
        "every table's opponents have moved",
        120,
    )
    replied = VersusGame.objects.order_by("updated_at").values_list("pk", flat=True)
    order = list(replied)
    assert order.index(bobs["id"]) == 1, order
    assert order[0] == tables[0]["id"]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_quick_tables_reply_never_waits_behind_hard_tables(
    level, client_for, make_player, django_capture_on_commit_callbacks, monkeypatch
):
    """Three accounts move at a hard table of three opponents each, then Bob at his quick
    table of one: the hard tables go to the versus queue (no worker takes them here: the
    queue is as busy as it gets), and Bob's opponent has moved when his move's answer is in."""
    sent = []
    monkeypatch.setattr(services, "_send_opponents", sent.append)
    hard = []
    for name in ("ann", "cy", "dee"):
        client = client_for(make_player(name))
        hard.append((client, sit_down(client, opponents=3, level="hard")))
    bob_api = client_for(make_player("bob"))
    bobs = sit_down(bob_api, opponents=1, level=level)
    with django_capture_on_commit_callbacks(execute=True):
        for client, game in [*hard, (bob_api, bobs)]:
            moved = client.post(f"/api/versus/{game['id']}/moves/", versus_move(game), "json")
            assert moved.status_code == 200, moved.content
    assert sent == [game["id"] for _, game in hard]
    assert to_move(bob_api, bobs) == "you"
    assert all(to_move(client, game) != "you" for client, game in hard)
