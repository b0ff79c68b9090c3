"""A day's story for the API and the page: only after the close, by any route."""

from puzzles.models import Challenge
from puzzles.selectors.challenges import is_closed
from puzzles.services.errors import NotFound

from .models import DayStory


class DayOpen(NotFound):
    """Before the close nothing of the day's story exists, for anyone (404, ``day_open``)."""

    code = "day_open"


def closed_challenge(date) -> Challenge:
    """The day's challenge once closed; NotFound (no such day) or DayOpen otherwise."""
    challenge = Challenge.objects.filter(date=date).first()
    if challenge is None:
        raise NotFound(f"date: there is no challenge for {date}")
    if not is_closed(challenge):
        raise DayOpen(f"the day of {date} is still open: its story is told after the close")
    return challenge


def story_of(challenge: Challenge) -> dict | None:
    row = DayStory.objects.filter(challenge=challenge).first()
    return None if row is None else {"date": challenge.date, "status": "ready", **row.story}
