"""Play rebuilt from rows: the current UTC day, a game's deal and its replay.

A game's state is never stored: it is rebuilt by replaying its moves with the engine. These
are pure functions of model rows that both reads (``selectors``) and writes (``services``)
need; this module imports neither."""

import datetime
from functools import lru_cache

from django.apps import apps
from django.utils import timezone

from solver.game import (
    SCENARIOS,
    Deal,
    Move,
    SoloGame,
    deal,
)

from .models import Challenge, Game


def today() -> datetime.date:
    return timezone.now().astimezone(datetime.UTC).date()


def _any_app_says(question: str, game: Game) -> bool:
    """Whether an app built on puzzles answers yes to ``question(game)``, a method it declares
    on its AppConfig, found over the installed apps as the player-data protocol is: puzzles
    never imports the app."""
    return any(
        getattr(config, question)(game)
        for config in apps.get_app_configs()
        if hasattr(config, question)
    )


def seed_is_secret(game: Game) -> bool:
    """Whether this scenario game's seed, the whole bag, must stay secret even once the game is
    finished (its answer, its share): an app says so by ``keeps_seed_secret(game)`` (weekly: a
    game on the deal of a special still open)."""
    return _any_app_says("keeps_seed_secret", game)


def hidden_from_others(game: Game) -> bool:
    """Whether nobody but its player may see this finished game for now, move or quilt (its
    replay, its share's picture, a practice copy of it, its crowd figures), whatever the day:
    an app says so by ``hides_game(game)`` (duels: a game of a duel not yet done)."""
    return _any_app_says("hides_game", game)


def is_closed(challenge: Challenge) -> bool:
    """Whether the challenge's day has closed (00:00 UTC after its date): its seed is out."""
    return challenge.date < today()


@lru_cache(maxsize=64)
def _deal(seed: str, setup: str, variant: str | None) -> Deal:
    return deal(seed, setup, variant)


def deal_of(challenge: Challenge) -> Deal:
    return _deal(challenge.seed, challenge.setup, challenge.variant)


def deal_of_game(game: Game) -> Deal:
    """A daily's game is dealt from its challenge, a scenario game from its own seed."""
    if game.scenario is not None:
        return _deal(game.seed, SCENARIOS[game.scenario].setup, None)
    return deal_of(game.challenge)


def replay(game: Game, turns: int | None = None) -> tuple[SoloGame, tuple | None]:
    """The engine's game after the stored moves (the first ``turns`` of them, if given), and
    what the last of them earned (``Quilt.place``'s award), or None before the first move."""
    state = SoloGame.start(deal_of_game(game), game.goals)
    award = None
    for move in game.moves[:turns]:
        award = state.play(Move.from_json(move))
    return state, award


def turns_seen(deal: Deal, goals: dict | None, moves: list[dict]):
    """Each stored move with what the player saw before it (an ``Observation``: it cannot
    reach the bag) and the engine's game just after it: ``(seen, move, state)``."""
    state = SoloGame.start(deal, goals)
    for data in moves:
        move = Move.from_json(data)
        seen = state.observation()
        state.play(move)
        yield seen, move, state
