"""'Try again from here': a practice game from the position before a turn of another game.

The copy is the same deal (the challenge, or the scenario's setup and seed), the same goals
and the source's moves before that turn: replayed by the engine it stands where the source
stood, with the same hand, market, discards and the same remaining bag in the same order
(a game's state is its deal and moves, ``puzzles.game_state``). So it is offered only where the
deal is public to the caller (docs/design.md, Phase 3):

- the caller's own practice and scenario games (a practice game of an open day exists only
  once its ranked game is over, ``games.do_start_game``; a scenario game is practice);
- any game of a closed day: the caller's own, or anyone's finished ranked game (the games
  anyone may replay once the day has closed, ``selectors.replays``).

An open day's ranked game is refused with 409 ``deal_not_public``: its remaining bag is the
day's secret until the close; so is any game on the deal of a weekly special still open (its
seed is secret until the week closes, ``game_state.seed_is_secret``): the week's one ranked
try must not follow a practice of it. Someone else's game that may not be replayed is 404, as if
there were none.
"""

from django.db import transaction

from core import limits
from core.errors import BadInput, Conflict, NotFound
from solver.game import TURNS, Move, RulesError, SoloGame

from ..game_state import deal_of_game, hidden_from_others, seed_is_secret
from ..models import Game, Player
from ..selectors.challenges import is_closed
from .game_locks import ranked_game_pending


class DealNotPublic(Conflict):
    code = "deal_not_public"


def do_start_practice(game_id: int, *, player: Player, turn) -> Game:
    """A new practice game of ``player`` from the position before ``turn`` of game
    ``game_id`` (1 to the source's next turn; at most the last turn). Counts towards the
    games limit, as any new game. Raises NotFound, DealNotPublic or BadInput."""
    source = Game.objects.select_related("challenge").filter(pk=game_id).first()
    own = source is not None and source.player_id == player.pk
    if source is None or not (own or _replayable_by_anyone(source)):
        raise NotFound(f"no game {game_id} you may practise from")
    if seed_is_secret(source):  # the deal of a weekly special still open, even one's own
        raise DealNotPublic(
            f"game {game_id} is on the deal of a special still open: its deal is public only"
            " after the week closes"
        )
    if not (own and _practice(source)) and not _closed(source):
        raise DealNotPublic(
            f"game {game_id} is a ranked game of a day still open: its deal is public only"
            " after the day closes"
        )
    if ranked_game_pending(source) or _attempt_unfinished(source):
        raise DealNotPublic(
            f"game {game_id}'s deal is public to you only once the attempt that counts is"
            " finished: finish it first"
        )
    last = min(TURNS, len(source.moves) + 1)
    if type(turn) is not int or not 1 <= turn <= last:
        raise BadInput(f"turn: a whole number from 1 to {last} (the turn to play again)")
    moves = source.moves[: turn - 1]
    state = SoloGame.start(deal_of_game(source), source.goals)
    try:
        for move in moves:
            state.play(Move.from_json(move))
    except RulesError as error:  # a stored game the engine refuses: never expected
        raise BadInput(f"game {game_id} does not replay: {error}") from None
    limits.enforce("games", account=player.pk)
    score = state.quilt.score()
    with transaction.atomic():
        return Game.objects.create(
            player=player,
            challenge=source.challenge,
            scenario=source.scenario,
            seed=source.seed,
            ranked=False,
            goals=source.goals,
            moves=moves,
            turn=state.turn,
            score=score["total"],
            cat_tokens=score["cat_tokens"],
            button_tokens=score["button_tokens"],
            practice_of=source,
            practice_turn=turn,
        )


def _practice(game: Game) -> bool:
    """A game that counts nowhere: a scenario game or a daily's practice game."""
    return game.scenario is not None or not game.ranked


def _attempt_unfinished(game: Game) -> bool:
    """A scenario game whose first attempt (the game its copies came from) is unfinished:
    its seed, so its whole bag, is the player's to find out only by playing it."""
    if game.scenario is None:
        return False
    while game.practice_of_id is not None:
        game = game.practice_of
    return game.status != Game.Status.FINISHED


def _closed(game: Game) -> bool:
    return game.challenge is not None and is_closed(game.challenge)


def _replayable_by_anyone(game: Game) -> bool:
    """As ``selectors.replays.replayable_game`` for another player: finished, ranked, closed,
    and hidden by no app (a duel's game before the duel is done)."""
    public = game.status == Game.Status.FINISHED and game.ranked and _closed(game)
    return public and not hidden_from_others(game)
