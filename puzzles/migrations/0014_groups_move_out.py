"""The groups move to their own app (``groups``) with their rows: no row is copied.

In the database the two tables are renamed to the new app's names (``groups_group``,
``groups_membership``: a catalog change on PostgreSQL and SQLite, foreign keys follow); in
Django's state they leave ``puzzles`` here and ``groups.0001_initial`` adds them to ``groups``."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0013_versus_hints"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable("group", "groups_group"),
                migrations.AlterModelTable("membership", "groups_membership"),
            ],
            state_operations=[
                migrations.RemoveField(model_name="membership", name="group"),
                migrations.RemoveField(model_name="membership", name="player"),
                migrations.DeleteModel(name="Group"),
                migrations.DeleteModel(name="Membership"),
            ],
        ),
    ]
