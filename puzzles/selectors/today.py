"""Today's challenge and its par as the site's machinery reports them (declared on
``PuzzlesConfig``): the ``today`` part of ``GET /healthz``'s report and the par figures of
``GET /metrics``."""

from prometheus_client.core import GaugeMetricFamily

from ..game_state import today
from ..models import Challenge, SolverRun

PAR_STATUSES = ("none", *SolverRun.Status.values)
NOTHING = {"challenge": None, "par": None}


def todays_par() -> tuple[Challenge | None, SolverRun | None]:
    challenge = Challenge.objects.filter(date=today()).first()
    if challenge is None:
        return None, None
    return challenge, SolverRun.objects.filter(challenge=challenge, kind=SolverRun.Kind.PAR).first()


def health(database_up: bool) -> tuple[dict, bool]:
    """Today's challenge and par; down when the day's challenge is not made yet (a par still
    being computed is reported, not down: it takes minutes). Nothing to say without a database."""
    if not database_up:
        return NOTHING, False
    challenge, par = todays_par()
    if challenge is None:
        return NOTHING, True
    report = {
        "challenge": challenge.date.isoformat(),
        "par": {"status": par.status, "score": par.score} if par else {"status": "none"},
    }
    return report, False


def metrics():
    """Today's par run's status (``none`` when there is no challenge or run yet) and score."""
    _, run = todays_par()
    status = run.status if run else "none"
    par = GaugeMetricFamily(
        "calico_par_status", "Today's par run: 1 for its status.", labels=["status"]
    )
    for name in PAR_STATUSES:
        par.add_metric([name], 1 if name == status else 0)
    yield par
    if run and run.score is not None:
        yield GaugeMetricFamily("calico_par_score", "Today's par score.", value=run.score)
