"""The groups' answers, each shape written once (as ``puzzles.shapes``): what
``groups.selectors`` returns and what the schema shows (``tests/groups/test_groups.py``'s
answers are held to them, as every API test's: ``tests/helpers/schema.py``)."""

import datetime
from typing import Annotated, TypedDict


class MemberOut(TypedDict):
    username: str
    name: str
    is_guest: Annotated[bool, "guests have no public profile"]
    owner: bool
    joined: datetime.datetime


class GroupSummaryOut(TypedDict):
    id: int
    name: str
    invite_code: str
    owner: str
    member_count: int


class GroupOut(GroupSummaryOut):
    members: list[MemberOut]


class StandingOut(TypedDict):
    username: str
    name: str
    games: int
    average: float | None
    days_won: Annotated[int, "days first on the group's board (ties too)"]


class StandingsOut(TypedDict):
    days: int
    since: datetime.date
    until: datetime.date
    members: list[StandingOut]
