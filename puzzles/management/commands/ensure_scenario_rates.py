"""Send the fair solver's pass rate of each scenario that has none yet to the workers, once."""

from django.core.management.base import BaseCommand

from puzzles.services.scenarios import do_ensure_pass_rates


class Command(BaseCommand):
    help = "Enqueue the solver's pass rate of each scenario not computed yet (idempotent)."

    def handle(self, *args, **options):
        sent = do_ensure_pass_rates()
        listed = ", ".join(map(str, sent)) or "none (each is ready or on its way)"
        self.stdout.write(f"scenario pass rates sent to the workers: {listed}")
