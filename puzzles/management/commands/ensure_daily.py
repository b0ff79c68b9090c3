"""Make today's challenge if it is missing (enqueuing its par), and the best-known runs of
closed days: what the 00:00 UTC beat task does, run once by ``make serve``."""

from django.core.management.base import BaseCommand

from puzzles.services.challenges import do_daily_rollover


class Command(BaseCommand):
    help = "Create today's daily challenge if missing and enqueue its par (idempotent)."

    def handle(self, *args, **options):
        challenge = do_daily_rollover()
        self.stdout.write(f"daily challenge {challenge.date}: commitment {challenge.commitment}")
