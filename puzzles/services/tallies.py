"""The leaderboard tallies (``ScoreTally``): how many counted games of a day share a key.

Kept right as games start and stop counting (finished, disqualified, deleted), and rebuilt
from ``Game.objects.counted()`` by ``manage.py rebuild_tallies``.
"""

from django.db import transaction
from django.db.models import Count, F, Q
from django.db.models.signals import post_delete
from django.dispatch import receiver

from ..models import Challenge, Game, ScoreTally


def _key(game: Game) -> dict:
    return dict(
        challenge_id=game.challenge_id,
        score=game.score,
        cat_tokens=game.cat_tokens,
        button_tokens=game.button_tokens,
        hinted=game.hints_used > 0,
    )


def do_count_game(game: Game) -> None:
    """Add a game that now counts to its day's tally (in the caller's transaction)."""
    key = _key(game)
    ScoreTally.objects.get_or_create(**key)
    ScoreTally.objects.filter(**key).update(games=F("games") + 1)


def do_uncount_game(game: Game) -> None:
    """Take a game that counted out of its day's tally (disqualified or deleted)."""
    key = _key(game)
    ScoreTally.objects.filter(**key, games__gt=0).update(games=F("games") - 1)
    ScoreTally.objects.filter(**key, games=0).delete()


@receiver(post_delete, sender=Game, dispatch_uid="uncount_deleted_game")
def _uncount_deleted_game(sender, instance: Game, **kwargs) -> None:
    """A game deleted (in the admin, or with its player) leaves its day's tally with it, in
    the deleting transaction."""
    if instance.counts:
        do_uncount_game(instance)


def do_rebuild_tallies(challenge: Challenge | None = None) -> int:
    """Count every day's tallies (or one day's) again from its counted games; returns the
    number of tally rows written. Finishing a game takes no day-wide lock (DESIGN: moves of a
    day never serialise), so a game finished during a rebuild of its day may be counted
    twice or missed: rebuild a closed day, or today when it is quiet."""
    games = Game.objects.counted()
    tallies = ScoreTally.objects.all()
    if challenge is not None:
        games, tallies = games.filter(challenge=challenge), tallies.filter(challenge=challenge)
    keys = games.values("challenge_id", "score", "cat_tokens", "button_tokens").annotate(
        hinted=Q(hints_used__gt=0), games=Count("id")
    )
    with transaction.atomic():
        tallies.delete()
        rows = ScoreTally.objects.bulk_create(ScoreTally(**key) for key in keys)
    return len(rows)
