"""The 7x7 pointy-top hex grid of a quilt board ("odd-r": odd rows shifted right).

Cells are ints ``row * 7 + col`` inside the engine and ``"row,col"`` strings outside it.
Sets of cells are int bitmasks (bit i = cell i): unions, intersections and containment tests
on them are single integer operations, which is what makes group and shape checks fast.
"""

import re
from collections.abc import Iterable, Iterator
from typing import TypeAlias

Cell: TypeAlias = int
"""A cell of the grid: ``row * 7 + col`` (0..48)."""
Mask: TypeAlias = int
"""A set of cells: bit i set for cell i."""

SIZE = 7
CELLS: tuple[Cell, ...] = tuple(range(SIZE * SIZE))
GOAL_CELLS: tuple[Cell, ...] = (2 * 7 + 3, 3 * 7 + 4, 4 * 7 + 2)
PATCH_CELLS: tuple[Cell, ...] = tuple(
    r * 7 + c for r in range(1, 6) for c in range(1, 6) if r * 7 + c not in GOAL_CELLS
)
_CELL_RE = re.compile(r"([0-6]),([0-6])")


def cell_name(cell: Cell) -> str:
    return f"{cell // 7},{cell % 7}"


def describe_cell(cell) -> str:
    """A cell's name for an error message, whatever was passed as a cell."""
    return cell_name(cell) if type(cell) is int and 0 <= cell < SIZE * SIZE else repr(cell)


def parse_cell(name) -> Cell | None:
    """``"r,c"`` (exactly that: two digits 0-6, no spaces) -> cell int; None otherwise."""
    match = _CELL_RE.fullmatch(name) if isinstance(name, str) else None
    return int(match[1]) * SIZE + int(match[2]) if match else None


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = divmod(cell, SIZE)
    if r % 2 == 0:
        deltas = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
    else:
        deltas = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
    return tuple(
        (r + dr) * SIZE + c + dc for dr, dc in deltas if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )


NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(_neighbours(cell) for cell in CELLS)
NEIGHBOUR_MASK: tuple[Mask, ...] = tuple(sum(1 << n for n in NEIGHBOURS[cell]) for cell in CELLS)


def bits(mask: Mask) -> Iterator[Cell]:
    """The cells of a bitmask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cells: Iterable[Cell]) -> Mask:
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def group_of(cell: Cell, mask: Mask) -> Mask:
    """The connected component of ``mask`` that contains ``cell`` (which must be in mask)."""
    group = 1 << cell
    stack = [cell]
    while stack:
        fresh = NEIGHBOUR_MASK[stack.pop()] & mask & ~group
        while fresh:
            low = fresh & -fresh
            group |= low
            stack.append(low.bit_length() - 1)
            fresh ^= low
    return group


def _to_axial(cell: Cell) -> tuple[int, int]:
    r, c = divmod(cell, SIZE)
    return c - r // 2, r


def _from_axial(q: int, r: int) -> Cell | None:
    c = q + r // 2
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else None


def _rotate(q: int, r: int) -> tuple[int, int]:
    # 60 degrees in cube coordinates (x, y, z) = (q, -q-r, r) -> (-z, -x, -y)
    return -r, q + r


def shape_placements(shape) -> tuple[Mask, ...]:
    """Every placement of an axial-coordinate shape on the grid, in all six rotations."""
    placements = set()
    cells = list(shape)
    for _ in range(6):
        cells = [_rotate(q, r) for q, r in cells]
        for origin in CELLS:
            oq, orow = _to_axial(origin)
            placed = [_from_axial(oq + q, orow + r) for q, r in cells]
            if None not in placed:
                placements.add(mask_of(placed))
    return tuple(sorted(placements))
