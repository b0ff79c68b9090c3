"""What the leagues read of the daily: who played a ranked daily lately, and each member's
days of a week (the day's percentile as the board computes it, score minus par's mean).

The percentiles come from the days' tally rows, every key's at once (``leaderboards.day_ranks``),
so a week of 100,000 players costs what its few thousand keys cost, never a query per game
(bench/league_weeks.py)."""

import datetime
from collections import defaultdict

from puzzles.game_state import is_closed, today
from puzzles.models import Challenge, Game, SolverRun
from puzzles.selectors.challenges import run_json
from puzzles.selectors.difficulty import par_mean
from puzzles.selectors.leaderboards import day_ranks, percentile

from .standings import DayPlayed

ACTIVE_DAYS = 14  # a ranked daily in the 14 days before a Monday: placed that week
WEEK = 7


def active_players(monday: datetime.date):
    """The players (a query of their ids) with a ranked daily finished in the ``ACTIVE_DAYS``
    before ``monday`` (never a deleted account: its ranked games stay on the boards, under
    nobody's name)."""
    since = monday - datetime.timedelta(days=ACTIVE_DAYS)
    games = Game.objects.counted().filter(
        challenge__date__gte=since, challenge__date__lt=monday, player__is_active=True
    )
    return games.order_by().values_list("player_id", flat=True).distinct()


def week_days(monday: datetime.date) -> list[datetime.date]:
    return [monday + datetime.timedelta(days=n) for n in range(WEEK)]


def _day_points(challenges: list[Challenge]) -> dict[tuple, float]:
    """(challenge id, score, cats, buttons) -> the day's percentile of that key, every key of
    the days' boards."""
    ranks = day_ranks(challenges).items()
    return {key: percentile(rank, count) for key, (rank, count) in ranks}


class WeekBoards:
    """The week's days (up to today) with their par means and percentiles, read once and
    shared by every league of the week."""

    def __init__(self, monday: datetime.date):
        last = min(monday + datetime.timedelta(days=WEEK - 1), today())
        self.challenges = list(
            Challenge.objects.filter(date__gte=monday, date__lte=last).prefetch_related(
                "solver_runs"
            )
        )
        self.by_id = {c.pk: c for c in self.challenges}
        self.par = {c.pk: par_mean(run_json(c, SolverRun.Kind.PAR)) for c in self.challenges}
        self.closed = {c.pk: is_closed(c) for c in self.challenges}
        self.points = _day_points(self.challenges)

    def days_of(self, player_ids) -> dict[int, list[DayPlayed]]:
        """Each player's days played of the week, in date order."""
        games = (
            Game.objects.counted()
            .filter(player_id__in=list(player_ids), challenge__in=self.challenges)
            .order_by("challenge__date")
            .values_list("player_id", "challenge_id", "score", "cat_tokens", "button_tokens")
        )
        played = defaultdict(list)
        for player, challenge, score, cats, buttons in games:
            par = self.par[challenge]
            played[player].append(
                DayPlayed(
                    date=self.by_id[challenge].date,
                    points=self.points[(challenge, score, cats, buttons)],
                    par_diff=None if par is None else round(score - par, 1),
                    cats=cats,
                    buttons=buttons,
                    closed=self.closed[challenge],
                )
            )
        return played
