"""Starting games and playing moves. The engine validates and scores every move; the row is
locked while a move is applied, so a stale or repeated move changes nothing."""

import datetime
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils import timezone

from core import limits
from core.errors import BadInput, Conflict, NotFound
from solver.game import TURNS, Move, RulesError, SoloGame

from ..game_state import deal_of, replay, today
from ..models import Challenge, Game, Player
from ..rows import save_fields
from . import scenarios
from .challenges import do_ensure_challenge
from .game_locks import lock_playing_game
from .hints import do_send_hint_ahead
from .tallies import do_count_game

# Games that an app built on puzzles starts through ``POST /api/games/``, by a field of the
# request (``weekly``: its week's special): field -> ``start(player, *, value, goals) -> Game``,
# registered in the app's ``AppConfig.ready`` (puzzles never imports it).
STARTERS: dict[str, Callable[..., Game]] = {}


def add_starter(field: str, start: Callable[..., Game]) -> None:
    STARTERS[field] = start


def do_start_by(field: str, *, player: Player, value: str, goals) -> Game:
    """A game started by the app that owns ``field``; 400 when no app does."""
    start = STARTERS.get(field)
    if start is None:
        raise BadInput(f"{field}: this site has no such game")
    return start(player, value=value, goals=goals)


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
        do_send_hint_ahead(game)
    return game, state, award


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
