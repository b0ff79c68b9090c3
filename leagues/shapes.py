"""The leagues' answers, each shape written once (as ``puzzles.shapes``)."""

from typing import Annotated, TypedDict

from core.shapes import IsoDate, IsoDateTime


class LeagueDayOut(TypedDict):
    date: IsoDate
    played: bool
    closed: Annotated[bool, "the day has closed: its points are final, its par difference shown"]
    points: Annotated[float | None, "the day's percentile on its board (null: not played)"]
    par_diff: Annotated[
        float | None, "score minus the day's par mean; null before the close or without a par"
    ]


class LeagueMemberOut(TypedDict):
    rank: Annotated[int, "by points, then par difference, then cat and button tokens; ties share"]
    player: str
    name: str
    points: Annotated[float, "the sum of each day played's percentile (today's provisional)"]
    days: Annotated[int, "days of the week played"]
    par_diff: Annotated[float, "the sum of score minus par's mean over the closed days played"]
    you: bool
    outcome: Annotated[str, "promoted, stayed or relegated once the week is settled, else ''"]
    per_day: list[LeagueDayOut]


class LeagueOut(TypedDict):
    week: Annotated[str, "ISO week, e.g. 2026-W50"]
    tier: Annotated[int, "1 (where a new player starts) to 6"]
    tier_name: str
    members: list[LeagueMemberOut]
    promote: Annotated[int, "how many at the top go up a tier after the week"]
    relegate: Annotated[int, "how many at the bottom go down a tier after the week"]
    closes_at: Annotated[IsoDateTime, "the week's end: Monday 00:00 UTC"]
    closed: bool
    settled: Annotated[bool, "the final standing is written and the tiers moved"]


class LeagueTierOut(TypedDict):
    week: str
    tier: int
    tier_name: str
    rank: Annotated[int | None, "the final rank (null until the week is settled)"]
    members: int
    outcome: str


class LeagueHistoryOut(TypedDict):
    weeks: Annotated[list[LeagueTierOut], "the player's leagues, the latest first"]
