"""A player's profile: stats, streaks, score histogram and recent days.

Everything comes from the player's counted games (``Game.objects.counted``) in two indexed queries
(and one per section the other apps add, ``PROFILE_SECTIONS``: versus its record): the whole
history (one row per day: date, score, par) and the recent days with their rank.

Formulas, as shown to players:
- streak: consecutive UTC days with a finished ranked game. The current streak runs back from
  today if today's game is finished, else from yesterday (an unfinished today does not break
  it); a day is the challenge's date, whose clock is ``puzzles.game_state.today`` (UTC). A
  streak freeze, earned for each 7 days of a streak (2 held at most), covers a missed day by
  itself (``streak_record``): the streak goes on, the day not counted in it.
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
from ..models import Game, Player, ScoreTally, SolverRun, username_key
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


# What an app built on puzzles adds to a player's export (``account.export``): name -> the
# player's rows of that app as JSON, registered in its ``AppConfig.ready``.
EXPORT_SECTIONS: dict[str, Callable[[Player], object]] = {}


def add_export_section(name: str, read: Callable[[Player], object]) -> None:
    EXPORT_SECTIONS[name] = read


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


FREEZE_EVERY = 7  # days of streak that earn one freeze
FREEZES_HELD = 2  # at most


@dataclass(frozen=True)
class StreakRecord:
    current: int
    longest: int
    held: int  # freezes held now
    used: tuple[datetime.date, ...]  # the missed days a freeze covered


def streak_record(days: list[datetime.date], current_day: datetime.date) -> StreakRecord:
    """The streaks of ``days`` (ascending, distinct played days) up to ``current_day``, with
    freezes: one earned at each ``FREEZE_EVERY`` days of a streak (at most ``FREEZES_HELD``),
    and used by themselves on missed days, one a day, when they cover the whole gap (a gap
    longer than the freezes held breaks the streak and leaves them held). A covered day keeps
    the streak going without counting in it. Today, not over, is never missed."""
    held, used, run, longest = 0, [], 0, 0
    previous = None
    one_day = datetime.timedelta(days=1)

    def bridge(gap_from: datetime.date, gap_to: datetime.date) -> bool:
        """Cover the missed days from ``gap_from`` to ``gap_to`` (inclusive) if it can."""
        nonlocal held
        missed = (gap_to - gap_from).days + 1
        if missed > held:
            return False
        held -= missed
        used.extend(gap_from + one_day * k for k in range(missed))
        return True

    for day in days:
        if previous is None or not (
            day - previous == one_day or bridge(previous + one_day, day - one_day)
        ):
            run = 0
        run += 1
        if run % FREEZE_EVERY == 0:
            held = min(FREEZES_HELD, held + 1)
        longest = max(longest, run)
        previous = day
    alive = previous is not None and (
        current_day - previous <= one_day or bridge(previous + one_day, current_day - one_day)
    )
    return StreakRecord(run if alive else 0, longest, held, tuple(used))


def streaks(days: list[datetime.date], current_day: datetime.date) -> tuple[int, int]:
    """(current, longest) streaks of ``days``, freezes counted (``streak_record``)."""
    record = streak_record(days, current_day)
    return record.current, record.longest


def _stats(history: list[dict], record: StreakRecord) -> dict:
    with_par = [row["score"] - row["par"] for row in history if row["par"] is not None]
    best = max(history, key=lambda row: row["score"], default=None)  # the first day it was hit
    return {
        "ranked_games": len(history),
        "current_streak": record.current,
        "longest_streak": record.longest,
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
    record = streak_record([row["date"] for row in history], today())
    return {
        "username": player.username,
        "name": player.display_name,
        "is_guest": player.is_guest,
        "joined": player.date_joined.date(),
        "today": today(),
        "stats": _stats(history, record),
        "freezes": {"held": record.held, "used": list(record.used)},
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
    key = username_key(username)
    return Player.objects.filter(username_key=key, is_guest=False, is_active=True).first()
