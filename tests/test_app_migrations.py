"""The features that moved out of ``puzzles`` into apps of their own (``groups``, ``versus``)
keep every row:
a database filled at ``puzzles.0013_versus_hints`` (the last migration before the moves) is
migrated forward, and every row, foreign key and content type is there and usable through the
new apps' models. A fresh database migrates on PostgreSQL (the test run's) and SQLite, and the
models and the migrations agree (``makemigrations --check``)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from groups.models import Group, Membership
from puzzles.models import Player
from versus.models import VersusAnalysis, VersusGame, VersusHint

ROOT = Path(__file__).resolve().parent.parent
BEFORE = [("puzzles", "0013_versus_hints")]


def migrate_to(targets=None):
    """Migrate the test database to ``targets`` (every app's latest when None); the apps of
    the historical models at that point."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def fill_groups(old) -> dict:
    """Two groups of three players at 0013, through the models as they were there."""
    OldPlayer = old.get_model("puzzles", "Player")
    OldGroup = old.get_model("puzzles", "Group")
    OldMembership = old.get_model("puzzles", "Membership")
    ann, ben, cat = (OldPlayer.objects.create(username=name) for name in ("ann", "ben", "cat"))
    cats = OldGroup.objects.create(name="Cat people", invite_code="CATS2345", owner=ann)
    quilt = OldGroup.objects.create(name="Quilters", invite_code="QUILT234", owner=ben)
    for group, members in ((cats, (ann, ben, cat)), (quilt, (ben, cat))):
        for player in members:
            OldMembership.objects.create(group=group, player=player)
    ContentType.objects.get_or_create(app_label="puzzles", model="group")
    return {
        "groups": {
            cats.pk: ("Cat people", "CATS2345", "ann", ["ann", "ben", "cat"]),
            quilt.pk: ("Quilters", "QUILT234", "ben", ["ben", "cat"]),
        },
        "memberships": set(OldMembership.objects.values_list("pk", "group_id", "player_id")),
    }


def check_groups(expected: dict) -> None:
    found = {
        group.pk: (
            group.name,
            group.invite_code,
            group.owner.username,
            sorted(group.members.values_list("username", flat=True)),
        )
        for group in Group.objects.all()
    }
    assert found == expected["groups"]
    memberships = set(Membership.objects.values_list("pk", "group_id", "player_id"))
    assert memberships == expected["memberships"]
    assert ContentType.objects.get_for_model(Group).app_label == "groups"
    assert not ContentType.objects.filter(app_label="puzzles", model="group").exists()
    # Usable: a new row takes the next id, and the owner's on_delete still passes ownership.
    cats = Group.objects.get(name="Cat people")
    new = Group.objects.create(name="New", invite_code="NEW23456", owner=cats.owner)
    assert new.pk > max(expected["groups"])
    Player.objects.get(username="ann").delete()
    assert Group.objects.get(pk=cats.pk).owner.username == "ben"
    assert not Group.objects.filter(pk=new.pk).exists()  # no other member: it went with ann


def fill_versus(old) -> dict:
    """Two tables of dan's at 0013, the first finished with a hint and its review."""
    dan = old.get_model("puzzles", "Player").objects.create(username="dan")
    OldGame = old.get_model("puzzles", "VersusGame")
    played = OldGame.objects.create(
        player=dan,
        seed="s1",
        level="hard",
        opponents=2,
        status="finished",
        rank=1,
        goals=[{"1,2": 3}, None, None],
        moves=[{"cell": "1,1"}],
        turn=23,
        hints_used=1,
    )
    OldGame.objects.create(player=dan, seed="s2", level="easy", opponents=1)
    hint = old.get_model("puzzles", "VersusHint").objects.create(
        game=played, turn=4, status="ready", move={"cell": "2,2"}, expected_score=51.5
    )
    review = old.get_model("puzzles", "VersusAnalysis").objects.create(
        game=played, status="ready", done=22, result={"accuracy": 90}
    )
    for model in ("versusgame", "versushint", "versusanalysis"):
        ContentType.objects.get_or_create(app_label="puzzles", model=model)
    rows = OldGame.objects.values_list("pk", "seed", "level", "opponents", "status", "goals")
    return {
        "games": set(map(repr, rows)),
        "played": played.pk,
        "hint": hint.pk,
        "review": review.pk,
    }


def check_versus(expected: dict) -> None:
    rows = VersusGame.objects.values_list("pk", "seed", "level", "opponents", "status", "goals")
    assert set(map(repr, rows)) == expected["games"]
    played = VersusGame.objects.get(pk=expected["played"])
    assert (played.rank, played.turn, played.hints_used) == (1, 23, 1)
    assert [(h.pk, h.turn, h.move) for h in played.hints.all()] == [
        (expected["hint"], 4, {"cell": "2,2"})
    ]
    assert (played.analysis.pk, played.analysis.result) == (expected["review"], {"accuracy": 90})
    for model in (VersusGame, VersusHint, VersusAnalysis):
        assert ContentType.objects.get_for_model(model).app_label == "versus"
    # Usable: new rows take the next ids, and the player's delete reaches every table.
    dan = played.player
    new = VersusGame.objects.create(player=dan, seed="s3", level="medium", opponents=3)
    assert new.pk > expected["played"]
    VersusHint.objects.create(game=new, turn=1)
    dan.delete()
    assert not VersusGame.objects.exists() and not VersusHint.objects.exists()
    assert not VersusAnalysis.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_database_filled_before_the_moves_keeps_every_row():
    try:
        old = migrate_to(BEFORE)
        expected = fill_groups(old), fill_versus(old)
    finally:
        migrate_to()  # whatever happened, the next tests find the latest schema
    check_groups(expected[0])
    check_versus(expected[1])


def manage(*args, database_url: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


@pytest.mark.slow  # starts a process
def test_a_fresh_sqlite_database_migrates_and_the_models_agree(tmp_path):
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    done = manage("migrate", "-v0", database_url=url)
    assert done.returncode == 0, done.stderr
    check = manage("makemigrations", "--check", "--dry-run", database_url=url)
    assert check.returncode == 0, check.stdout + check.stderr
