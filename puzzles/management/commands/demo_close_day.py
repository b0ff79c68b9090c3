"""A demo of a day's close on a fresh local site, without moving the clock: today's daily and
its games become yesterday's (closed: the seed out, the leaderboard final), a new daily opens
for today, and the beat's after-close jobs run at once (the day's story, the ratings, the
dashboards). For a real close under a moved clock, see docs/operations.md ("Seeing a day
close on your own machine").

Only on a local database (SQLite, or DEBUG on) whose only daily is today's: an older day's
rows elsewhere (ratings, stories) are dated and would no longer match."""

import datetime

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import F

from puzzles.game_state import today
from puzzles.models import Challenge, Game

# The beat's jobs of each close (calico_site/settings.py), in their order: by name, so that
# this app imports none of the apps built on it.
AFTER_CLOSE = ("daily-challenge", "tell-closed-days", "rate-closed-days", "fill-dashboards")
DAY = datetime.timedelta(days=1)


class Command(BaseCommand):
    help = "Demo: make today's daily yesterday's (closed) and run the close's jobs (local only)."

    def handle(self, *args, **options):
        local = settings.DATABASES["default"]["ENGINE"].endswith("sqlite3") or settings.DEBUG
        if not local:
            raise CommandError(
                "demo_close_day rewrites dates: only on a local database (SQLite, or DEBUG=true)",
                returncode=2,
            )
        current_app.loader.import_default_modules()  # every app's tasks, registered by name
        jobs = [current_app.tasks[settings.CELERY_BEAT_SCHEDULE[e]["task"]] for e in AFTER_CLOSE]
        day = today()
        if Challenge.objects.filter(date__lt=day).exists():
            raise CommandError(
                "demo_close_day works on a site whose only daily is today's (this one has "
                "older days): use the clock recipe in docs/operations.md instead",
                returncode=2,
            )
        with transaction.atomic():
            moved = Challenge.objects.filter(date=day).update(date=day - DAY)
            if not moved:
                raise CommandError(f"there is no daily for {day}: run ensure_daily", returncode=2)
            games = Game.objects.filter(challenge__date=day - DAY)
            games.update(created_at=F("created_at") - DAY)
            games.exclude(finished_at=None).update(finished_at=F("finished_at") - DAY)
        self.stdout.write(f"the daily of {day} is now the closed day {day - DAY}")
        for job in jobs:
            job.apply(throw=True)
            self.stdout.write(f"ran {job.name}")
