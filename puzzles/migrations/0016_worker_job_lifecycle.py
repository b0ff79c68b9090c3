"""Every worker job row shares one lifecycle (``models.WorkerJob``,
``services/worker_queue.py``): the claim (``heartbeat_at``, ``attempts``), when it was sent and
when it finished. The new columns are filled from what the rows knew: a pass rate was sent
when it was last updated (``updated_at`` was its send time), a ready run or pass rate finished
then, and a running analysis is held by the worker that claimed it since it was sent."""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import F


def fill_from_the_old_columns(apps, schema_editor):
    db = schema_editor.connection.alias
    rates = apps.get_model("puzzles", "ScenarioPassRate").objects.using(db)
    rates.update(sent_at=F("updated_at"))
    rates.filter(status="ready").update(finished_at=F("updated_at"))
    runs = apps.get_model("puzzles", "SolverRun").objects.using(db)
    runs.filter(status="ready").update(finished_at=F("updated_at"))
    analyses = apps.get_model("puzzles", "Analysis").objects.using(db)
    analyses.filter(status="running").update(heartbeat_at=F("sent_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0015_versus_move_out"),
    ]

    operations = [
        migrations.AddField(
            model_name="analysis",
            name="attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="analysis",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="hint",
            name="attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="hint",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="scenariopassrate",
            name="attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="scenariopassrate",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="scenariopassrate",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="scenariopassrate",
            name="sent_at",
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.AddField(
            model_name="solverrun",
            name="finished_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(fill_from_the_old_columns, migrations.RunPython.noop),
    ]
