"""One username whatever its case (``Alice`` and ``alice`` cannot both exist), enforced by a
unique index on ``UPPER(username)``, which is also what ``username__iexact`` (log-in) reads
on PostgreSQL. Usernames that already clash stop the migration, naming them: rename all but
one (the admin, or ``manage.py shell``) and migrate again. Nothing is renamed silently."""

import django.db.models.functions.text
from django.db import migrations, models
from django.db.models import Count
from django.db.models.functions import Upper

import puzzles.models


def refuse_clashing_usernames(apps, schema_editor):
    Player = apps.get_model("puzzles", "Player")
    clashes = (
        Player.objects.annotate(key=Upper("username"))
        .values("key")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
        .values_list("key", flat=True)
    )
    names = [
        sorted(Player.objects.filter(username__iexact=key).values_list("username", flat=True))
        for key in clashes
    ]
    if names:
        listed = "; ".join(", ".join(group) for group in names)
        raise RuntimeError(
            f"usernames that differ only in case: {listed}. Rename all but one of each "
            "and migrate again."
        )


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("puzzles", "0008_group_owner_succession"),
    ]

    operations = [
        migrations.AlterModelManagers(
            name="player",
            managers=[
                ("objects", puzzles.models.PlayerManager()),
            ],
        ),
        migrations.RunPython(refuse_clashing_usernames, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Upper("username"),
                name="username_case_insensitive",
            ),
        ),
    ]
