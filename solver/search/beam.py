"""Beam search over whole turns (hand patch x empty cell x market slot).

A turn is expanded in two stages, because the market choice does not change the quilt:

1. every placement of every hand patch of every node is scored by the evaluation;
2. the best ``breadth`` placements are combined with the three market slots, and each
   combination earns a bonus for the hand it leaves: what its patches would add if placed
   next turn (``hand_bonus``). The best ``width`` distinct states go on.

The bag a search draws from is a plain list: the true bag for hindsight, a sampled one for
the fair player. A step that reads no bag at all (``bag=None``) stops after the market
choice, which is all the visible information decides.
"""

from dataclasses import dataclass

from solver.game import TURNS, Move, Quilt
from solver.game.solo import conveyor

from .evaluation import Evaluator


@dataclass(frozen=True)
class SearchOptions:
    width: int = 8  # states kept after each turn
    breadth: int = 8  # placements per turn that are tried with every market slot
    second_patch: float = 0.25  # weight of the other hand patch's gain in the hand bonus


class Node:
    """A search state after some turns: quilt, its evaluation parts, hand, market, draws."""

    __slots__ = (
        "drawn",
        "hand",
        "key",
        "market",
        "move",
        "parent",
        "parts",
        "quilt",
        "turn",
        "value",
    )

    def __init__(
        self, quilt, parts, hand, market, drawn, turn, value, parent=None, move=None, key=None
    ):
        self.quilt: Quilt = quilt
        self.parts = parts
        self.hand = hand
        self.market = market
        self.drawn = drawn  # patches of the bag drawn so far
        self.turn = turn  # the next turn to play
        self.value = value
        self.parent = parent
        self.move: Move | None = move
        self.key = key or tuple(quilt.cells)  # the quilt's identity for the placement cache

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
        # (quilt cells, patch) -> its placements, best first: a hand bonus computed for a
        # state is exactly the next turn's stage 1 of that state, and sampled futures of one
        # decision revisit the same quilts
        self._placed: dict[tuple, list[tuple]] = {}

    def with_options(self, options: SearchOptions) -> "Beam":
        """A beam with other options that shares this one's caches."""
        other = Beam(self.evaluator, options)
        other._placed = self._placed
        return other

    def placed(self, key: tuple, quilt: Quilt, parts, patch: int) -> list[tuple]:
        """(value, cell, child quilt, child parts) of every placement of ``patch``, best first."""
        found = self._placed.get((key, patch))
        if found is None:
            after, total = self.evaluator.after, self.evaluator.total
            found = []
            for cell in _bits(quilt.empty_mask):
                child = quilt.copy()
                child.place(cell, patch)
                child_parts = after(child, parts, cell, patch)
                found.append((total(child, child_parts), cell, child, child_parts))
            found.sort(key=_first, reverse=True)
            if len(self._placed) >= 4000:
                self._placed.clear()
            self._placed[key, patch] = found
        return found

    def root(self, quilt: Quilt, hand, market, turn: int) -> Node:
        parts = self.evaluator.parts(quilt)
        value = self.evaluator.total(quilt, parts)
        return Node(quilt, parts, tuple(hand), tuple(market), 0, turn, value)

    def placements(self, nodes: list[Node]) -> list[tuple]:
        """Stage 1: (value, node, hand index, cell, quilt, parts) for every placement."""
        found = []
        for node in nodes:
            hand = node.hand
            for index, patch in enumerate(hand):
                if index and patch == hand[0]:
                    continue  # the same patch twice: one set of placements is enough
                for v, cell, child, parts in self.placed(node.key, node.quilt, node.parts, patch):
                    found.append((v, node, index, cell, child, parts))
        found.sort(key=_first, reverse=True)
        return found

    def hand_gain(self, key, quilt: Quilt, parts, value: float, patch: int) -> float:
        """What placing ``patch`` next turn would add to the quilt's value, at best."""
        return self.placed(key, quilt, parts, patch)[0][0] - value

    def hand_bonus(self, key, quilt, parts, value, hand, last=False) -> float:
        """The best next placement from ``hand``, plus a share of the other patch's."""
        a = self.hand_gain(key, quilt, parts, value, hand[0])
        b = self.hand_gain(key, quilt, parts, value, hand[1])
        if a < b:
            a, b = b, a
        return a if last else a + self.options.second_patch * b

    def step(self, nodes: list[Node], bag) -> list[Node]:
        """One turn for every node; ``bag`` None means the draws are unknown (the children
        then keep only the patches left in the market, as a search over visible facts)."""
        options = self.options
        placed = self.placements(nodes)
        turn = nodes[0].turn
        if turn == TURNS or not placed[0][4].empty_mask:
            return [
                Node(quilt, parts, (), (), node.drawn, turn + 1, v, node, Move(h, cell, None))
                for v, node, h, cell, quilt, parts in placed[: options.width]
            ]
        children = []
        seen = set()
        last = turn + 1 == TURNS  # the hand left now meets only one more placement
        for v, node, h, cell, quilt, parts in placed[: options.breadth]:
            keep = node.hand[1 - h]
            cells = tuple(quilt.cells)
            for m, taken in enumerate(node.market):
                hand = (keep, taken)
                if bag is None:
                    market = tuple(p for i, p in enumerate(node.market) if i != m)
                    drawn = node.drawn
                else:
                    draws = iter(bag[node.drawn : node.drawn + 2])
                    market = tuple(conveyor(list(node.market), m, draws.__next__)[:3])
                    drawn = node.drawn + 2
                key = (cells, min(hand), max(hand), market)
                if key in seen:
                    continue
                seen.add(key)
                bonus = self.hand_bonus(cells, quilt, parts, v, hand, last)
                children.append(
                    Node(quilt, parts, hand, market, drawn, turn + 1, v + bonus, node,
                         Move(h, cell, m), cells)
                )  # fmt: skip
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
    best = rollout.run([root], bag, TURNS)[0]
    nodes = [root]
    while nodes[0].turn <= TURNS:
        scored = []
        for child in beam.step(nodes, bag):
            final = rollout.run([child], bag, TURNS)[0]
            if final.value > best.value:
                best = final
            scored.append((final.value, child.value, child))
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        nodes = [child for _, _, child in scored[:width]]
    return best


def _first(item):
    return item[0]


def _value(node: Node) -> float:
    return node.value


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
