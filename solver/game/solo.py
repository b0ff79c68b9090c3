"""The solo game with the conveyor market, and what a player sees of it.

``SoloGame`` holds the full state, the bag included. ``Observation`` is what a player sees:
the setup, their quilt, hand, market, the discards and the turn. It is built from copies and
keeps no reference to the game, so a player or solver handed one cannot reach the bag.
"""

from collections import Counter
from typing import NamedTuple

from .errors import RulesError
from .hexgrid import Cell, cell_name, describe_cell, parse_cell
from .patches import Color, Patch, patch_from_json, patch_name, patch_to_json
from .quilt import Layout, Quilt
from .quilt_files import quilt_from_json, quilt_to_json
from .setups import VARIANTS, Deal, Setup

TURNS = 22


class Move(NamedTuple):
    """Place hand patch ``hand_index`` on ``cell``, then take market slot ``market_index``
    (None on the last turn, when no market step happens)."""

    hand_index: int
    cell: Cell
    market_index: int | None

    def to_json(self) -> dict:
        return {
            "hand_index": self.hand_index,
            "cell": cell_name(self.cell),
            "market_index": self.market_index,
        }

    @classmethod
    def from_json(cls, data) -> "Move":
        if not isinstance(data, dict):
            raise RulesError("a move must be an object with hand_index, cell, market_index")
        cell = parse_cell(data.get("cell"))
        if cell is None:
            raise RulesError(f"cell {data.get('cell')!r} is not a cell name like '2,4'")
        hand, market = data.get("hand_index"), data.get("market_index")
        for name, value in (("hand_index", hand), ("market_index", market)):
            if value is not None and (type(value) is not int):
                raise RulesError(f"{name} must be a whole number")
        if hand is None:
            raise RulesError("hand_index is required")
        return cls(hand, cell, market)


def conveyor(market: list[int], taken: int, draw) -> list[int]:
    """The solo market after the patch in slot ``taken`` is taken (docs/rules.md, Solo).

    Of the two left, the one farther from the bag (the higher slot) is discarded, the other
    slides to slot 2, and ``draw()`` refills slot 1 then slot 0. Returns the discarded patch
    as the last element: [slot0, slot1, slot2, discarded].
    """
    left = [patch for slot, patch in enumerate(market) if slot != taken]
    slot1 = draw()
    slot0 = draw()
    return [slot0, slot1, left[0], left[1]]


def check_move(move: Move, hand: list[Patch], quilt: Quilt, turn: int) -> None:
    """Raise RulesError naming what makes ``move`` illegal for a player holding ``hand``
    with ``quilt`` on ``turn`` (of a game not over): the solo game's and each seat's test."""
    if not (type(move.hand_index) is int and 0 <= move.hand_index < len(hand)):
        raise RulesError(f"hand_index must be 0 to {len(hand) - 1}")
    cell = move.cell
    if not (type(cell) is int and 0 <= cell < 49 and quilt.empty_mask >> cell & 1):
        raise RulesError(f"cell {describe_cell(cell)} is not an empty patch space")
    if turn == TURNS:
        if move.market_index is not None:
            raise RulesError("the last turn has no market step: market_index must be null")
    elif not (type(move.market_index) is int and 0 <= move.market_index < 3):
        raise RulesError("market_index must be 0, 1 or 2")


class SoloGame:
    """A solo game in progress. ``bag`` is the rest of the bag in draw order."""

    __slots__ = ("_next", "bag", "discarded", "hand", "market", "quilt", "setup", "turn")

    def __init__(self, setup: Setup, quilt: Quilt, hand, market, bag, discarded=(), turn=1):
        self.setup = setup
        self.quilt = quilt
        self.hand: list[Patch] = list(hand)
        self.market: list[Patch] = list(market)  # slots 0, 1, 2
        self.bag: list[Patch] = list(bag)
        self.discarded: list[Patch] = list(discarded)
        self.turn = turn
        self._next = 0  # index of the next patch to draw from ``bag``

    @classmethod
    def start(cls, deal: Deal, goals: dict | None = None) -> "SoloGame":
        """Start a dealt game; ``goals`` ({"r,c": goal id}) where the setup asks for a choice."""
        quilt = Quilt(deal.setup.layout(goals))
        return cls(deal.setup, quilt, deal.hand, deal.market, deal.bag)

    @classmethod
    def from_observation(cls, observation: "Observation", bag) -> "SoloGame":
        """A game that continues a visible state with a given (for a solver: sampled) bag."""
        obs = observation
        return cls(obs.setup, obs.quilt.copy(), obs.hand, obs.market, bag, obs.discarded, obs.turn)

    def copy(self) -> "SoloGame":
        new = SoloGame.__new__(SoloGame)
        new.setup = self.setup
        new.quilt = self.quilt.copy()
        new.hand = self.hand[:]
        new.market = self.market[:]
        new.bag = self.bag  # never mutated: drawing moves ``_next``
        new.discarded = self.discarded[:]
        new.turn = self.turn
        new._next = self._next
        return new

    @property
    def finished(self) -> bool:
        return self.turn > TURNS

    @property
    def remaining_bag(self) -> list[Patch]:
        return self.bag[self._next :]

    def legal_moves(self) -> list[Move]:
        if self.finished:
            return []
        markets = (None,) if self.turn == TURNS else range(len(self.market))
        return [
            Move(h, cell, m)
            for h in range(len(self.hand))
            for cell in self.quilt.empty_cells
            for m in markets
        ]

    def check(self, move: Move) -> None:
        """Raise RulesError naming what makes ``move`` illegal now."""
        if self.finished:
            raise RulesError("the game is over")
        check_move(move, self.hand, self.quilt, self.turn)

    def play(self, move: Move) -> tuple[Color, str | None, bool]:
        """Play a whole turn; returns what the placement earned (see ``Quilt.place``)."""
        self.check(move)
        patch = self.hand.pop(move.hand_index)
        award = self.quilt.place(move.cell, patch)
        if self.turn < TURNS:
            self.hand.append(self.market[move.market_index])
            *self.market, dropped = conveyor(self.market, move.market_index, self._draw)
            self.discarded.append(dropped)
        self.turn += 1
        return award

    def _draw(self) -> Patch:
        patch = self.bag[self._next]
        self._next += 1
        return patch

    def observation(self) -> "Observation":
        return Observation(
            self.setup, self.quilt.copy(), self.hand, self.market, self.discarded, self.turn
        )


