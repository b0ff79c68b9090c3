"""One username whatever its case on every database: ``Player.username_key`` (NFKC, trimmed,
case-folded), unique. SQLite's UPPER() knows only ASCII, so ``élodie`` and ``ÉLODIE`` could
both register there (issue 41, point 8). Usernames that already clash stop the migration,
naming them (as 0009 does): rename all but one and migrate again. Nothing is renamed
silently."""

import unicodedata
from collections import defaultdict

from django.db import migrations, models


def key(username: str) -> str:
    return unicodedata.normalize("NFKC", username).strip().casefold()


def fill_keys(apps, schema_editor):
    Player = apps.get_model("puzzles", "Player")
    players = Player.objects.using(schema_editor.connection.alias)
    names = defaultdict(list)
    for pk, username in players.values_list("pk", "username").iterator():
        names[key(username)].append((pk, username))
    clashes = [sorted(name for _, name in group) for group in names.values() if len(group) > 1]
    if clashes:
        listed = "; ".join(", ".join(group) for group in clashes)
        raise RuntimeError(
            f"usernames that differ only in case: {listed}. Rename all but one of each "
            "and migrate again."
        )
    for found, [(pk, _)] in names.items():
        players.filter(pk=pk).update(username_key=found)


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0020_durable_limits"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="username_key",
            field=models.CharField(editable=False, max_length=150, null=True),
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="player",
            name="username_key",
            field=models.CharField(editable=False, max_length=150, null=True, unique=True),
        ),
    ]
