"""The groups' tables, moved from ``puzzles`` (``puzzles.0014_groups_move_out`` renamed them):
created here in Django's state only, the database has them already (a fresh database made them
in ``puzzles``' migrations). The content types follow, so that permissions and the admin's log
keep pointing at them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import groups.models

MODELS = ["group", "membership"]


def move_content_types(apps, schema_editor, source="puzzles", target="groups"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    ContentType.objects.using(db).filter(app_label=source, model__in=MODELS).update(
        app_label=target
    )


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="groups", target="puzzles")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("puzzles", "0014_groups_move_out"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Group",
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
                        ("name", models.CharField(max_length=60)),
                        ("invite_code", models.CharField(max_length=16, unique=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "owner",
                            models.ForeignKey(
                                on_delete=groups.models.pass_group_ownership,
                                related_name="owned_groups",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                ),
                migrations.CreateModel(
                    name="Membership",
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
                        ("joined_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "group",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="memberships",
                                to="groups.group",
                            ),
                        ),
                        (
                            "player",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="memberships",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                ),
                migrations.AddField(
                    model_name="group",
                    name="members",
                    field=models.ManyToManyField(
                        related_name="player_groups",
                        through="groups.Membership",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                migrations.AddConstraint(
                    model_name="membership",
                    constraint=models.UniqueConstraint(
                        fields=("group", "player"), name="one_membership"
                    ),
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back, elidable=True),
    ]
