"""The plain types the answers' shapes are written with (the daily's ``shapes`` says how), and the
one shape every app's errors share. Plain typing only: every app's ``shapes`` imports it."""

from dataclasses import dataclass
from typing import Annotated, Any, TypedDict


@dataclass(frozen=True)
class Format:
    """A string's format in the schema: ``Annotated`` metadata (``IsoDate``, ``Url``)."""

    name: str


IsoDate = Annotated[str, Format("date")]
IsoDateTime = Annotated[str, Format("date-time")]
Url = Annotated[str, Format("uri")]
Json = Any


class ErrorOut(TypedDict):
    error: str
    detail: str
