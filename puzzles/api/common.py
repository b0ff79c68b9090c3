"""What the API's views share of the daily (the apps' too): a day from the path, a day's board
and its query, a hint's answer. What they share of the site is ``core.api.common``."""

from core.api.common import valid
from core.errors import BadInput, NotFound

from .. import words
from ..selectors import challenges as challenge_reads
from ..services import hint_messages
from ..shapes import HintOut
from .serializers import LeaderboardQuery


def day_of(value):
    """The date in a path; a 400 naming it otherwise."""
    try:
        return challenge_reads.parse_date(value)
    except ValueError as error:
        raise BadInput(str(error)) from None


def board_challenge(date: str):
    """The challenge of a board's day (the path's ``date``); 404 when there is none."""
    day = day_of(date)
    challenge = challenge_reads.day_challenge(day)
    if challenge is None:
        raise NotFound(f"date: there is no challenge for {day}")
    return challenge


def board_query(request) -> tuple[int, bool]:
    """A board's ``page`` and ``hints`` query parameters: (page, exclude hints)."""
    query = valid(LeaderboardQuery, request.query_params)
    return query["page"], query["hints"] == "exclude"


def hint_json(row, language: str) -> HintOut:
    """A hint row (solo or versus); its reasons and message in the request's language
    (``puzzles.words``)."""
    return {
        "id": row.pk,
        "turn": row.turn,
        "status": row.status,
        "move": row.move,
        "expected_score": row.expected_score,
        "reasons": words.reasons(row.reasons, language),
        "reason_facts": row.reasons,  # bare: the page words them (reasons.js)
        "pass_chance": getattr(row, "pass_chance", None),  # a versus hint has none
        "message": words.message(hint_messages.message_for(row), language),
    }
