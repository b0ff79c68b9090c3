"""A game's state is never stored: it is rebuilt by replaying its moves with the engine."""

from functools import lru_cache

from solver.game import SCENARIOS, Deal, Move, SoloGame, deal

from ..models import Challenge, Game


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
