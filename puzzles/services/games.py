"""Starting games and playing moves. The engine validates and scores every move; the row is
locked while a move is applied, so a stale or repeated move changes nothing."""

import datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from solver.game import TURNS, Move, RulesError, SoloGame

from .. import limits
from ..game_state import deal_of, replay, today
from ..models import Challenge, Game, Player
from ..rows import game_with_par, save_fields
from . import scenarios
from .challenges import do_ensure_challenge
from .errors import BadInput, Conflict, DayClosed, NotFound
from .tallies import do_count_game


def _challenge_to_play(date: datetime.date) -> Challenge:
    """Today's challenge (made on demand) or an archived one; never a future day."""
    current = today()
    if date > current:
        raise NotFound(f"date: {date} has not started yet")
    if date == current:
        return do_ensure_challenge(date)
    challenge = Challenge.objects.filter(date=date).first()
    if challenge is None:
        raise NotFound(f"date: there is no challenge for {date}")
    return challenge


def do_start_game(player: Player, *, date: datetime.date, goals) -> Game:
    """A new game: the player's ranked attempt if it is today's first, else practice.

    While the ranked game of a day is unfinished, no other game of that day can start: a
    practice run would show its bag. Once the day has closed its bag is public anyway (and
    its unfinished ranked game has expired), so practice is open.
    """
    limits.enforce("games", account=player.pk)
    challenge = _challenge_to_play(date)
    try:
        SoloGame.start(deal_of(challenge), goals)
    except RulesError as error:
        raise BadInput(f"goals: {error}") from None
    ranked_game = Game.objects.filter(challenge=challenge, player=player, ranked=True).first()
    playing = ranked_game is not None and ranked_game.status == Game.Status.PLAYING
    if playing and not ranked_game.expired(timezone.now()):
        raise Conflict(f"finish your ranked game {ranked_game.pk} of {date} first")
    ranked = ranked_game is None and challenge.date == today()
    try:
        with transaction.atomic():
            return Game.objects.create(
                challenge=challenge, player=player, ranked=ranked, goals=goals or None
            )
    except IntegrityError:  # another request started the ranked game a moment ago
        raise Conflict(f"your ranked game of {date} has already started") from None


def parse_move(data) -> tuple[int, Move]:
    """A move's JSON (solo or multiplayer): the turn it is for and the move, or BadInput."""
    if not isinstance(data, dict):
        raise BadInput("a move must be an object with turn, hand_index, cell, market_index")
    turn = data.get("turn")
    if type(turn) is not int:
        raise BadInput("turn: required, a whole number (the turn this move is for)")
    try:
        return turn, Move.from_json(data)
    except RulesError as error:
        raise BadInput(str(error)) from None


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


def do_play_move(game_id: int, *, player: Player, data) -> tuple[Game, SoloGame, tuple]:
    """Apply one move to a game; returns the saved row, the engine state and the award."""
    turn, move = parse_move(data)
    with transaction.atomic():
        game = lock_playing_game(game_id, player)
        if turn != game.turn:
            raise Conflict(f"turn {turn} is stale: the game is at turn {game.turn}")
        state, _ = replay(game)
        try:
            award = state.play(move)
        except RulesError as error:
            raise BadInput(str(error)) from None
        game.moves = [*game.moves, move.to_json()]
        _record_score(game, state)
        save_fields(game, MOVE_FIELDS)
        from .hints import do_send_hint_ahead  # hints lock games with this module's helper

        do_send_hint_ahead(game)
    return game, state, award


def refuse_if_expired(game: Game) -> None:
    """No ranked play after the day's close: the seed, so the whole bag, is public from then
    on. Decided here, from the clock, at each request (never left to a job)."""
    if game.expired(timezone.now()):
        closed = game.challenge.closes_at.strftime("%Y-%m-%d %H:%M UTC")
        raise DayClosed(f"the day closed at {closed}; this ranked game no longer counts")


# What a move changes on the row (the rest, e.g. goals, is not sent again).
MOVE_FIELDS = (
    "moves",
    "turn",
    "score",
    "cat_tokens",
    "button_tokens",
    "status",
    "finished_at",
    "scenario_passed",
)


def _record_score(game: Game, state: SoloGame) -> None:
    """Denormalise the engine's score onto the row; on the last turn, finish the game."""
    score = state.quilt.score()
    game.turn = state.turn
    game.score = score["total"]
    game.cat_tokens = score["cat_tokens"]
    game.button_tokens = score["button_tokens"]
    if state.turn > TURNS:
        game.status = Game.Status.FINISHED
        game.finished_at = timezone.now()
        if game.counts:  # ranked, and not disqualified while it was played
            do_count_game(game)
        if game.scenario is not None:
            scenarios.record_result(game, state)
