"""The ten cats. A size cat wants a connected same-pattern group of at least N patches;
a shape cat wants the group to contain a shape (in any rotation; docs/rules.md, Rulings: extra
attached patches are allowed)."""

from dataclasses import dataclass, field

from .errors import RulesError
from .hexgrid import Cell, Mask, bits, shape_placements

_LINE3 = ((0, 0), (1, 0), (2, 0))
_LINE4 = (*_LINE3, (3, 0))
_LINE5 = (*_LINE4, (4, 0))
_TRIANGLE = ((0, 0), (1, 0), (0, 1))
_TRAPEZOID = ((0, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
# A centre and its six neighbours, each next to the one before: every prefix is connected.
_CLUSTER = ((0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


@dataclass(frozen=True)
class Cat:
    id: str
    dots: int
    points: int
    size: int  # patches needed: the group size for a size cat, the shape's size for a shape cat
    shape: tuple[tuple[int, int], ...] | None = None  # axial cells; None for a size cat
    requirement: str = ""
    # Placements of the shape on the grid, keyed by their lowest cell, so that a group is
    # tested only against the placements anchored at one of its own cells.
    _by_anchor: dict[Cell, tuple[Mask, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def __post_init__(self):
        if self.shape:
            anchored: dict[Cell, list[Mask]] = {}
            for placement in shape_placements(self.shape):
                low = (placement & -placement).bit_length() - 1
                anchored.setdefault(low, []).append(placement)
            self._by_anchor.update({k: tuple(v) for k, v in anchored.items()})

    @property
    def example(self) -> tuple[tuple[int, int], ...]:
        """A worked example of a group that meets the requirement (axial cells): the shape,
        else the smallest compact group of the size (a centre, then its neighbours in turn)."""
        return self.shape or _CLUSTER[: self.size]

    def is_met_by(self, group: Mask) -> bool:
        """Whether a connected same-pattern group (a cell bitmask) meets the requirement."""
        if group.bit_count() < self.size:
            return False
        if self.shape is None:
            return True
        by_anchor = self._by_anchor
        for cell in bits(group):
            for placement in by_anchor.get(cell, ()):
                if placement & group == placement:
                    return True
        return False

    def shape_progress(self, free: Mask, open_cells: Mask) -> int:
        """How much of the shape is already made, where it can still be finished: the most
        cells of ``free`` (patches of one of its patterns with no cat yet) that one placement
        of the shape covers, among the placements lying wholly on ``free`` and ``open_cells``
        (empty patch spaces). A triangle of 3 under a straight-line cat is 2 of 3."""
        room = free | open_cells
        return max(
            (
                (placement & free).bit_count()
                for placements in self._by_anchor.values()
                for placement in placements
                if placement & room == placement
            ),
            default=0,
        )


CATS = (
    Cat("millie", 1, 3, 3, requirement="a group of 3 or more"),
    Cat("tibbit", 1, 5, 4, requirement="a group of 4 or more"),
    Cat("callie", 1, 3, 3, _TRIANGLE, "a triangle of 3"),
    Cat("rumi", 1, 5, 3, _LINE3, "a straight line of 3"),
    Cat("coconut", 2, 7, 5, requirement="a group of 5 or more"),
    Cat("cira", 2, 9, 6, requirement="a group of 6 or more"),
    Cat("tecolote", 2, 7, 4, _LINE4, "a straight line of 4"),
    Cat("almond", 2, 9, 5, _TRAPEZOID, "a trapezoid of 5: two above three"),
    Cat("gwenivere", 3, 11, 7, requirement="a group of 7 or more"),
    Cat("leo", 3, 11, 5, _LINE5, "a straight line of 5"),
)
CAT_BY_ID = {cat.id: cat for cat in CATS}
CATS_BY_DOTS = {dots: tuple(c for c in CATS if c.dots == dots) for dots in (1, 2, 3)}


def cat_by_id(cat_id) -> Cat:
    try:
        return CAT_BY_ID[cat_id]
    except (KeyError, TypeError):
        raise RulesError(f"unknown cat {cat_id!r}") from None
