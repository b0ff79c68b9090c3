"""A league's standings from its members' days (plain data in, plain data out).

League points: the sum over the week's days played of that day's percentile on the day's board
(0–100, the share of the day's ranked games scoring at or below yours: ``leaderboards.percentile``),
so each day played adds and better play adds more. Ties: the sum of score minus par's mean over
the closed days, then the rulebook's tiebreak (cat tokens, then button tokens, summed); members
level on all of it share a rank. After the week: the top ``MOVE`` go up a tier, the bottom
``MOVE`` down (in a league under ``2 * MOVE``: half of it each way), and a member who played no
day goes down too; nobody goes up with no day played.
"""

import datetime
from dataclasses import dataclass, field

MOVE = 5


@dataclass(frozen=True)
class DayPlayed:
    date: datetime.date
    points: float  # the day's percentile (provisional while the day is open)
    par_diff: float | None  # score minus the day's par mean; None while par is not ready
    cats: int
    buttons: int
    closed: bool


@dataclass
class Standing:
    player_id: int
    days: list[DayPlayed] = field(default_factory=list)
    rank: int = 0

    @property
    def points(self) -> float:
        return round(sum(day.points for day in self.days), 1)

    @property
    def par_diff(self) -> float:
        """Over the closed days only: nothing of an open day's game is shown to the others."""
        closed = [day.par_diff for day in self.days if day.closed and day.par_diff is not None]
        return round(sum(closed), 1)

    def key(self) -> tuple:
        closed = [day for day in self.days if day.closed]
        return (
            self.points,
            self.par_diff,
            sum(day.cats for day in closed),
            sum(day.buttons for day in closed),
        )


def ranked(standings: list[Standing]) -> list[Standing]:
    """Best first, each with its rank (members level on every key share it); level members
    in the order of their player ids, so that the table does not shuffle."""
    ordered = sorted(standings, key=lambda s: s.player_id)
    ordered.sort(key=Standing.key, reverse=True)
    previous = None
    for position, standing in enumerate(ordered, start=1):
        if standing.key() != previous:
            rank, previous = position, standing.key()
        standing.rank = rank
    return ordered


def lines(size: int, tier: int, lowest: int, highest: int) -> tuple[int, int]:
    """(how many go up, how many go down) of a league of ``size`` in ``tier``."""
    moving = min(MOVE, size // 2)
    return (moving if tier < highest else 0, moving if tier > lowest else 0)


def outcome(standing: Standing, size: int, promote: int, relegate: int) -> str:
    if promote and standing.rank <= promote and standing.days:
        return "promoted"
    if relegate and (standing.rank > size - relegate or not standing.days):
        return "relegated"
    return "stayed"
