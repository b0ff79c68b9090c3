"""A scenario game's hint keeps its chance of passing (``solver.search.hint``'s
``pass_chance``), and so does a hint computed ahead of a scenario position; null for the
daily's hints and for every row from before."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0017_scenario_rate_strength"),
    ]

    operations = [
        migrations.AddField(
            model_name="hint",
            name="pass_chance",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="positionhint",
            name="pass_chance",
            field=models.FloatField(blank=True, null=True),
        ),
    ]
