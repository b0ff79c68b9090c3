"""The weekly special as the API answers it (plain typing, as ``puzzles.shapes``)."""

from typing import Annotated, TypedDict

from puzzles.shapes import CatOut


class WeeklyParOut(TypedDict):
    status: Annotated[str, "the pass-chance run's status: none, pending, running, ready, failed"]
    pass_chance: Annotated[float | None, "the solver's pass chance on this deal, 0 to 1"]


class WeeklyTryOut(TypedDict):
    game: int
    status: Annotated[str, "playing or finished"]


class WeeklyOut(TypedDict):
    week: Annotated[str, "ISO week, e.g. 2026-W49"]
    scenario: int
    setup: str
    board: str
    cats: list[CatOut]
    goals: list[str]
    conditions: list[str]
    commitment: Annotated[str, "SHA-256 of the seed, public from the week's start"]
    seed: Annotated[str | None, "null until the week closes"]
    closed: bool
    closes_at: str
    par: Annotated[WeeklyParOut | None, "null until the week closes"]
    yours: Annotated[WeeklyTryOut | None, "the caller's one ranked try, once started"]


class WeeklyEntryOut(TypedDict):
    rank: Annotated[int, "passed first, then score, cat tokens, button tokens; ties share it"]
    player: str
    passed: bool
    score: int
    cat_tokens: int
    button_tokens: int


class WeeklyBoardOut(TypedDict):
    week: str
    players: Annotated[int, "ranked tries finished before the close"]
    entries: Annotated[list[WeeklyEntryOut], "the best 100"]
