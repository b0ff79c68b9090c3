"""Versus games: the player (seat 0) against one to three solver opponents.

The row holds the seed, the goals and every seat's moves; the state is rebuilt by replaying
them with the engine. The player's move is applied under the row lock; the opponents' turns
follow on a worker (``do_play_opponents``, enqueued on commit), each saved as soon as it is
chosen so that the page sees them placing one by one. Versus games touch no leaderboard,
tally or streak.
"""

import datetime
import logging
import secrets
from functools import lru_cache

from django.db import transaction
from django.utils import timezone

from solver.game import TURNS, MultiplayerGame, RulesError
from solver.search.versus import LEVELS, choose_goals, choose_move, make_opponent

from .. import limits
from ..models import Player, VersusGame
from ..play import replay_versus, table_of
from .errors import BadInput, Conflict, NotFound
from .games import parse_move
from .sending import do_send_task

log = logging.getLogger(__name__)
OPPONENTS = range(1, 4)
OPPONENT_SECONDS = 60  # soft limit for one run of the opponents' turns (a few seconds each)
STALLED_AFTER = datetime.timedelta(seconds=OPPONENT_SECONDS + 30)  # past the hard limit


def seat_seed(game: VersusGame, seat: int) -> str:
    return f"{game.seed}/seat-{seat}"


def do_start_versus(player: Player, *, opponents, level, address: str | None = None) -> VersusGame:
    """A new table in ``choosing``: the opponents place their goals now (the solver's goal
    choice, from their own four options); the player chooses next. Counted towards the table
    limits of the player and of the client ``address`` (a table costs web CPU to deal, and
    its opponents share the workers with every player's hints)."""
    if type(opponents) is not int or opponents not in OPPONENTS:
        raise BadInput(f"opponents: {opponents!r} must be 1, 2 or 3")
    if level not in LEVELS:
        raise BadInput(f"level: {level!r} must be one of {', '.join(LEVELS)}")
    limits.enforce("versus", account=player.pk, address=address)
    game = VersusGame(player=player, seed=secrets.token_hex(16), level=level, opponents=opponents)
    table = table_of(game.seed, opponents + 1)
    game.goals = [None] + [
        choose_goals(table.setups[seat], seat_seed(game, seat)) for seat in range(1, opponents + 1)
    ]
    game.save()
    return game


def lock_versus(game_id: int, player: Player) -> VersusGame:
    """The player's versus game, its row locked until the transaction ends."""
    game = VersusGame.objects.select_for_update().filter(pk=game_id, player=player).first()
    if game is None:
        raise NotFound(f"no versus game {game_id} of yours")
    return game


def do_choose_versus_goals(game_id: int, *, player: Player, goals) -> VersusGame:
    """Place three of the player's four goal options; play starts (the player moves first)."""
    with transaction.atomic():
        game = lock_versus(game_id, player)
        if game.status != VersusGame.Status.CHOOSING:
            raise Conflict("the goals are already chosen")
        setup = table_of(game.seed, game.opponents + 1).setups[0]
        try:
            setup.layout(goals)
        except RulesError as error:
            raise BadInput(f"goals: {error}") from None
        game.goals = [goals, *game.goals[1:]]
        game.status = VersusGame.Status.PLAYING
        game.save()
    return game


def do_play_versus_move(
    game_id: int, *, player: Player, data, address: str | None = None
) -> tuple[VersusGame, MultiplayerGame]:
    """Apply the player's move; the opponents' turns are sent to a worker on commit. Counted
    towards the versus move limits of the player and of the client ``address``."""
    turn, move = parse_move(data)
    limits.enforce("versus-moves", account=player.pk, address=address)
    with transaction.atomic():
        game = lock_versus(game_id, player)
        if game.status == VersusGame.Status.CHOOSING:
            raise Conflict("choose your goals first")
        if game.status == VersusGame.Status.FINISHED:
            raise Conflict("the game is over")
        state = replay_versus(game)
        if state.seat != 0:
            raise Conflict(f"it is not your turn: opponent {state.seat} is to move")
        if turn != state.turn:
            raise Conflict(f"turn {turn} is stale: you are on turn {state.turn}")
        try:
            state.play(move)
        except RulesError as error:
            raise BadInput(str(error)) from None
        game.moves = [*game.moves, move.to_json()]
        _record(game, state)
        game.save()
        transaction.on_commit(lambda: _enqueue_opponents(game.pk))
    return game, state


def _record(game: VersusGame, state: MultiplayerGame) -> None:
    """The player's next turn on the row; at the end, the status and the player's rank."""
    game.turn = min(state.turns_taken[0] + 1, TURNS)
    if state.finished:
        game.status = VersusGame.Status.FINISHED
        game.finished_at = timezone.now()
        game.rank = dict(state.standings())[0]


def _enqueue_opponents(game_id: int) -> None:
    """Send the opponents' turns to the workers (the hint queue: ``tasks.route``); if the
    broker refuses, say so on the row rather than leave the player waiting."""
    from ..tasks import play_versus_opponents

    row = VersusGame.objects.filter(pk=game_id)
    do_send_task(
        play_versus_opponents,
        row_id=game_id,
        seconds=OPPONENT_SECONDS,
        refused=lambda error: row.update(opponent_error=error),
    )


def do_resume_opponents(game_id: int, *, player: Player) -> VersusGame:
    """Send the opponents' turns again if they have stalled: their run failed (the error is on
    the row) or nothing moved for longer than a run may take (a lost message, a killed
    worker). Only on the player's asking, so nothing resends on its own."""
    with transaction.atomic():
        game = lock_versus(game_id, player)
        if game.status != VersusGame.Status.PLAYING or replay_versus(game).seat == 0:
            raise Conflict("the opponents are not to move")
        stalled = game.opponent_error or timezone.now() - game.updated_at > STALLED_AFTER
        if stalled:
            game.opponent_error = ""
            game.save()  # updated_at: the resend is the run's new start
            transaction.on_commit(lambda: _enqueue_opponents(game.pk))
    return game


@lru_cache(maxsize=32)
def _opponent(level: str, seed: str):
    """One solver player per seat, kept warm in the worker (its evaluator caches)."""
    return make_opponent(level, seed)


def do_play_opponents(game_id: int) -> None:
    """Play every opponent turn up to the player's next turn (or the end), one saved move at a
    time. The move is chosen outside the row lock (it takes up to seconds) and saved only if
    the game has not moved meanwhile, so a repeated task changes nothing."""
    while True:
        game = VersusGame.objects.filter(pk=game_id).first()
        if game is None or game.status != VersusGame.Status.PLAYING:
            return
        state = replay_versus(game)
        if state.seat == 0:
            return
        try:
            player = _opponent(game.level, seat_seed(game, state.seat))
            move = choose_move(player, state.view(state.seat))
        except Exception as exc:  # recorded so that the page says why, not wait forever
            log.exception("versus %s: opponent %s failed", game_id, state.seat)
            VersusGame.objects.filter(pk=game_id).update(
                opponent_error=f"{type(exc).__name__}: {exc}"
            )
            raise
        with transaction.atomic():
            locked = VersusGame.objects.select_for_update().get(pk=game_id)
            if len(locked.moves) != len(game.moves):
                return  # another run played this turn
            state.play(move)
            locked.moves = [*locked.moves, move.to_json()]
            locked.opponent_error = ""
            _record(locked, state)
            locked.save()
