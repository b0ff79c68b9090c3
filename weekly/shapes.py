"""The weekly special as the API answers it (plain typing, as ``puzzles.shapes``)."""

from typing import Annotated, TypedDict

from puzzles.shapes import CatOut


class WeeklyParOut(TypedDict):
    status: Annotated[str, "the pass-chance run's status: none, pending, running, ready, failed"]
    pass_chance: Annotated[float | None, "the solver's pass chance on this deal, 0 to 1"]


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
