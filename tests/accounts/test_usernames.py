"""Usernames (docs/design.md, Phase 3; issue 21 point 12): NFKC-normalised, unique whatever their
case (one index, which two registrations at once cannot both pass on PostgreSQL), and names
that pass for another by look-alike letters of other scripts are refused."""

import threading
import time

import pytest
from django.db import IntegrityError, connection, connections, transaction
from rest_framework.test import APIClient

from accounts.services.players import do_register
from core.errors import BadInput
from puzzles.models import Player

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
        ("ÁLICE", None),  # a different name (accented): welcome
        ("Ωmega", "look-alike"),
    ],
)
def test_look_alikes_of_a_name_are_refused(make_player, name, word):
    make_player("alice")
    response = register(name)
    if word is None:
        assert response.status_code == 201
        return
    assert response.status_code == 400, response.content
    assert word in response.json()["detail"], response.json()
    assert Player.objects.count() == 1


@pytest.mark.parametrize(
    "name", ["борис", "Борис", "Вова", "рое", "José", "Zoë", "李小龍", "al1ce", "anna.lena"]
)
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
@pytest.mark.parametrize(
    ("before", "after", "names"),
    [
        ("0008_group_owner_succession", "0009_username_case_insensitive", ("Bob", "bob")),
        ("0020_durable_limits", "0021_username_key", ("straße", "STRASSE")),  # UPPER: two
    ],
)
def test_the_migration_stops_on_names_that_differ_only_in_case(before, after, names):
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("puzzles", before)])
    old = executor.loader.project_state([("puzzles", before)]).apps.get_model("puzzles", "Player")
    try:
        old.objects.bulk_create([old(username=name) for name in names])
        executor = MigrationExecutor(connection)
        with pytest.raises(RuntimeError, match=", ".join(sorted(names))):
            executor.migrate([("puzzles", after)])
        old.objects.filter(username=names[0]).update(username=names[0] + "2")
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    assert Player.objects.filter(username_key=names[1].casefold()).count() == 1


@pytest.mark.parametrize(
    ("first", "second"), [("élodie", "ÉLODIE"), ("straße", "STRASSE"), ("Борис", "БОРИС")]
)
def test_names_are_one_whatever_their_unicode_case_on_every_database(db, first, second):
    """Issue 41, point 8: on SQLite (whose UPPER() knows only ASCII) both registered."""
    assert register(first).status_code == 201
    taken = register(second)
    assert taken.status_code == 400 and "taken" in taken.json()["detail"]
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(username=second)  # the database refuses it too
    token = APIClient().post("/api/auth/token/", {"username": second, "password": PASSWORD})
    assert token.status_code == 200  # and logs in as the one who has it
