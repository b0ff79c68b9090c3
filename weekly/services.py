"""Making a week's special: its scenario in turn, its seed an HMAC of the week under the
server's seed secret (as the daily's, ``puzzles.services.challenges``), committed at once."""

import datetime
import hashlib
import hmac

from django.conf import settings
from django.db import IntegrityError, transaction

from puzzles.game_state import today
from puzzles.services.challenges import commitment_of
from puzzles.services.errors import NotFound
from solver.game import SCENARIOS

from .models import WeeklySpecial
from .weeks import week_name, week_of

FIRST_MONDAY = datetime.date(2024, 1, 1)  # the scenarios' turn counts weeks from here


def weekly_seed(week: str) -> str:
    """The deal of a week: an HMAC of ``weekly:<week>`` (never a day's message) under the
    server's seed secret."""
    key = settings.CALICO_SEED_SECRET.encode()
    return hmac.new(key, f"weekly:{week}".encode(), hashlib.sha256).hexdigest()


def scenario_of(monday: datetime.date) -> int:
    """The ten scenarios in turn, one a week: each comes back every ten weeks."""
    numbers = sorted(SCENARIOS)
    return numbers[(monday - FIRST_MONDAY).days // 7 % len(numbers)]


def do_ensure_special(monday: datetime.date) -> WeeklySpecial:
    """The special of the week starting ``monday``: made on demand for the current week only
    (a future week has none yet, and a past week without a row never had one)."""
    special = WeeklySpecial.objects.filter(monday=monday).first()
    if special is not None:
        return special
    week = week_name(monday)
    if week != week_of(today()):
        raise NotFound(f"week: there is no weekly special for {week}")
    seed = weekly_seed(week)
    try:
        with transaction.atomic():
            return WeeklySpecial.objects.create(
                week=week, monday=monday, scenario=scenario_of(monday), seed=seed,
                commitment=commitment_of(seed),
            )  # fmt: skip
    except IntegrityError:  # another request made it a moment ago
        return WeeklySpecial.objects.get(monday=monday)
