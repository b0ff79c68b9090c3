"""The versus tables move to their own app (``versus``) with their rows: no row is copied.

In the database the three tables are renamed to the new app's names (``versus_versusgame``,
``versus_versushint``, ``versus_versusanalysis``: a catalog change on PostgreSQL and SQLite,
foreign keys follow); in Django's state they leave ``puzzles`` here and
``versus.0001_initial`` adds them to ``versus``."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0014_groups_move_out"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable("versusgame", "versus_versusgame"),
                migrations.AlterModelTable("versushint", "versus_versushint"),
                migrations.AlterModelTable("versusanalysis", "versus_versusanalysis"),
            ],
            state_operations=[
                migrations.DeleteModel(name="VersusHint"),
                migrations.DeleteModel(name="VersusAnalysis"),
                migrations.DeleteModel(name="VersusGame"),
            ],
        ),
    ]
