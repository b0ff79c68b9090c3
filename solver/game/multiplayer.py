"""The 2–4 player game (docs/rules.md): each player a board and goals of their own, the same three
cats for all, hands of two, an open market of three whose taken slot is refilled from the bag,
22 turns each in seat order, and the rulebook's tiebreak.

Dealing a table from ``SeededStream(seed)`` (see rng.py), in this order:
1. the cats: for dot groups 1, 2, 3 in turn, ``choice`` of that group's cats (docs/rules.md order);
2. the patterns: ``shuffle`` of the six patterns; cat k gets shuffled patterns 2k and 2k+1;
3. the boards: ``shuffle`` of ("blue", "green", "purple", "yellow"); seat k gets board k;
4. the goals: for each seat in order, ``shuffle`` of the six goals (every player owns one of
   each); the first four are that seat's options;
5. the bag: every patch, 3 copies, in order colour, pattern, copy, then ``shuffle``; seat k's
   hand is patches 2k and 2k+1, the market slots 0, 1, 2 the next three, the rest is drawn in
   order.

Ruling (the rulebook is silent): as in solo, a player's 22nd turn has no market step (the one
patch left in hand scores nothing), so the market stays as it is for the players after them.

``TableView`` is what one seat sees: every quilt, its own hand, the market and whose turn it
is. It is built from copies and keeps no reference to the game, so an opponent handed one
cannot reach the bag or another player's hand.
"""

from collections import Counter
from dataclasses import dataclass

from .boards import BOARD_NAMES
from .errors import RulesError
from .goals import GOAL_IDS
from .patches import Color, Patch
from .quilt import Quilt
from .setups import Setup, cats_with_patterns, seeded_stream, standard_cat_ids
from .solo import TURNS, Move, Observation, check_move

PLAYERS = range(2, 5)


@dataclass(frozen=True)
class TableDeal:
    """A dealt table: one ``Setup`` per seat (its board and goal options; the cats shared),
    the hands in seat order, the market slots 0..2, then ``bag`` in draw order."""

    seed: str
    setups: tuple[Setup, ...]
    hands: tuple[tuple[Patch, Patch], ...]
    market: tuple[Patch, Patch, Patch]
    bag: tuple[Patch, ...]

    @property
    def players(self) -> int:
        return len(self.setups)


def deal_table(seed: str, players: int) -> TableDeal:
    """Deal a table of ``players`` from a seed; see the module docstring for the algorithm."""
    stream = seeded_stream(seed)
    if type(players) is not int or players not in PLAYERS:
        raise RulesError("a multiplayer game has 2 to 4 players")
    cats = cats_with_patterns(stream, standard_cat_ids(stream))
    boards = stream.shuffle(list(BOARD_NAMES))
    setups = tuple(
        Setup("standard", None, boards[seat], cats, tuple(stream.shuffle(list(GOAL_IDS))[:4]))
        for seat in range(players)
    )
    bag = stream.shuffle(setups[0].pool())
    hands = tuple((bag[2 * seat], bag[2 * seat + 1]) for seat in range(players))
    start = 2 * players
    return TableDeal(seed, setups, hands, tuple(bag[start : start + 3]), tuple(bag[start + 3 :]))


class MultiplayerGame:
    """A table in play. ``goals[seat]`` is that seat's {"r,c": goal id} (three of its four)."""

    def __init__(self, table: TableDeal, goals: list[dict]):
        if len(goals) != table.players:
            raise RulesError(f"goals: one choice per seat ({table.players})")
        self.table = table
        self.quilts = [
            Quilt(setup.layout(choice)) for setup, choice in zip(table.setups, goals, strict=True)
        ]
        self.hands: list[list[Patch]] = [list(hand) for hand in table.hands]
        self.market: list[Patch] = list(table.market)
        self._next = 0  # index of the next patch to draw from ``table.bag``
        self.seat = 0  # whose turn it is
        self.turns_taken = [0] * table.players

    @property
    def finished(self) -> bool:
        return all(taken == TURNS for taken in self.turns_taken)

    @property
    def turn(self) -> int:
        """The turn the seat to move is on (1–22; 23 once the game is over)."""
        return TURNS + 1 if self.finished else self.turns_taken[self.seat] + 1

    def check(self, move: Move) -> None:
        """Raise RulesError naming what makes ``move`` illegal for the seat to move."""
        if self.finished:
            raise RulesError("the game is over")
        check_move(move, self.hands[self.seat], self.quilts[self.seat], self.turn)

    def play(self, move: Move) -> tuple[Color, str | None, bool]:
        """The seat to move places a hand patch, then (before its last turn) takes a market
        patch and the slot is refilled from the bag; play passes to the next seat."""
        self.check(move)
        seat, hand = self.seat, self.hands[self.seat]
        award = self.quilts[seat].place(move.cell, hand.pop(move.hand_index))
        if move.market_index is not None:
            hand.append(self.market[move.market_index])
            self.market[move.market_index] = self.table.bag[self._next]
            self._next += 1
        self.turns_taken[seat] += 1
        self.seat = (seat + 1) % len(self.quilts)
        return award

    @property
    def remaining_bag(self) -> list[Patch]:
        return list(self.table.bag[self._next :])

    def view(self, seat: int) -> "TableView":
        """What ``seat`` sees now."""
        return TableView(
            seat,
            self.table.setups[seat],
            [quilt.copy() for quilt in self.quilts],
            self.hands[seat],
            self.market,
            self.turns_taken[seat] + 1,
            None if self.finished else self.seat,
        )

    def standings(self) -> list[tuple[int, int]]:
        return standings(self.quilts)


def standings(quilts: list[Quilt]) -> list[tuple[int, int]]:
    """(seat, rank) from first to last by the rulebook's tiebreak: points, then cat tokens,
    then button tokens (rainbow included); seats with equal keys share a rank."""
    keys = [quilt.tiebreak_key() for quilt in quilts]
    order = sorted(range(len(keys)), key=lambda seat: keys[seat], reverse=True)
    return [(seat, 1 + sum(key > keys[seat] for key in keys)) for seat in order]


class TableView:
    """One seat's view: its setup, every quilt (copies), its own hand, the market, its next
    turn and the seat to move (None when the game is over). ``unseen()`` is the rest of the
    bag and the other hands, as a multiset: what a player can work out, never the order."""

    __slots__ = ("hand", "market", "quilts", "seat", "setup", "to_move", "turn")

    def __init__(self, seat, setup, quilts, hand, market, turn, to_move):
        self.seat = seat
        self.setup = setup
        self.quilts = quilts
        self.hand: tuple[Patch, ...] = tuple(hand)
        self.market: tuple[Patch, ...] = tuple(market)
        self.turn = turn
        self.to_move = to_move

    @property
    def quilt(self) -> Quilt:
        return self.quilts[self.seat]

    def unseen(self) -> Counter:
        seen = Counter(patch for quilt in self.quilts for _, patch in quilt.placements)
        seen.update(self.hand)
        seen.update(self.market)
        return Counter(self.setup.pool()) - seen

    def solo_observation(self) -> Observation:
        """The seat's view as a solo observation, for the solo players: its own quilt, hand,
        market and turn, with every patch in the other quilts given as discarded (out of its
        reach, like solo's discards), so that ``unseen()`` is exactly this view's."""
        others = [
            p for seat, q in enumerate(self.quilts) if seat != self.seat for _, p in q.placements
        ]
        return Observation(self.setup, self.quilt.copy(), self.hand, self.market, others, self.turn)
