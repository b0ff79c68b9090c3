"""Usernames (docs/design.md, Phase 3; issue 21 point 12): NFKC-normalised, unique whatever their
case (one index, which two registrations at once cannot both pass on PostgreSQL), and names
that pass for another by look-alike letters of other scripts are refused."""

import threading
import time

import pytest
from django.db import IntegrityError, connection, connections, transaction
from rest_framework.test import APIClient

from puzzles.models import Player
from puzzles.services.errors import BadInput
from puzzles.services.players import do_register

PASSWORD = "a long password 1"


def register(username: str):
    return APIClient().post("/api/auth/register/", {"username": username, "password": PASSWORD})


@pytest.mark.parametrize(
    ("name", "word"),
    [
        ("ａlice", "taken"),  # fullwidth a: NFKC makes it alice
        ("ＡＬＩＣＥ", "taken"),
        ("ALICE", "taken"),
        ("аlice", "look-alike"),  # Cyrillic a among Latin letters
        ("alicе", "look-alike"),  # Cyrillic e at the end
        ("рое", "look-alike"),  # wholly Cyrillic, every letter a Latin look-alike (poe)
        ("Ωmega", "look-alike"),
    ],
)
def test_look_alikes_of_a_name_are_refused(make_player, name, word):
    make_player("alice")
    response = register(name)
    assert response.status_code == 400, response.content
    assert word in response.json()["detail"], response.json()
    assert Player.objects.count() == 1


@pytest.mark.parametrize("name", ["борис", "José", "Zoë", "李小龍", "al1ce", "anna.lena"])
def test_names_in_one_script_are_welcome(db, name):
    assert register(name).status_code == 201, name


def test_names_are_stored_nfkc_and_log_in_in_any_case(db):
    assert register("ｂｏｂ").json()["username"] == "bob"
    assert Player.objects.get().username == "bob"
    for typed in ("bob", "BOB", "ｂｏｂ"):
        token = APIClient().post("/api/auth/token/", {"username": typed, "password": PASSWORD})
        assert token.status_code == 200, typed


def test_the_database_refuses_a_name_in_another_case(make_player):
    make_player("alice")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(username="ALICE")


def _waiting_on_locks() -> int:
    with connection.cursor() as cursor:
        cursor.execute(  # pg_locks is live (pg_stat_activity is a snapshot in a transaction)
            "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = %s::regclass",
            [Player._meta.db_table],
        )
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_two_registrations_at_once_of_alice_and_alice_cannot_both_pass():
    """Both pass the service's check before either inserts (the table is held in SHARE ROW
    EXCLUSIVE mode, which lets their reads through and stops their inserts); released
    together, the unique index lets one in and the other is told the name is taken."""
    if connection.vendor != "postgresql":
        pytest.skip("the race is PostgreSQL's (SQLite writes one at a time)")
    answers = {}

    def attempt(name):
        try:
            answers[name] = do_register(name, password=PASSWORD).username
        except BadInput as refused:
            answers[name] = refused.detail
        finally:
            connections.close_all()

    threads = [threading.Thread(target=attempt, args=(name,)) for name in ("Alice", "alice")]
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"LOCK TABLE {Player._meta.db_table} IN SHARE ROW EXCLUSIVE MODE")
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 30
        while _waiting_on_locks() < 2:  # both checked, both waiting to insert
            assert time.monotonic() < deadline, "the registrations never reached the insert"
            time.sleep(0.05)
    for thread in threads:
        thread.join(30)
    assert Player.objects.count() == 1, answers
    taken = [answer for answer in answers.values() if "taken" in answer]
    assert len(taken) == 1, answers


@pytest.mark.django_db(transaction=True)
def test_the_migration_stops_on_names_that_differ_only_in_case():
    from django.db.migrations.executor import MigrationExecutor

    before = [("puzzles", "0008_group_owner_succession")]
    after = [("puzzles", "0009_username_case_insensitive")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    try:
        Player.objects.bulk_create([Player(username="Bob"), Player(username="bob")])
        executor = MigrationExecutor(connection)
        with pytest.raises(RuntimeError, match="Bob, bob"):
            executor.migrate(after)
        Player.objects.filter(username="Bob").update(username="Bobby")
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert Player.objects.filter(username__iexact="bob").count() == 1
