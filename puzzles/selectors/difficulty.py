"""How hard a day is, in four words (docs/api.md, "The figures shown to players").

While the day is open: from par's own score against the mean par of the 30 days before it
(nothing beyond par's score, which is public all day). After the close: from the crowd's
median against par (the day's ranked scores, read from its tally)."""

import datetime
import statistics

from django.core.cache import cache
from django.db.models import Avg

from ..game_state import is_closed
from ..models import Challenge, ScoreTally, SolverRun

LABELS = ("gentle", "usual", "tough", "brutal")
# above each bound, that word (the last word below every bound)
PAR_BOUNDS = (4, -4, -9)  # par minus the month's mean par
CROWD_BOUNDS = (-14, -20, -26)  # the crowd's median minus par
MONTH = datetime.timedelta(days=30)


def _label(score: float, bounds) -> str:
    return next((LABELS[k] for k, bound in enumerate(bounds) if score > bound), LABELS[-1])


def by_crowd(median: float | None, par: int | None) -> dict | None:
    if median is None or par is None:
        return None
    score = round(median - par, 1)
    return {"label": _label(score, CROWD_BOUNDS), "score": score, "basis": "crowd"}


def _median(challenge: Challenge) -> float | None:
    counts = []
    for score, games in ScoreTally.objects.filter(challenge=challenge).values_list(
        "score", "games"
    ):
        counts.extend([score] * games)  # a tally has one row per key: few, whatever the day
    return statistics.median(counts) if counts else None


def difficulty(challenge: Challenge, par: int | None) -> dict | None:
    """The day's difficulty from its ``par`` score (None while par is not ready: no query).
    What it reads besides is the past, so it is kept in the cache for a day: the month's
    mean par of an open day, the whole answer of a closed one (its tally is final)."""
    if par is None:
        return None
    closed = is_closed(challenge)
    key = f"difficulty:{challenge.date}:{par}:{int(closed)}"
    found = cache.get(key)
    if found is None:
        found = (closed and by_crowd(_median(challenge), par)) or _by_par(challenge, par)
        cache.set(key, found, timeout=86400)
    return found


def _by_par(challenge: Challenge, par: int) -> dict:
    month = (
        SolverRun.objects.filter(kind=SolverRun.Kind.PAR, status=SolverRun.Status.READY)
        .filter(challenge__date__lt=challenge.date, challenge__date__gte=challenge.date - MONTH)
        .aggregate(mean=Avg("score"))["mean"]
    )
    score = round(par - month, 1) if month is not None else 0.0
    return {"label": _label(score, PAR_BOUNDS), "score": score, "basis": "par"}
