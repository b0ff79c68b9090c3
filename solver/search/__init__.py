"""Players that search: baselines, beam search (hindsight and fair), hints.

Public API used by the service (``puzzles``): ``STRATEGIES``, ``make_player``, ``play_game``,
``hint``, ``position_key``. Nothing here imports Django.
"""

from .base import GameRecord, Player, play_game
from .hints import Hint, hint, position_key
from .players import BeamPlayer, FairPlayer, HindsightPlayer, search_options
from .simple import GreedyPlayer, RandomPlayer

STRATEGIES = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "beam": BeamPlayer,
    "fair": FairPlayer,
    "hindsight": HindsightPlayer,
}


def make_player(strategy: str, seed: str = "", **options) -> Player:
    """A player by strategy name; ``seed`` makes a randomised player reproducible.

    ``width``/``samples``/``depth``/``candidates``/``arrangements`` tune the searching
    players; the defaults are the par strength. Raises ValueError naming a bad strategy or
    option."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
    return STRATEGIES[strategy](seed=seed, **search_options(options))


__all__ = [
    "STRATEGIES",
    "BeamPlayer",
    "FairPlayer",
    "GameRecord",
    "GreedyPlayer",
    "HindsightPlayer",
    "Hint",
    "Player",
    "RandomPlayer",
    "hint",
    "make_player",
    "play_game",
    "position_key",
]
