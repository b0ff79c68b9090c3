"""The stored scenario pass rates were the fair solver's, which plays for points; the figure
is now the pass rate of the solver that plays for the pass. Dropping the old rows lets
``manage.py ensure_scenario_rates`` (run by ``make serve``) compute the new ones, once."""

from django.db import migrations


def drop_old_rates(apps, schema_editor):
    apps.get_model("puzzles", "ScenarioPassRate").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0009_username_case_insensitive"),
    ]

    operations = [migrations.RunPython(drop_old_rates, migrations.RunPython.noop)]
