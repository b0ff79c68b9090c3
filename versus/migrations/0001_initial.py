"""The versus tables, moved from ``puzzles`` (``puzzles.0015_versus_move_out`` renamed them):
created here in Django's state only, the database has them already (a fresh database made them
in ``puzzles``' migrations). The content types follow, so that permissions and the admin's log
keep pointing at them."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

MODELS = ["versusgame", "versushint", "versusanalysis"]


def move_content_types(apps, schema_editor, source="puzzles", target="versus"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    ContentType.objects.using(db).filter(app_label=source, model__in=MODELS).update(
        app_label=target
    )


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="versus", target="puzzles")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("puzzles", "0015_versus_move_out"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="VersusGame",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("seed", models.CharField(max_length=64)),
                        (
                            "level",
                            models.CharField(
                                choices=[("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard")],
                                max_length=8,
                            ),
                        ),
                        ("opponents", models.PositiveSmallIntegerField()),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("choosing", "Choosing"),
                                    ("playing", "Playing"),
                                    ("finished", "Finished"),
                                ],
                                default="choosing",
                                max_length=10,
                            ),
                        ),
                        ("goals", models.JSONField(default=list)),
                        ("moves", models.JSONField(blank=True, default=list)),
                        ("turn", models.PositiveSmallIntegerField(default=1)),
                        ("rank", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("opponent_error", models.TextField(blank=True)),
                        ("hints_used", models.PositiveSmallIntegerField(default=0)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="versus_games",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                ),
                migrations.CreateModel(
                    name="VersusAnalysis",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("pending", "Pending"),
                                    ("running", "Running"),
                                    ("ready", "Ready"),
                                    ("failed", "Failed"),
                                ],
                                default="pending",
                                max_length=8,
                            ),
                        ),
                        ("done", models.PositiveSmallIntegerField(default=0)),
                        ("total", models.PositiveSmallIntegerField(default=22)),
                        ("result", models.JSONField(blank=True, null=True)),
                        ("error", models.TextField(blank=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "game",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="analysis",
                                to="versus.versusgame",
                            ),
                        ),
                    ],
                ),
                migrations.CreateModel(
                    name="VersusHint",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("pending", "Pending"),
                                    ("ready", "Ready"),
                                    ("failed", "Failed"),
                                ],
                                default="pending",
                                max_length=8,
                            ),
                        ),
                        ("error", models.TextField(blank=True)),
                        ("turn", models.PositiveSmallIntegerField()),
                        ("move", models.JSONField(blank=True, null=True)),
                        ("expected_score", models.FloatField(blank=True, null=True)),
                        ("reasons", models.JSONField(blank=True, default=list)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("sent_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("finished_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "game",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="hints",
                                to="versus.versusgame",
                            ),
                        ),
                    ],
                    options={
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("game", "turn"), name="one_versus_hint_per_turn"
                            )
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back, elidable=True),
    ]
