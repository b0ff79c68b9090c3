"""A player's profile: stats, streaks, score histogram and recent days.

Everything comes from the player's counted games (``Game.objects.counted``) in two indexed queries
(and one per section the other apps add, ``PROFILE_SECTIONS``: versus its record): the whole
history (one row per day: date, score, par) and the recent days with their rank.

Formulas, as shown to players:
- streak: consecutive UTC days with a finished ranked game. The current streak runs back from
  today if today's game is finished, else from yesterday (an unfinished today does not break
  it); a day is the challenge's date, whose clock is ``puzzles.game_state.today`` (UTC).
- beat_par: days whose score is above that day's par (days without a par yet do not count);
  average_vs_par: the mean of score - par over the days with a par.
- rank and percentile of a day: as on that day's global leaderboard.
"""

import datetime
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import F, FilteredRelation, OuterRef, Q, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from ..game_state import today
from ..models import Game, Player, ScoreTally, SolverRun
from ..shapes import ProfileOut
from .leaderboards import better_than, percentile

RECENT_DAYS = 14


@dataclass(frozen=True)
class ProfileSection:
    """A section that an app built on puzzles adds to a profile (versus: its record per level),
    by ``add_profile_section`` in its ``AppConfig.ready``: puzzles never imports it."""

    read: Callable[[Player], object]  # the section of a player's profile, as JSON
    shape: type  # what ``read`` answers, a TypedDict (as ``puzzles.shapes``), for the schema
    template: str  # its card on the profile page, given ``section`` (what ``read`` answered)
    help: str = ""  # the section's words in the schema


PROFILE_SECTIONS: dict[str, ProfileSection] = {}


def add_profile_section(name: str, section: ProfileSection) -> None:
    PROFILE_SECTIONS[name] = section


def _with_day_and_par(games):
    """``date`` and ``par`` (the day's par score, or None while it is not ready) on each row,
    by a join on the day's par run."""
    par_run = FilteredRelation(
        "challenge__solver_runs",
        condition=Q(
            challenge__solver_runs__kind=SolverRun.Kind.PAR,
            challenge__solver_runs__status=SolverRun.Status.READY,
        ),
    )
    return games.annotate(par_run=par_run, date=F("challenge__date"), par=F("par_run__score"))


def _tally_sum(*conditions: Q):
    """How many of the game row's day's finished ranked games meet ``conditions``."""
    tallies = ScoreTally.objects.filter(*conditions, challenge=OuterRef("challenge"))
    total = tallies.order_by().values("challenge").annotate(n=Sum("games")).values("n")
    return Coalesce(Subquery(total), Value(0))


def streaks(days: list[datetime.date], current_day: datetime.date) -> tuple[int, int]:
    """(current, longest) runs of consecutive days in ``days`` (ascending, distinct)."""
    longest = run = 0
    previous = None
    for day in days:
        run = run + 1 if previous is not None and (day - previous).days == 1 else 1
        longest = max(longest, run)
        previous = day
    one_day = datetime.timedelta(days=1)
    current = run if previous is not None and current_day - previous <= one_day else 0
    return current, longest


def _stats(history: list[dict]) -> dict:
    with_par = [row["score"] - row["par"] for row in history if row["par"] is not None]
    best = max(history, key=lambda row: row["score"], default=None)  # the first day it was hit
    current, longest = streaks([row["date"] for row in history], today())
    return {
        "ranked_games": len(history),
        "current_streak": current,
        "longest_streak": longest,
        "average": round(sum(r["score"] for r in history) / len(history), 1) if history else None,
        "best": {"score": best["score"], "date": best["date"]} if best else None,
        "beat_par": sum(1 for diff in with_par if diff > 0),
        "days_with_par": len(with_par),
        "average_vs_par": round(sum(with_par) / len(with_par), 1) if with_par else None,
    }


def _recent(player: Player) -> list[dict]:
    key = (OuterRef("score"), OuterRef("cat_tokens"), OuterRef("button_tokens"))
    rows = (
        _with_day_and_par(Game.objects.counted().filter(player=player))
        .annotate(
            better=_tally_sum(better_than(*key)),
            count=_tally_sum(),
        )
        .order_by("-date")
        .values("id", "date", "score", "par", "better", "count")[:RECENT_DAYS]
    )
    recent = []
    for row in rows:
        rank = row["better"] + 1
        recent.append(
            {
                "date": row["date"],
                "score": row["score"],
                "par": row["par"],
                "rank": rank,
                "percentile": percentile(rank, row["count"]) if row["count"] else None,
                "game_id": row["id"],
            }
        )
    return recent


def profile(player: Player) -> ProfileOut:
    """The profile of the API and the pages (``GET /api/players/{username}/``, ``/api/me/``)."""
    history = list(
        _with_day_and_par(Game.objects.counted().filter(player=player))
        .order_by("date")
        .values("date", "score", "par")
    )
    histogram = sorted(Counter(row["score"] for row in history).items())
    return {
        "username": player.username,
        "name": player.display_name,
        "is_guest": player.is_guest,
        "joined": player.date_joined.date(),
        "today": today(),
        "stats": _stats(history),
        "histogram": [{"score": score, "games": games} for score, games in histogram],
        "recent": _recent(player),
        "history": history,
        **{name: section.read(player) for name, section in PROFILE_SECTIONS.items()},
    }


def counted_days(player: Player | None, dates) -> dict[datetime.date, dict]:
    """The player's counted (ranked, finished in time) game of each of ``dates``: date ->
    {score, game_id}; none for a visitor who has not played yet."""
    if player is None or not player.is_authenticated:
        return {}
    games = Game.objects.counted().filter(player=player, challenge__date__in=list(dates))
    rows = games.values_list("challenge__date", "score", "id")
    return {day: {"score": score, "game_id": pk} for day, score, pk in rows}


def public_player(username: str) -> Player | None:
    """A player with a public page: registered players only (guests have none)."""
    return Player.objects.filter(username__iexact=username, is_guest=False).first()
