"""The versus answers, each shape written once (as ``puzzles.shapes``): what
``versus.selectors`` and ``versus.api`` return, and what the schema shows
(``tests/versus/test_versus_shapes.py`` holds real answers to them)."""

from typing import Annotated, Literal, TypedDict

from core.shapes import IsoDateTime, Json
from puzzles.shapes import AnalysisOut, CatOut, HintOut, PatchOut
from solver.game import TURNS

VersusStatus = Literal["choosing", "playing", "finished"]


class LevelRecordOut(TypedDict):
    played: Annotated[int, "finished versus games at this level"]
    won: Annotated[int, "of them, finished first (ties shared)"]


class VersusRecordOut(TypedDict):
    easy: LevelRecordOut
    medium: LevelRecordOut
    hard: LevelRecordOut


class SeatOut(TypedDict):
    """A seat's quilt as everyone at the table sees it."""

    name: Annotated[str, '"you" or an opponent\'s name']
    board: str
    border: Annotated[dict[str, PatchOut], '{"r,c": patch}']
    goals: Annotated[dict[str, str] | None, '{"r,c": goal id}; null while you choose yours']
    quilt: Annotated[Json | None, "a quilt file (docs/rules.md)"]
    score: Annotated[Json | None, "the score object (docs/rules.md)"]


class YouOut(SeatOut):
    """Your seat: its quilt, your goal options, your hand and the spaces left."""

    goal_options: list[str]
    hand: Annotated[list[PatchOut], "empty while you choose your goals"]
    empty_cells: list[str]


class OpponentOut(SeatOut):
    """An opponent's seat: its quilt and the solver's level playing it."""

    level: str


class PlacementOut(TypedDict):
    name: str
    turn: int
    cell: str
    patch: PatchOut


class VersusStandingOut(TypedDict):
    name: str
    score: int
    cats: int
    buttons: int
    rank: Annotated[int, "1 is first; ties share a rank"]


class VersusOut(TypedDict):
    id: int
    status: VersusStatus
    level: str
    turn: Annotated[int, f"your next turn, 1-{TURNS}"]
    you: YouOut
    opponents: list[OpponentOut]
    market: Annotated[list[PatchOut], "the three face-up patches"]
    to_move: Annotated[str | None, '"you" or an opponent\'s name']
    result: Annotated[list[VersusStandingOut], "the standings, at the end"]
    log: Annotated[list[PlacementOut], "every placement, in play order"]
    cats: Annotated[list[CatOut], "the three cats, shared by every quilt"]
    turns: Annotated[int, f"turns each player has ({TURNS})"]
    opponent_error: Annotated[str, "why opponents stopped"]
    hints_used: Annotated[int, "hints you asked for in this game"]


class VersusSummaryOut(TypedDict):
    id: int
    status: VersusStatus
    level: str
    opponents: int
    rank: Annotated[int | None, "yours, at the end"]
    created_at: IsoDateTime


class VersusListOut(TypedDict):
    record: VersusRecordOut
    games: Annotated[list[VersusSummaryOut], "your latest versus games"]


class VersusHintOut(HintOut):
    stale: Annotated[bool, "you have played the turn it was for"]


class VersusReplayOut(TypedDict):
    id: int
    seats: Annotated[Json, "[{name, board, border, goals, quilt, score}] at the end"]
    steps: Annotated[
        Json,
        "every placement in play order: [{name, turn, cell, patch, market_index, "
        "score (the mover's after it), hinted}]",
    ]
    result: Annotated[Json, "[{name, score, cats, buttons, rank}]"]


class VersusAnalysisOut(AnalysisOut):
    """The review of your moves: a solo analysis's shape, and how it valued them."""

    market: Annotated[
        Literal["table", "conveyor"],
        '"table": each move valued on the table\'s futures (the open market, every seat in'
        ' turn); "conveyor": as a solo game\'s (a review stored before the table review)',
    ]
