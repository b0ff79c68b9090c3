"""The ratings' answers, each shape written once (as ``puzzles.shapes``)."""

from typing import Annotated, TypedDict

from core.shapes import IsoDate, IsoDateTime


class RatingPointOut(TypedDict):
    date: IsoDate
    value: Annotated[int, "the rating after that day"]


class RatingOut(TypedDict):
    value: Annotated[int, "the rating on the site's scale (a new player starts at 1500)"]
    deviation: Annotated[int, "its uncertainty on the same scale (one standard deviation)"]
    provisional: Annotated[bool, "fewer than five days rated"]
    days: Annotated[int, "days rated"]
    history: list[RatingPointOut]
    updates_at: Annotated[IsoDateTime, "the next rating of the closed days, minutes after a close"]


class RatingEntryOut(TypedDict):
    rank: int
    player: str
    value: int
    deviation: int
    provisional: bool


class RatingBoardOut(TypedDict):
    entries: list[RatingEntryOut]
