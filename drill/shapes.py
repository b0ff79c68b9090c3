"""The drill's answers, each shape written once (as ``puzzles.shapes``)."""

from typing import Annotated, Literal, TypedDict

from core.shapes import IsoDate, Json
from puzzles.shapes import PatchOut


class DrillPositionOut(TypedDict):
    game: Annotated[int, "the game the position comes from"]
    turn: int
    turns: Annotated[int, "the game's turns (the last has no market step)"]
    date: Annotated[IsoDate | None, "its day (none for a scenario game)"]
    scenario: Annotated[int | None, "its scenario, for a scenario game"]
    mark: Annotated[Literal["?", "??"], "the review's mark on the move played then"]
    hand: list[PatchOut]
    market: Annotated[list[PatchOut], "empty on the last turn"]
    quilt: Annotated[Json, "a quilt file (docs/rules.md), before the move"]
    score: Annotated[Json, "the score object (docs/rules.md), before the move"]
    goal_progress: Json
    border: Json
    goals: Annotated[dict[str, str], "goal space -> goal id"]
    empty_cells: list[str]


class DrillOut(TypedDict):
    left: Annotated[int, "positions still to solve"]
    position: Annotated[DrillPositionOut | None, "the oldest; null when the drill is empty"]


class DrillAnswerOut(TypedDict):
    id: int
    status: Literal["pending", "ready", "failed"]
    game: int
    turn: int
    move: Annotated[Json, "{hand_index, cell, market_index}: the move chosen"]
    best: Annotated[Json | None, "the judge's best move, once ready"]
    played_value: Annotated[float | None, "the final score to expect after your move"]
    best_value: Annotated[float | None, "after the best move, on the same futures"]
    solved: Annotated[bool | None, "within a point of the best: the position leaves the drill"]
    error: Annotated[str | None, "why it failed"]
