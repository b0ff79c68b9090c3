"""Baseline players: uniformly random, and greedy (one ply: the best immediate score gain)."""

import random
from collections.abc import Sequence

from solver.game import TURNS, Cell, Move, Observation, Patch, Quilt

from .base import Player


class RandomPlayer(Player):
    def __init__(self, seed: str = "", **_search_options):
        self.rng = random.Random(seed)  # reproducible within one Python version; a baseline

    def choose_move(self, observation: Observation, game=None) -> Move:
        cells = observation.quilt.empty_cells
        market = None if observation.turn == TURNS else self.rng.randrange(3)
        return Move(self.rng.randrange(len(observation.hand)), self.rng.choice(cells), market)


def best_placement(quilt: Quilt, patches: Sequence[Patch]) -> tuple[int, int, Cell]:
    """(gain, index into patches, cell) of the placement with the best immediate score gain;
    ties go to the first patch and the lowest cell, so the choice is deterministic."""
    before = quilt.total()
    best = (-1, 0, 0)
    for index, patch in enumerate(patches):
        for cell in quilt.empty_cells:
            trial = quilt.copy()
            trial.place(cell, patch)
            gain = trial.total() - before
            if gain > best[0]:
                best = (gain, index, cell)
    return best


class GreedyPlayer(Player):
    """Places for the best immediate gain; takes the market patch that would then offer the
    best immediate gain next turn (each judged one ply deep, nothing further)."""

    def __init__(self, seed: str = "", **_search_options):
        pass  # deterministic: the seed is accepted for a uniform factory and not needed

    def choose_move(self, observation: Observation, game=None) -> Move:
        quilt = observation.quilt
        _, hand_index, cell = best_placement(quilt, observation.hand)
        if observation.turn == TURNS:
            return Move(hand_index, cell, None)
        after = quilt.copy()
        after.place(cell, observation.hand[hand_index])
        gains = [best_placement(after, [patch])[0] for patch in observation.market]
        return Move(hand_index, cell, gains.index(max(gains)))
