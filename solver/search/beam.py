"""Beam search over whole turns (hand patch x empty cell x market slot).

A turn is expanded in two stages, because the market choice does not change the quilt:

1. every placement of every hand patch of every node is scored by the evaluation (the
   compiled core values every cell of a patch in one call; a child ``Quilt`` is made
   only for the placements the search keeps);
2. the best ``breadth`` placements are combined with the three market slots, and each
   combination earns a bonus for the hand it leaves: what its patches would add if placed
   next turn (``hand_bonus``). The best ``width`` distinct states go on.

The bag a search draws from is a plain list: the true bag for hindsight, a sampled one for
the fair player. A step that reads no bag at all (``bag=None``) stops after the market
choice, which is all the visible information decides.
"""

from dataclasses import dataclass
from itertools import repeat
from typing import NamedTuple

import numpy as np

from solver.game import TURNS, Move, Quilt
from solver.game.solo import conveyor

from .fastcore import Evaluator, pack


@dataclass(frozen=True)
class SearchOptions:
    width: int = 8  # states kept after each turn
    breadth: int = 8  # placements per turn that are tried with every market slot
    second_patch: float = 0.25  # weight of the other hand patch's gain in the hand bonus


class Node:
    """A search state after some turns: quilt, hand, market, draws."""

    __slots__ = (
        "drawn",
        "hand",
        "key",
        "market",
        "move",
        "parent",
        "quilt",
        "turn",
        "value",
    )

    def __init__(self, quilt, hand, market, drawn, turn, value, parent=None, move=None, key=None):
        self.quilt: Quilt = quilt
        self.hand = hand
        self.market = market
        self.drawn = drawn  # patches of the bag drawn so far
        self.turn = turn  # the next turn to play
        self.value = value
        self.parent = parent
        self.move: Move | None = move
        self.key = key or state_key(quilt)  # the quilt's identity for the placement cache

    def line(self) -> list[Move]:
        moves = []
        node = self
        while node.parent is not None:
            moves.append(node.move)
            node = node.parent
        return moves[::-1]


class Beam:
    """Beam search for one layout; keeps the evaluator's caches warm between calls."""

    def __init__(self, evaluator: Evaluator, options: SearchOptions = SearchOptions()):
        self.evaluator = evaluator
        self.options = options
        # (state_key, patch) -> its placements, best first: a hand bonus computed for a
        # state is exactly the next turn's stage 1 of that state, and sampled futures of one
        # decision revisit the same quilts
        self._placed: dict[tuple, tuple[list[float], list[int]]] = {}

    def with_options(self, options: SearchOptions) -> "Beam":
        """A beam with other options that shares this one's caches."""
        other = Beam(self.evaluator, options)
        other._placed = self._placed
        return other

    def placed(self, key: tuple, quilt: Quilt, patch: int, state=None):
        """(values, cells) of every placement of ``patch``, best first (ties: lower cell
        first); ``state`` is ``pack(quilt)`` when the caller has it."""
        found = self._placed.get((key, patch))
        if found is None:
            if state is None:
                state = pack(quilt)
            values = self.evaluator.placement_values(state, patch)
            # stable: equal values keep the cell order, as the sort of the Python search did
            order = np.argsort(-values, kind="stable")[: quilt.empty_mask.bit_count()]
            found = values[order].tolist(), order.tolist()
            if len(self._placed) >= 4000:
                self._placed.clear()
            self._placed[key, patch] = found
        return found

    def root(self, quilt: Quilt, hand, market, turn: int) -> Node:
        value = self.evaluator.value(pack(quilt))
        return Node(quilt, tuple(hand), tuple(market), 0, turn, value)

    def placements(self, nodes: list[Node]) -> list[tuple]:
        """Stage 1: (value, node, hand index, cell) for every placement, best first."""
        found = []
        for node in nodes:
            hand = node.hand
            state = None
            for index, patch in enumerate(hand):
                if index and patch == hand[0]:
                    continue  # the same patch twice: one set of placements is enough
                if state is None and (node.key, patch) not in self._placed:
                    state = pack(node.quilt)
                values, cells = self.placed(node.key, node.quilt, patch, state)
                found.extend(zip(values, repeat(node), repeat(index), cells, strict=False))
        found.sort(key=_first, reverse=True)
        return found

    def hand_bonus(self, key, quilt, value, hand, last=False) -> float:
        """The best next placement from ``hand``, plus a share of the other patch's."""
        first = self._placed.get((key, hand[0]))
        second = self._placed.get((key, hand[1]))
        if first is None or second is None:
            state = pack(quilt)  # once for both patches
            if first is None:
                first = self.placed(key, quilt, hand[0], state)
            if second is None:
                second = self.placed(key, quilt, hand[1], state)
        a = first[0][0] - value
        b = second[0][0] - value
        if a < b:
            a, b = b, a
        return a if last else a + self.options.second_patch * b

    def step(self, nodes: list[Node], bag) -> list[Node]:
        """One turn for every node; ``bag`` None means the draws are unknown (the children
        then keep only the patches left in the market, as a search over visible facts)."""
        options = self.options
        placed = self.placements(nodes)
        turn = nodes[0].turn
        if turn == TURNS or nodes[0].quilt.empty_mask.bit_count() == 1:
            return [
                Node(
                    _child(node, h, cell),
                    (),
                    (),
                    node.drawn,
                    turn + 1,
                    v,
                    node,
                    Move(h, cell, None),
                )
                for v, node, h, cell in placed[: options.width]
            ]
        children = []
        seen = set()
        last = turn + 1 == TURNS  # the hand left now meets only one more placement
        for v, node, h, cell in placed[: options.breadth]:
            keep = node.hand[1 - h]
            quilt = _child(node, h, cell)
            quilt_key = state_key(quilt)
            for m, taken in enumerate(node.market):
                hand = (keep, taken)
                if bag is None:
                    market = tuple(p for i, p in enumerate(node.market) if i != m)
                    drawn = node.drawn
                else:
                    draws = iter(bag[node.drawn : node.drawn + 2])
                    market = tuple(conveyor(list(node.market), m, draws.__next__)[:3])
                    drawn = node.drawn + 2
                key = (quilt_key, min(hand), max(hand), market)
                if key in seen:
                    continue
                seen.add(key)
                bonus = self.hand_bonus(quilt_key, quilt, v, hand, last)
                children.append(
                    Node(
                        quilt,
                        hand,
                        market,
                        drawn,
                        turn + 1,
                        v + bonus,
                        node,
                        Move(h, cell, m),
                        quilt_key,
                    )
                )
        children.sort(key=_value, reverse=True)
        return children[: options.width]

    def run(self, nodes: list[Node], bag, turns: int) -> list[Node]:
        """``turns`` whole turns (or until the quilt is full) from ``nodes``, best first."""
        for _ in range(turns):
            if nodes[0].turn > TURNS:
                break
            nodes = self.step(nodes, bag)
        return nodes