class Observation:
    """What the player sees. ``unseen()`` is what is left of the bag as a multiset of patches:
    a player can work it out from the setup and what they have seen, so a solver may use it."""

    __slots__ = ("discarded", "hand", "market", "quilt", "setup", "turn")

    def __init__(self, setup: Setup, quilt: Quilt, hand, market, discarded, turn):
        self.setup = setup
        self.quilt = quilt
        self.hand: tuple[Patch, ...] = tuple(hand)
        self.market: tuple[Patch, ...] = tuple(market)
        self.discarded: tuple[Patch, ...] = tuple(discarded)
        self.turn = turn

    @property
    def layout(self) -> Layout:
        return self.quilt.layout

    def unseen(self) -> Counter:
        seen = Counter(patch for _, patch in self.quilt.placements)
        seen.update(self.hand)
        seen.update(self.market)
        seen.update(self.discarded)
        return Counter(self.setup.pool()) - seen

    def to_json(self) -> dict:
        """A quilt file plus the visible state (the input of ``python -m solver hint``)."""
        return {
            "setup": self.setup.to_json(),
            **quilt_to_json(self.quilt),
            "hand": [patch_to_json(p) for p in self.hand],
            "market": [patch_to_json(p) for p in self.market],
            "discarded": [patch_to_json(p) for p in self.discarded],
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, data) -> "Observation":
        if not isinstance(data, dict):
            raise RulesError("a state must be a JSON object")
        quilt = quilt_from_json(data)
        setup = _setup_for(data, quilt.layout)
        hand, market, discarded = (
            [patch_from_json(p) for p in _patch_list(data, key)]
            for key in ("hand", "market", "discarded")
        )
        turn = data.get("turn")
        placed = len(quilt.placements)
        if type(turn) is not int or turn != placed + 1:
            raise RulesError(f"turn must be {placed + 1}: the quilt holds {placed} placements")
        if turn <= TURNS and len(hand) != 2:
            raise RulesError("the hand must hold two patches")
        if turn < TURNS and len(market) != 3:
            raise RulesError("the market must hold three patches")
        market_steps = min(turn - 1, TURNS - 1)  # one discard each; none on turn 22
        if len(discarded) != market_steps:
            raise RulesError(f"on turn {turn} discarded must have length {market_steps}")
        visible = Counter(p for _, p in quilt.placements)
        visible.update(hand + market + discarded)
        for patch, count in visible.items():
            if count > setup.copies:
                raise RulesError(f"more than {setup.copies} copies of {patch_name(patch)}")
        return cls(setup, quilt, hand, market, discarded, turn)


def _patch_list(data: dict, key: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RulesError(f"{key} must be a list of patches")
    return value


def _setup_for(data: dict, layout: Layout) -> Setup:
    """The setup of a state file: its ``setup`` object, or one made from the quilt layout."""
    if isinstance(data.get("setup"), dict):
        setup = Setup.from_json(data["setup"])
        if (setup.board, setup.cats, setup.family) != (layout.board, layout.cats, layout.family):
            raise RulesError("the setup's board, cats or variant differ from the quilt's")
        return setup
    goals = tuple((cell_name(c), g) for c, g in layout.goals)
    variant = "family" if layout.family else data.get("variant")
    if variant not in VARIANTS:
        raise RulesError(f"unknown variant {variant!r}; choose family or lower-variance")
    return Setup("standard", variant, layout.board, layout.cats, goals=goals)
