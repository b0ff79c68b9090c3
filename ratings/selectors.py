"""Ratings as the site shows them: openskill's μ and σ on a scale where a new player starts at
1500 ± 500 and par stands at 2000 (``services.PAR_MU``)."""

import datetime

from django.conf import settings
from django.utils import timezone

from puzzles.models import Player

from .models import Rating, RatingChange
from .plackett_luce import MU, SIGMA
from .shapes import RatingBoardOut, RatingOut

SCALE = 60  # points of the site's scale per unit of μ: σ = 25/3 shows as 500
ORIGIN = 1500
PROVISIONAL_DAYS = 5
BOARD_SIZE = 100


def shown(mu: float) -> int:
    return round(ORIGIN + (mu - MU) * SCALE)


def next_rating_run(now: datetime.datetime) -> datetime.datetime:
    """When the beat next rates the closed days: its ``rate-closed-days`` entry, minutes after
    each close (calico_site/settings.py)."""
    schedule = settings.CELERY_BEAT_SCHEDULE["rate-closed-days"]["schedule"]
    at = datetime.time(min(schedule.hour), min(schedule.minute), tzinfo=datetime.UTC)
    run = datetime.datetime.combine(now.astimezone(datetime.UTC).date(), at)
    return run if run > now else run + datetime.timedelta(days=1)


def rating_of(player: Player) -> RatingOut:
    """A player's rating with its history (a new player: the starting rating, provisional)."""
    rating = Rating.objects.filter(player=player).first()
    history = RatingChange.objects.filter(player=player).values_list("date", "mu")
    mu, sigma, days = (rating.mu, rating.sigma, rating.days) if rating else (MU, SIGMA, 0)
    return {
        "value": shown(mu),
        "deviation": round(sigma * SCALE),
        "provisional": days < PROVISIONAL_DAYS,
        "days": days,
        "history": [{"date": date.isoformat(), "value": shown(m)} for date, m in history],
        "updates_at": next_rating_run(timezone.now()).isoformat().replace("+00:00", "Z"),
    }


def rating_board(members=None) -> RatingBoardOut:
    """The best ratings of players with an account (guests have no public page), the
    provisional ones after; ``members`` narrows it to a group's players."""
    ratings = Rating.objects.filter(player__is_guest=False).select_related("player")
    if members is not None:
        ratings = ratings.filter(player__in=members)
    settled = ratings.filter(days__gte=PROVISIONAL_DAYS).order_by("-mu", "player_id")
    entries, rank, last = [], 0, None
    for position, rating in enumerate(settled[:BOARD_SIZE], start=1):
        value = shown(rating.mu)
        rank = rank if value == last else position
        last = value
        entries.append(
            {
                "rank": rank,
                "player": rating.player.username,
                "value": value,
                "deviation": round(rating.sigma * SCALE),
                "provisional": False,
            }
        )
    return {"entries": entries}
