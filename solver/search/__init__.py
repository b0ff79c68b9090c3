"""Players that search: baselines, beam search (hindsight and fair), hints.

Public API used by the service (``puzzles``): ``STRATEGIES``, ``make_player``, ``play_game``,
``hint``. Nothing here imports Django.
"""

from .base import GameRecord, Player, play_game
from .hints import Hint, hint
from .players import BeamPlayer, FairPlayer, HindsightPlayer
from .simple import GreedyPlayer, RandomPlayer

STRATEGIES = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "beam": BeamPlayer,
    "fair": FairPlayer,
    "hindsight": HindsightPlayer,
}


def make_player(strategy: str, seed: str = "", **options) -> Player:
    """A player by strategy name; ``seed`` makes a randomised player reproducible."""
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}; choose from {', '.join(STRATEGIES)}")
    return STRATEGIES[strategy](seed=seed, **options)


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
]
