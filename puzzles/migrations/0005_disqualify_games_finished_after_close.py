"""Existing rows: a ranked game finished after its day's close (00:00 UTC after its date) used
what the close published, so it is disqualified and its day's tallies are counted again."""

from django.db import migrations
from django.db.models import Count, F, Q

REASON = "finished after the day closed at 00:00 UTC"


def disqualify_late_games(apps, schema_editor):
    Game = apps.get_model("puzzles", "Game")
    ScoreTally = apps.get_model("puzzles", "ScoreTally")
    # finished_at's UTC date (TIME_ZONE is UTC) after the challenge's date: on or after the close.
    late = Game.objects.filter(
        ranked=True,
        status="finished",
        disqualified=False,
        finished_at__date__gt=F("challenge__date"),
    )
    days = set(late.values_list("challenge_id", flat=True))
    late.update(disqualified=True, disqualified_reason=REASON)
    # As services.tallies.do_rebuild_tallies, on the historical models.
    counted = Game.objects.filter(
        challenge_id__in=days, ranked=True, status="finished", disqualified=False
    )
    keys = counted.values("challenge_id", "score", "cat_tokens", "button_tokens").annotate(
        hinted=Q(hints_used__gt=0), games=Count("id")
    )
    ScoreTally.objects.filter(challenge_id__in=days).delete()
    ScoreTally.objects.bulk_create(ScoreTally(**key) for key in keys)


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0004_game_disqualified")]

    operations = [migrations.RunPython(disqualify_late_games, migrations.RunPython.noop)]
