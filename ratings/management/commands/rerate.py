"""Rate every closed day again from the stored games, with each day's par as it stands now."""

import time

from django.core.management.base import BaseCommand

from puzzles.game_state import today
from puzzles.models import SolverRun
from ratings.services import do_rerate


class Command(BaseCommand):
    help = "Rate every closed day again from the stored games (par as it stands now)."

    def handle(self, *args, **options):
        closed = SolverRun.objects.filter(kind=SolverRun.Kind.PAR, challenge__date__lt=today())
        waiting = closed.exclude(status=SolverRun.Status.READY)
        if waiting.exists():  # a day without a ready par is rated without its anchor
            days = ", ".join(str(run.challenge.date) for run in waiting.select_related("challenge"))
            self.stderr.write(f"par is not ready on {days}: those days are rated without it")
        started = time.perf_counter()
        rated = do_rerate()
        seconds = time.perf_counter() - started
        self.stdout.write(f"rated {len(rated)} days again in {seconds:.1f} s")