def pilot(beam: Beam, rollout: Beam, root: Node, bag, width: int) -> Node:
    """Beam search whose states are ranked by playing each one out to the end with the quick
    ``rollout`` search (a real continuation, so its final score is achievable from there).

    ``beam``'s options choose the children that get a rollout each turn; the best ``width``
    by rollout score go on. Returns the final node of the best complete game seen."""
    play = play_to_end(rollout, bag)
    best = play(root)
    nodes = [root]
    while nodes[0].turn <= TURNS:
        scored = []
        for child in beam.step(nodes, bag):
            final = play(child)
            if final.value > best.value:
                best = final
            scored.append((final.value, child.value, child))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        nodes = [child for _, _, child in scored[:width]]
    if isinstance(best, _Played):
        # the one game whose moves are needed, replayed in Python: it is deterministic, so
        # it is the same game (a fresh cache: no quilt of another game can stand in for one)
        final = Beam(rollout.evaluator, rollout.options).run([best.start], bag, TURNS)[0]
        assert abs(final.value - best.value) <= 1e-9, (final.value, best.value)
        best = final
    return best


class _Played(NamedTuple):
    """A quick game played in compiled code: its final value and the node it started from."""

    value: float
    start: Node


def play_to_end(rollout: Beam, bag):
    """``play(node, state=None) -> final node`` of ``rollout.run([node], bag, TURNS)``: played
    in the compiled core (a ``_Played``) when ``rollout`` is the quick greedy search it mirrors
    (width 1, breadth 1), else by ``rollout`` itself. ``state`` is ``pack(node.quilt)`` when
    the caller has it (a quilt played out in many futures is packed once)."""
    options = rollout.options
    if options.width != 1 or options.breadth != 1 or bag is None:
        return lambda node, state=None: rollout.run([node], bag, TURNS)[0]
    evaluator = rollout.evaluator
    draws = np.asarray(bag, dtype=np.int64)
    second = options.second_patch

    def play(node: Node, state=None):
        if node.turn > TURNS:
            return node  # the game is over: Beam.run returns the node itself
        if state is None:
            state = pack(node.quilt)
        value = evaluator.quick_game(
            state, node.hand, node.market, draws, node.drawn, node.turn, second
        )
        return _Played(value, node)

    return play


def state_key(quilt: Quilt) -> tuple:
    """What a quilt's placement values depend on: its cells, and what the order of its
    placements decided (the button and cat areas, the points). Cells alone are not enough:
    a cat group that grew past its size before or after it was scored leaves another
    scored area."""
    return (tuple(quilt.cells), quilt.button_mask, quilt.cat_mask, quilt.points)


def _child(node: Node, hand_index: int, cell: int) -> Quilt:
    """The quilt after a placement the search keeps (the only ones it materialises)."""
    child = node.quilt.copy()
    child.place(cell, node.hand[hand_index])
    return child


def _first(item):
    return item[0]


def _value(node: Node) -> float:
    return node.value
