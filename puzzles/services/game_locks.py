"""The guards of a game about to change: its row locked, and what may not happen to it now
(another player's, over, set aside, the day closed, or a practice game that would show a
ranked game's secret deal). Shared by moves and hints (``games``, ``hints``)."""

from django.utils import timezone

from core.errors import Conflict, NotFound

from ..models import Game, Player
from ..rows import game_with_par


class DayClosed(Conflict):
    """A move or hint for a ranked game after its day's close (docs/design.md, Phase 2)."""

    code = "day_closed"


def lock_game(game_id: int, player: Player) -> Game | None:
    """The player's game, its row locked until the transaction ends (with its challenge).

    Only the game row ("of self"): the challenge row is shared by every game of the day, and
    locking it too would serialise all of the day's moves. The day's par comes in the same
    query (not locked), for the answer.
    """
    return game_with_par(game_id, player.pk, lock=True)


def lock_playing_game(game_id: int, player: Player) -> Game:
    """``lock_game`` for a move or a hint: NotFound, Conflict (over, set aside, or a practice
    game of a day whose ranked game is still to finish) or DayClosed otherwise. Inside a
    transaction."""
    game = lock_game(game_id, player)
    if game is None:
        raise NotFound(f"no game {game_id} of yours")
    if game.status == Game.Status.FINISHED:
        raise Conflict("the game is over")
    if game.disqualified and not game.ranked:  # a guest's second attempt, kept as a trace
        raise Conflict(f"this game was set aside: {game.disqualified_reason}")
    if ranked_game_pending(game):
        raise Conflict(
            f"finish your ranked game of {game.challenge.date} first: until then the day's"
            " deal is secret, and a practice game would show it"
        )
    refuse_if_expired(game)
    return game


def ranked_game_pending(game: Game) -> bool:
    """A daily's practice game of a day still open whose player's ranked game of that day is
    not finished: playing it, or practising from it, would show that day's secret deal."""
    if game.ranked or game.scenario is not None or game.challenge is None:
        return False
    if game.challenge.closes_at <= timezone.now():
        return False
    ranked = Game.objects.filter(challenge=game.challenge, player_id=game.player_id, ranked=True)
    return not ranked.filter(status=Game.Status.FINISHED).exists()


def refuse_if_expired(game: Game) -> None:
    """No ranked play after the day's close: the seed, so the whole bag, is public from then
    on. Decided here, from the clock, at each request (never left to a job)."""
    if game.expired(timezone.now()):
        closed = game.challenge.closes_at.strftime("%Y-%m-%d %H:%M UTC")
        raise DayClosed(f"the day closed at {closed}; this ranked game no longer counts")
