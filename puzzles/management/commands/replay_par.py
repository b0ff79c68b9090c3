"""Play par again as the mean of CALICO_PAR_GAMES games, for the days whose par has fewer
planned (made before par had games), or one --date; then ``manage.py rerate``."""

import datetime

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from puzzles.models import SolverRun
from puzzles.services.solver_runs import do_replay_par


class Command(BaseCommand):
    help = "Play par again as the mean of CALICO_PAR_GAMES games (days with fewer, or --date)."

    def add_arguments(self, parser):
        parser.add_argument("--date", help="one day, like 2026-11-29")

    def handle(self, *args, date=None, **options):
        runs = SolverRun.objects.filter(kind=SolverRun.Kind.PAR).select_related("challenge")
        if date is not None:
            try:
                day = datetime.date.fromisoformat(date)
            except ValueError:
                message = f"--date: {date!r} is not a date like 2026-11-29"
                raise CommandError(message, returncode=2) from None
            runs = runs.filter(challenge__date=day)
            if not runs.exists():
                raise CommandError(f"--date: there is no par run for {day}", returncode=2)
        else:
            runs = [r for r in runs if (r.figures.get("of") or 0) < settings.CALICO_PAR_GAMES]
        for run in runs:
            do_replay_par(run)
        self.stdout.write(f"sent par's games again for {len(runs)} days")
