"""The 2–4 player game: players take turns clockwise (in seat order) around a shared
market whose taken slot is simply refilled from the bag (RULES.md, "A turn")."""

from .errors import RulesError
from .quilt import Layout, Quilt
from .rng import SeededStream
from .solo import TURNS, Move

PLAYERS = range(2, 5)


class MultiplayerGame:
    """Each seat has its own quilt layout (board and goals; the cats are shared)."""

    def __init__(self, layouts: list[Layout], seed: str, copies: int = 3):
        if len(layouts) not in PLAYERS:
            raise RulesError("a multiplayer game has 2 to 4 players")
        if len({layout.cats for layout in layouts}) != 1:
            raise RulesError("every player scores the same three cats")
        if copies not in (2, 3) or (copies == 2 and len(layouts) != 2):
            raise RulesError("3 copies of each patch, or 2 (lower variance) with 2 players")
        bag = SeededStream(seed).shuffle([p for p in range(36) for _ in range(copies)])
        self.quilts = [Quilt(layout) for layout in layouts]
        self.hands = [[bag.pop(0), bag.pop(0)] for _ in layouts]
        self.market = [bag.pop(0) for _ in range(3)]
        self.bag = bag
        self.seat = 0  # whose turn it is
        self.turns_taken = [0] * len(layouts)

    @property
    def finished(self) -> bool:
        return all(taken == TURNS for taken in self.turns_taken)

    def play(self, move: Move):
        """The current seat places a hand patch, then (before its last turn) takes a market
        patch and the slot is refilled; play passes to the next seat."""
        if self.finished:
            raise RulesError("the game is over")
        seat, hand = self.seat, self.hands[self.seat]
        last = self.turns_taken[seat] == TURNS - 1
        if not (type(move.hand_index) is int and 0 <= move.hand_index < len(hand)):
            raise RulesError(f"hand_index must be 0 to {len(hand) - 1}")
        if last != (move.market_index is None) or (
            not last and not (type(move.market_index) is int and 0 <= move.market_index < 3)
        ):
            raise RulesError("market_index must be 0, 1 or 2 (null on a player's last turn)")
        award = self.quilts[seat].place(move.cell, hand[move.hand_index])
        hand.pop(move.hand_index)
        if not last:
            hand.append(self.market[move.market_index])
            self.market[move.market_index] = self.bag.pop(0)
        self.turns_taken[seat] += 1
        self.seat = (seat + 1) % len(self.quilts)
        return award

    def standings(self) -> list[int]:
        """Seats from first to last by the rulebook's tiebreak."""
        keys = [quilt.tiebreak_key() for quilt in self.quilts]
        return sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
