"""The versus hints and reviews store reasons as facts too (puzzles' migration 0019 says how)."""

import importlib

from django.db import migrations

facts = importlib.import_module("puzzles.migrations.0019_reasons_as_facts")
HINTS = [("versus", "VersusHint")]
ANALYSES = [("versus", "VersusAnalysis")]


def forwards(apps, schema_editor):
    facts.convert(apps, schema_editor, HINTS, ANALYSES, forwards=True)


def backwards(apps, schema_editor):
    facts.convert(apps, schema_editor, HINTS, ANALYSES, forwards=False)


class Migration(migrations.Migration):
    dependencies = [
        ("versus", "0002_worker_job_lifecycle"),
        ("puzzles", "0019_reasons_as_facts"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
