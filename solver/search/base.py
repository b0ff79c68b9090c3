"""What every player implements, and how a whole solo game is played and recorded.

A player chooses the goals at the start (where the setup asks) and then one move per turn.
Fair players get only an ``Observation``; a hindsight player is also handed the game itself
(``sees_bag``), which is the only way to reach the bag.
"""

import time
from dataclasses import dataclass, field

from solver.game import (
    GOAL_CELLS,
    Deal,
    Move,
    Observation,
    Setup,
    SoloGame,
    cell_name,
    patch_to_json,
    quilt_to_json,
)


class Player:
    """Base class: override ``choose_move``; ``choose_goals`` has a sensible default."""

    sees_bag = False

    def choose_goals(self, setup: Setup, deal: Deal | None = None) -> dict | None:
        """{"r,c": goal id} for setups that ask for a choice: the first three options.
        ``deal`` (the whole bag) is handed only to players that ``sees_bag``."""
        if setup.goals is not None or setup.family:
            return None
        return dict(zip((cell_name(c) for c in GOAL_CELLS), setup.goal_options, strict=False))

    def choose_move(self, observation: Observation, game: SoloGame | None = None) -> Move:
        raise NotImplementedError


@dataclass
class GameRecord:
    """A finished game: enough to replay it against ``deal SEED``."""

    game: SoloGame
    goals: dict | None
    moves: list[dict] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def score(self) -> dict:
        return self.game.quilt.score()

    def to_json(self) -> dict:
        return {
            "score": self.score,
            "quilt": quilt_to_json(self.game.quilt),
            "seconds": round(self.seconds, 3),
            "moves": self.moves,
        }


def play_game(deal: Deal, player: Player) -> GameRecord:
    """Play a whole solo game of ``deal`` with ``player``."""
    started = time.perf_counter()
    goals = player.choose_goals(deal.setup, deal if player.sees_bag else None)
    game = SoloGame.start(deal, goals)
    record = GameRecord(game, goals)
    while not game.finished:
        observation = game.observation()
        move = player.choose_move(observation, game if player.sees_bag else None)
        patch = game.hand[move.hand_index]
        record.moves.append({"turn": game.turn, **move.to_json(), "patch": patch_to_json(patch)})
        game.play(move)
    record.seconds = time.perf_counter() - started
    return record
