"""The strengths dashboard's answer, each shape written once (as ``puzzles.shapes``)."""

from typing import Annotated, TypedDict

from core.shapes import IsoDate


class GoalMetCountsOut(TypedDict):
    placed: Annotated[int, "days the goal was on the quilt"]
    colors: Annotated[int, "days its colour condition held (with or without the pattern one)"]
    patterns: Annotated[int, "days its pattern condition held"]
    both: Annotated[int, "days both held"]


class GoalStrengthOut(GoalMetCountsOut):
    goal: Annotated[str, "the design goal's id"]
    par: Annotated[GoalMetCountsOut, "par's counts on the same days"]


class CatStrengthOut(TypedDict):
    cat: str
    offered: Annotated[int, "days the cat was dealt"]
    got: Annotated[int, "days with at least one of its tokens"]
    par_offered: Annotated[int, "of those, days whose par game is ready"]
    par_got: Annotated[int, "par's days with one of its tokens"]


class ButtonStrengthOut(TypedDict):
    color: str
    days: Annotated[int, "days with at least one button of that colour"]
    par_days: int


class RainbowStrengthOut(TypedDict):
    days: int
    par_days: int


class PhaseLossOut(TypedDict):
    first: Annotated[int, "the phase's first turn"]
    last: Annotated[int, "its last turn"]
    turns: Annotated[int, "analysed turns in it"]
    mean_loss: Annotated[float | None, "the mean points lost a turn (None: none analysed)"]


class MarksOut(TypedDict):
    date: IsoDate
    inaccuracies: Annotated[int, "turns marked ?!"]
    mistakes: Annotated[int, "turns marked ?"]
    blunders: Annotated[int, "turns marked ??"]


class StrengthsOut(TypedDict):
    days: Annotated[int, "counted games of closed days"]
    par_days: Annotated[int, "of them, days whose par game is ready"]
    analysed: Annotated[int, "of them, days with a ready analysis"]
    goals: list[GoalStrengthOut]
    cats: list[CatStrengthOut]
    buttons: list[ButtonStrengthOut]
    rainbow: RainbowStrengthOut
    phases: list[PhaseLossOut]
    marks: Annotated[list[MarksOut], "per analysed day, oldest first (the last 30)"]
