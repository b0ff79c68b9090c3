"""How hard a day is, in four words (docs/api.md, "The figures shown to players").

While the day is open: from par's mean placed in a shipped reference of par means over many
standard deals (``puzzles/data/par_reference.json``, made by ``python -m
research.par_reference``): its percentile there (nothing beyond par, which is public all
day), so a site's first day is labelled as well as its hundredth. A daily of another setup
has no reference: par against the mean par of the 30 days before it. After the close: from
the crowd's median against par (the day's ranked scores, read from its tally); the
percentile stays beside it."""

import bisect
import datetime
import functools
import json
import statistics
from pathlib import Path

from django.core.cache import cache
from django.db.models import Avg

from ..game_state import is_closed
from ..models import Challenge, ScoreTally, SolverRun

LABELS = ("gentle", "usual", "tough", "brutal")
# above each bound, that word (the last word below every bound)
PERCENTILE_BOUNDS = (75, 25, 10)  # par's percentile among the reference's par means
PAR_BOUNDS = (4, -4, -9)  # par minus the month's mean par (a setup without a reference)
CROWD_BOUNDS = (-14, -20, -26)  # the crowd's median minus par
MONTH = datetime.timedelta(days=30)
REFERENCE = Path(__file__).resolve().parent.parent / "data" / "par_reference.json"


@functools.cache
def reference() -> dict:
    """The shipped reference: ``means``, sorted (research/par_reference.py)."""
    return json.loads(REFERENCE.read_text())


def par_mean(par: dict) -> float | None:
    """The par answer's figure that difficulty reads (its ``mean``, one decimal; a par of one
    game from before par had games: its score), None until par is ready. The one place that
    says which."""
    if par["status"] != "ready":
        return None
    return par["score"] if par.get("mean") is None else par["mean"]


def percentile(par: float) -> float:
    """The share of the reference's par means below ``par`` (half of those equal to it), in
    percent, one decimal."""
    means = reference()["means"]
    below, upto = bisect.bisect_left(means, par), bisect.bisect_right(means, par)
    return round(100 * (below + upto) / 2 / len(means), 1)


def _label(score: float, bounds) -> str:
    return next((LABELS[k] for k, bound in enumerate(bounds) if score > bound), LABELS[-1])


def par_percentile(setup: str, par: float | None) -> float | None:
    """``percentile`` for a deal of ``setup`` (None but for a standard deal: the reference's)."""
    return percentile(par) if setup == "standard" and par is not None else None


def by_crowd(median: float | None, par: float | None, place: float | None = None) -> dict | None:
    """By the crowd's median against par; ``place``: par's percentile, said beside it."""
    if median is None or par is None:
        return None
    score = round(median - par, 1)
    return {
        "label": _label(score, CROWD_BOUNDS),
        "score": score,
        "basis": "crowd",
        "percentile": place,
    }


def _median(challenge: Challenge) -> float | None:
    counts = []
    for score, games in ScoreTally.objects.filter(challenge=challenge).values_list(
        "score", "games"
    ):
        counts.extend([score] * games)  # a tally has one row per key: few, whatever the day
    return statistics.median(counts) if counts else None


def difficulty(challenge: Challenge, par: float | None) -> dict | None:
    """The day's difficulty from its ``par`` (``par_mean``; None while par is not ready: no
    query). What it reads besides is the past, so it is kept in the cache for a day: the
    whole answer of a closed one (its tally is final)."""
    if par is None:
        return None
    closed = is_closed(challenge)
    key = f"difficulty:2:{challenge.date}:{par}:{int(closed)}"
    found = cache.get(key)
    if found is None:
        place = par_percentile(challenge.setup, par)
        found = (closed and by_crowd(_median(challenge), par, place)) or (
            _by_month(challenge, par) if place is None else _by_reference(par, place)
        )
        cache.set(key, found, timeout=86400)
    return found


def _by_reference(par: float, place: float) -> dict:
    label = _label(place, PERCENTILE_BOUNDS)
    score = round(par - reference()["grand_mean"], 1)
    return {"label": label, "score": score, "basis": "par", "percentile": place}


def _by_month(challenge: Challenge, par: float) -> dict:
    month = (
        SolverRun.objects.filter(kind=SolverRun.Kind.PAR, status=SolverRun.Status.READY)
        .filter(challenge__date__lt=challenge.date, challenge__date__gte=challenge.date - MONTH)
        .aggregate(mean=Avg("score"))["mean"]
    )
    score = round(par - month, 1) if month is not None else 0.0
    return {"label": _label(score, PAR_BOUNDS), "score": score, "basis": "par", "percentile": None}
