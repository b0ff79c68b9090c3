"""Hints: the solver's move for a visible state, with short reasons a person understands."""

from dataclasses import dataclass, field

from solver.game import Move, Observation, patch_name

from .simple import GreedyPlayer


@dataclass
class Hint:
    move: Move
    expected_score: float
    reasons: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "move": self.move.to_json(),
            "expected_score": round(self.expected_score, 1),
            "reasons": self.reasons,
        }


def hint(observation: Observation) -> Hint:
    """The suggested move for ``observation``. Never reads the bag: it has none to read."""
    move = GreedyPlayer().choose_move(observation)
    trial = observation.quilt.copy()
    patch = observation.hand[move.hand_index]
    trial.place(move.cell, patch)
    reasons = [f"place {patch_name(patch)}: +{trial.total() - observation.quilt.total()} now"]
    return Hint(move, float(trial.total()), reasons)
