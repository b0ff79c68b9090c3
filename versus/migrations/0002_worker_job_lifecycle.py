"""The versus hints and reviews share the worker jobs' lifecycle (``puzzles.models.WorkerJob``):
the claim's ``heartbeat_at`` and ``attempts``. A running review is held by the worker that
claimed it since it was sent."""

from django.db import migrations, models
from django.db.models import F


def hold_running_reviews(apps, schema_editor):
    reviews = apps.get_model("versus", "VersusAnalysis").objects.using(
        schema_editor.connection.alias
    )
    reviews.filter(status="running").update(heartbeat_at=F("sent_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("versus", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="versusanalysis",
            name="attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="versusanalysis",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="versushint",
            name="attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="versushint",
            name="heartbeat_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(hold_running_reviews, migrations.RunPython.noop),
    ]
