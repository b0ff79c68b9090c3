"""Challenges as the API shows them: nothing derived from the bag before the day closes."""

import datetime
import time
from functools import lru_cache

from django.conf import settings

from solver.game import Setup, cat_by_id

from .. import words
from ..game_state import deal_of, is_closed, today
from ..models import Challenge, Game, Player, SolverRun
from ..rows import challenge_with_runs
from ..shapes import CatOut, ChallengeOut, RunOut
from .difficulty import difficulty, par_mean
from .setups import border_json


def parse_date(value) -> datetime.date:
    """An ISO date from a URL or body; ValueError names the problem."""
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"date: {value!r} is not a date like 2026-11-29") from None


# The site's first daily once read, kept by the process for a minute (it changes only when an
# older day is made, by hand or ``demo_close_day``, or the oldest deleted): one query a minute
# rather than one per answer. This process's own saves and deletes update it at once (apps.py).
FIRST_DAILY_SECONDS = 60
_first: list = []  # [date, monotonic time read] once read


def first_daily() -> datetime.date | None:
    """``CALICO_FIRST_DAILY``, else the site's oldest challenge (None: there is none yet)."""
    if settings.CALICO_FIRST_DAILY:
        return settings.CALICO_FIRST_DAILY
    if not _first or time.monotonic() - _first[1] > FIRST_DAILY_SECONDS:
        oldest = Challenge.objects.order_by("date").values_list("date", flat=True).first()
        if oldest is None:
            return None
        _first[:] = [oldest, time.monotonic()]
    return _first[0]


def forget_first_daily() -> None:
    _first.clear()


def note_challenge_saved(*, instance: Challenge, **signal) -> None:
    if _first and instance.date < _first[0]:
        _first[0] = instance.date


def note_challenge_deleted(*, instance: Challenge, **signal) -> None:
    if _first and instance.date <= _first[0]:
        forget_first_daily()


def puzzle_number(date: datetime.date) -> int:
    """The daily's number: the days since the first daily (``first_daily``), which is
    number 0, the archive's "today is the first"."""
    return (date - (first_daily() or date)).days


def run_json(challenge: Challenge, kind: str) -> RunOut:
    run = next((r for r in challenge.solver_runs.all() if r.kind == kind), None)
    if run is None:
        return run_status_json(None, None)
    return run_status_json(run.status, run.score, run.figures if kind == "par" else None)


# Par's figures before any game is in (and of a run made before par had games: its one game)
NO_FIGURES = {
    "mean": None,
    "se": None,
    "games": 0,
    "of": 0,
    "low": None,
    "high": None,
    "overridden": False,
}


def run_status_json(status: str | None, score: int | None, figures: dict | None = None) -> RunOut:
    """A solver run as the API shows it; status None: there is no run. ``figures``: par's
    (``SolverRun.figures``; None for another run, which has none)."""
    out: RunOut = {"status": status or "none", "score": score}
    if figures is not None:
        out.update({**NO_FIGURES, **figures})  # type: ignore[typeddict-item]
    return out


def best_known_json(challenge: Challenge) -> RunOut:
    """The best score known for the deal: the hindsight solver's, or par's best game where
    the fair solver happened to do better (its game is a known game of the deal too)."""
    best = run_json(challenge, SolverRun.Kind.BEST)
    par = run_json(challenge, SolverRun.Kind.PAR)
    if best["status"] == par["status"] == SolverRun.Status.READY:
        best["score"] = max(best["score"], par.get("high") or par["score"])
    return best


def cat_json(cat_id: str, patterns) -> CatOut:
    cat = cat_by_id(cat_id)
    return {
        "cat": cat.id,
        "points": cat.points,
        "patterns": list(patterns),
        "requirement": words.requirement(cat),  # said when shown, in the reader's language
        "size": cat.size,
        "shape": [list(cell) for cell in cat.shape] if cat.shape else None,
        "example": [list(cell) for cell in cat.example],
    }


@lru_cache(maxsize=64)
def cats_json(setup: Setup) -> list[CatOut]:
    """The setup's cats as the API shows them; made once per setup (shared: never change it)."""
    return [cat_json(cat, patterns) for cat, patterns in setup.cats]


def challenge_json(challenge: Challenge, player: Player | None = None) -> ChallengeOut:
    setup = deal_of(challenge).setup
    closed = is_closed(challenge)
    data = {
        "date": challenge.date.isoformat(),
        "number": puzzle_number(challenge.date),
        "setup": setup.kind,
        "variant": setup.variant,
        "board": setup.board,
        "border": border_json(setup),
        "cats": cats_json(setup),
        "commitment": challenge.commitment,
        "seed": challenge.seed if closed else None,
        "closed": closed,
        "par": run_json(challenge, SolverRun.Kind.PAR),
        "best_known": best_known_json(challenge) if closed else None,
        "ranked_game": _ranked_game_id(challenge, player),
    }
    par = data["par"]
    data["difficulty"] = difficulty(challenge, par_mean(par))
    if setup.goals is not None:
        data["goals"] = dict(setup.goals)
    else:
        data["goal_options"] = list(setup.goal_options)
    return data


def _ranked_game_id(challenge: Challenge, player: Player | None) -> int | None:
    if player is None or not player.is_authenticated:
        return None
    return (
        Game.objects.filter(challenge=challenge, player=player, ranked=True)
        .values_list("pk", flat=True)
        .first()
    )


ARCHIVE_PAGE_SIZE = 30  # days per page of the archive (the API's and the page's)


def archive():
    """Past challenges, newest first (a queryset, paged by the API and the page)."""
    return Challenge.objects.filter(date__lt=today()).prefetch_related("solver_runs")


def day_challenge(date: datetime.date) -> Challenge | None:
    """The day's challenge with its solver runs, in one query."""
    return challenge_with_runs(date)


def neighbour_days(date: datetime.date) -> tuple[datetime.date | None, datetime.date | None]:
    """The days before and after ``date`` that have a challenge (up to today): where a day's
    pages step to, skipping days without one (and never before the first day)."""
    days = Challenge.objects.values_list("date", flat=True)
    earlier = days.filter(date__lt=date).order_by("-date").first()
    later = days.filter(date__gt=date, date__lte=today()).order_by("date").first()
    return earlier, later
