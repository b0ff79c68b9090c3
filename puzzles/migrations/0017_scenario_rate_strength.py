"""A scenario's pass rate records the strength of the player that computed it: a row computed
by another (every row so far: none recorded one) is computed again by
``manage.py ensure_scenario_rates``, so a card's figure is always the current player's."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0016_worker_job_lifecycle"),
    ]

    operations = [
        migrations.AddField(
            model_name="scenariopassrate",
            name="strength",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
