"""What the API's views share (puzzles' and the apps'): the error answers for the schema,
a request body or query checked by its serializer, the caller, a day from the path, a day's
board and its query, a hint's answer."""

from .. import words
from ..selectors import challenges as challenge_reads
from ..services import hint_messages
from ..services.errors import BadInput, NotFound
from ..shapes import ErrorOut, HintOut
from .schema import serializer_for
from .serializers import LeaderboardQuery

ERROR = serializer_for(ErrorOut)
ERRORS = {400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR, 409: ERROR}
THROTTLED_ERRORS = {**ERRORS, 429: ERROR}  # limits.Throttled


def valid(serializer_class, data) -> dict:
    """``data`` checked by an input serializer; a 400 naming the field otherwise."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def day_of(value):
    """The date in a path; a 400 naming it otherwise."""
    try:
        return challenge_reads.parse_date(value)
    except ValueError as error:
        raise BadInput(str(error)) from None


def origin(request) -> str:
    """The site's scheme and host as the caller reached it, for absolute links."""
    return request.build_absolute_uri("/").rstrip("/")


def caller(request):
    """The player calling, or None for an anonymous caller."""
    return request.user if request.user.is_authenticated else None


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
        "pass_chance": getattr(row, "pass_chance", None),  # a versus hint has none
        "message": words.message(hint_messages.message_for(row), language),
    }
