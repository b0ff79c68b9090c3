"""Count the leaderboard tallies again from the games that count (all days, or --date)."""

import datetime

from django.core.management.base import BaseCommand, CommandError

from puzzles.models import Challenge
from puzzles.services.tallies import do_rebuild_tallies


class Command(BaseCommand):
    help = "Rebuild the leaderboard tallies from Game.objects.counted() (all days or --date)."

    def add_arguments(self, parser):
        parser.add_argument("--date", help="one day, like 2026-11-29")

    def handle(self, *args, date=None, **options):
        challenge = None
        if date is not None:
            try:
                day = datetime.date.fromisoformat(date)
            except ValueError:
                message = f"--date: {date!r} is not a date like 2026-11-29"
                raise CommandError(message, returncode=2) from None
            challenge = Challenge.objects.filter(date=day).first()
            if challenge is None:
                raise CommandError(f"--date: there is no challenge for {day}", returncode=2)
        self.stdout.write(f"wrote {do_rebuild_tallies(challenge)} tally rows")
