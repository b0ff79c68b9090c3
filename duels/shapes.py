"""A duel as the API answers it (plain typing, as ``puzzles.shapes``)."""

from typing import Annotated, Literal, TypedDict

from core.shapes import IsoDate, Json
from puzzles.shapes import GameOut


class DealOut(TypedDict):
    kind: Literal["daily", "scenario", "weekly"]
    date: Annotated[IsoDate | None, "a daily's day"]
    scenario: Annotated[int | None, "a scenario's (or a weekly special's) number"]
    week: Annotated[str | None, "a weekly special's week, e.g. 2026-W49"]
    ranked: Annotated[bool, "today's daily: both play their ranked game"]


class ChallengerOut(TypedDict):
    player: Annotated[str, "the name others see"]
    score: Annotated[int | None, "null until the challenger's game is finished"]


class DuelMadeOut(TypedDict):
    code: str
    url: Annotated[str, "the duel page's path, /duel/<code>/"]
    deal: DealOut
    challenger: ChallengerOut


class DuelPlayerOut(TypedDict):
    player: Annotated[str, "the name others see"]
    seat: Literal["challenger", "opponent"]
    you: Annotated[bool, "the caller's seat"]
    finished: bool
    score: Annotated[int | None, "null until this player's game is finished"]
    par_diff: Annotated[float | None, "score less par's mean (a daily once par is ready)"]
    expected: Annotated[
        list[float], "expected final score after each turn; empty until both analyses are ready"
    ]
    expected_start: Annotated[float | None, "the turn-1 expectation; null until ready"]
    quilt: Annotated[Json | None, "the final quilt file; null until both games are finished"]
    points: Annotated[Json | None, "the final score object (docs/rules.md); null until done"]
    game: Annotated[int | None, "the game's id: the caller's own, or anyone's once done"]


class VerdictTurnOut(TypedDict):
    turn: int
    gap: Annotated[float, "points the turn moved the expected-score gap (always positive)"]
    to: Annotated[str, "the player it moved the gap towards"]
    gap_after: Annotated[float, "the challenger's expectation less the opponent's after it"]


class VerdictOut(TypedDict):
    winner: Annotated[str | None, "the winner's name; null for a draw"]
    analysis: Annotated[
        Literal["pending", "running", "ready", "failed"], "both games' analyses, the slower"
    ]
    turns: Annotated[
        list[VerdictTurnOut], "where the gap moved most, largest first; [] until ready"
    ]


class DuelOut(TypedDict):
    code: str
    url: Annotated[str, "the duel page's path, /duel/<code>/"]
    deal: DealOut
    status: Literal["waiting", "playing", "done"]
    play: Annotated[str | None, "the page where the caller plays the deal (null: not theirs)"]
    players: list[DuelPlayerOut]
    border: Annotated[Json | None, "the deal's border patches by cell, to draw the quilts"]
    verdict: Annotated[VerdictOut | None, "null until both games are finished"]


class DuelAcceptOut(TypedDict):
    duel: DuelOut
    game: Annotated[
        GameOut | None,
        "your game of the deal; null until you start it on the game page (a daily's, with the"
        " goals of your choosing)",
    ]


class DuelRecordOut(TypedDict):
    won: int
    lost: int
    drawn: int
