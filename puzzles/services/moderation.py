"""Staff's moderation: a disqualified game leaves every leaderboard and count, and its player
sees why."""

from django.db import transaction

from core.errors import BadInput, NotFound

from ..models import Game
from .tallies import do_uncount_game

REASON_LENGTH = Game._meta.get_field("disqualified_reason").max_length


def do_disqualify_game(game_id: int, *, reason: str) -> Game:
    """Disqualify a game (locks its row). A finished ranked game leaves its day's tally; an
    unfinished one will not enter it. Disqualifying again changes nothing."""
    reason = (reason or "").strip()
    if not reason:
        raise BadInput("reason: say why (the player is shown it)")
    if len(reason) > REASON_LENGTH:
        raise BadInput(f"reason: at most {REASON_LENGTH} characters")
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise NotFound(f"no game {game_id}")
        if game.disqualified:
            return game
        counted = game.counts
        game.disqualified, game.disqualified_reason = True, reason
        game.save(update_fields=["disqualified", "disqualified_reason"])
        if counted:
            do_uncount_game(game)
    return game
