"""Remove guests that were never used (also on the beat schedule, daily)."""

from django.core.management.base import BaseCommand, CommandError

from accounts.services.guests import do_prune_guests


class Command(BaseCommand):
    help = (
        "Delete guests older than CALICO_GUEST_DAYS (or --days) with no game, versus table "
        "or group."
    )

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, help="age in days (default: CALICO_GUEST_DAYS)")

    def handle(self, *args, days=None, **options):
        if days is not None and days < 0:
            raise CommandError(f"--days: {days} is negative", returncode=2)
        self.stdout.write(f"removed {do_prune_guests(days)} unused guests")
