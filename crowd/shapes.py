"""The day's story as the API answers it, each shape written once (as ``puzzles.shapes``)."""

from typing import Annotated, Literal, NotRequired, TypedDict

from core.shapes import IsoDate
from puzzles.shapes import DifficultyOut, PatchOut


class CrowdScoreCountOut(TypedDict):
    score: int
    players: int


class CrowdScoresOut(TypedDict):
    histogram: list[CrowdScoreCountOut]
    par: int | None
    best_known: int | None
    median: float | None


class CrowdGoalChoiceOut(TypedDict):
    goals: Annotated[dict[str, str], '{"r,c": goal id}']
    players: int
    mean: float
    best: int
    par: Annotated[bool, "the arrangement par chose"]


class CrowdFirstMoveOut(TypedDict):
    hand: PatchOut
    cell: str
    market: PatchOut | None
    players: int
    mean: Annotated[float, "their mean final score"]


class CrowdHeatOut(TypedDict):
    color: str
    pattern: str
    share: Annotated[float, "the share of the day's quilts with that patch there"]


class CrowdGoalMetOut(TypedDict):
    goal: str
    cell: str
    colors: Annotated[int, "players who met it by colours alone"]
    patterns: int
    both: int


class CrowdCatOut(TypedDict):
    cat: str
    players: int


class CrowdHardTurnOut(TypedDict):
    turn: int
    mean_loss: float
    games: Annotated[int, "reviewed games"]


class CrowdTurnCellOut(TypedDict):
    turn: int
    cell: Annotated[str, "the space most players sewed a patch on that turn"]
    players: int


class CrowdOut(TypedDict):
    date: IsoDate
    status: Annotated[Literal["ready", "pending"], "pending: a worker is telling it; ask again"]
    players: NotRequired[int]
    scores: NotRequired[CrowdScoresOut]
    goal_choices: NotRequired[list[CrowdGoalChoiceOut]]
    first_moves: NotRequired[list[CrowdFirstMoveOut]]
    heat: NotRequired[Annotated[dict[str, CrowdHeatOut], '{"r,c": the most common patch there}']]
    goals_met: NotRequired[list[CrowdGoalMetOut]]
    cats: NotRequired[list[CrowdCatOut]]
    buttons: NotRequired[Annotated[dict[str, int], "players with a button of each colour"]]
    rainbow: NotRequired[int]
    hardest_turns: NotRequired[list[CrowdHardTurnOut]]
    turn_cells: NotRequired[list[CrowdTurnCellOut]]
    difficulty: NotRequired[DifficultyOut | None]


class CrowdSameOut(TypedDict):
    players: Annotated[int, "ranked players who made the same choice (this game's own included)"]
    mean: float
    best: NotRequired[int]


class CrowdYouOut(TypedDict):
    """One game beside its closed day's crowd (the review's crowd lines)."""

    game_id: int
    date: IsoDate
    players: Annotated[int, "the day's ranked players"]
    goals: Annotated[CrowdSameOut | None, "the same three goals on the same spaces"]
    first_move: Annotated[CrowdSameOut | None, "the same turn-1 patch, space and market take"]
    turn_cells: list[CrowdTurnCellOut]
