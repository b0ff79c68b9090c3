"""Every cat in every rotation. Shapes are built here by walking hex directions around the
compass (not with the engine's axial rotation), at several places on the grid."""

import pytest

from solver.game import CATS, cat_by_id, cell_name, parse_cell
from solver.game.hexgrid import mask_of

# Neighbour directions of docs/rules.md (NW, NE, W, E, SW, SE), listed clockwise from east.
EVEN = {"E": (0, 1), "SE": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1), "NE": (-1, 0)}
ODD = {"E": (0, 1), "SE": (1, 1), "SW": (1, 0), "W": (0, -1), "NW": (-1, 0), "NE": (-1, 1)}
CLOCKWISE = ("E", "SE", "SW", "W", "NW", "NE")
ANCHORS = ("3,3", "2,2", "1,1", "0,0", "6,6", "4,5", "6,0", "3,1")


def step(cell, direction):
    if cell is None:
        return None
    r, c = (int(x) for x in cell.split(","))
    dr, dc = (ODD if r % 2 else EVEN)[direction]
    return f"{r + dr},{c + dc}" if 0 <= r + dr < 7 and 0 <= c + dc < 7 else None


def walk(cell, direction, length):
    cells = [cell]
    while len(cells) < length:
        cells.append(step(cells[-1], direction))
    return cells


def shape(kind, anchor, rotation):
    """The cells of a shape cat's shape, turned ``rotation`` sixths clockwise."""
    ahead, side = CLOCKWISE[rotation], CLOCKWISE[(rotation + 1) % 6]
    if kind == "triangle":
        return [anchor, step(anchor, ahead), step(anchor, side)]
    if kind == "trapezoid":  # three in a row, and two nestled against them on one side
        a, b, c = walk(anchor, ahead, 3)
        return [a, b, c, step(a, side), step(b, side)]
    return walk(anchor, ahead, int(kind))


SHAPE_CATS = {"callie": "triangle", "rumi": "3", "tecolote": "4", "almond": "trapezoid", "leo": "5"}
SIZE_CATS = {"millie": 3, "tibbit": 4, "coconut": 5, "cira": 6, "gwenivere": 7}


def as_mask(cells):
    return mask_of(parse_cell(c) for c in cells)


def placed_shapes(kind):
    for anchor in ANCHORS:
        for rotation in range(6):
            cells = shape(kind, anchor, rotation)
            if None not in cells:
                yield rotation, cells


@pytest.mark.parametrize("cat_id", SHAPE_CATS)
def test_shape_cat_is_met_in_every_rotation_and_not_by_any_part(cat_id):
    cat = cat_by_id(cat_id)
    rotations = set()
    for rotation, cells in placed_shapes(SHAPE_CATS[cat_id]):
        rotations.add(rotation)
        assert cat.is_met_by(as_mask(cells)), (rotation, cells)
        for missing in cells:
            assert not cat.is_met_by(as_mask(c for c in cells if c != missing))
    assert rotations == set(range(6))


@pytest.mark.parametrize("cat_id", SHAPE_CATS)
def test_shape_cat_allows_extra_attached_patches(cat_id):
    cells = shape(SHAPE_CATS[cat_id], "1,1", 0)
    extra = next(step(cells[0], d) for d in CLOCKWISE if step(cells[0], d) not in cells)
    assert cat_by_id(cat_id).is_met_by(as_mask([*cells, extra]))


def test_bent_lines_and_a_wrong_five_are_not_shapes():
    bent = [*walk("3,1", "E", 3), step(step("3,1", "E"), "SE")]  # an L of four: two lines of 3
    assert cat_by_id("rumi").is_met_by(as_mask(bent[:3]))
    assert not cat_by_id("tecolote").is_met_by(as_mask(bent))
    zigzag = ["1,1", "1,2", "2,3", "2,4", "3,4"]  # E, SE, E, SE: no straight run of three
    assert not cat_by_id("rumi").is_met_by(as_mask(zigzag[:4]))
    assert not cat_by_id("almond").is_met_by(as_mask(zigzag))
    blob = ["3,3", *walk("2,2", "E", 2), *walk("4,2", "E", 2)]  # five, three rows: no trapezoid
    assert not cat_by_id("almond").is_met_by(as_mask(blob))
    assert not cat_by_id("callie").is_met_by(as_mask(walk("1,1", "SE", 5)))


@pytest.mark.parametrize("cat_id", SIZE_CATS)
def test_size_cat_needs_at_least_its_size(cat_id):
    line = walk("1,1", "E", 5) + walk("2,1", "E", 2)  # seven connected cells
    size = SIZE_CATS[cat_id]
    assert cat_by_id(cat_id).is_met_by(as_mask(line[:size]))
    assert cat_by_id(cat_id).is_met_by(as_mask(line))
    assert not cat_by_id(cat_id).is_met_by(as_mask(line[: size - 1]))


def test_printed_cat_table():
    assert {(c.id, c.dots, c.points) for c in CATS} == {
        ("millie", 1, 3),
        ("tibbit", 1, 5),
        ("callie", 1, 3),
        ("rumi", 1, 5),
        ("coconut", 2, 7),
        ("cira", 2, 9),
        ("tecolote", 2, 7),
        ("almond", 2, 9),
        ("gwenivere", 3, 11),
        ("leo", 3, 11),
    }


def test_shape_helper_walks_the_grid():
    assert shape("trapezoid", "1,1", 0) == ["1,1", "1,2", "1,3", "2,2", "2,3"]
    assert cell_name(parse_cell("2,2")) == "2,2"


def test_each_cat_s_worked_example_meets_its_requirement():
    """The example the page draws on a cat's card is a group the engine accepts, and the
    smallest: one patch fewer never does (issue 35, point 1)."""
    from solver.game.hexgrid import _from_axial

    for cat in CATS:
        cells = [_from_axial(q + 1, r + 3) for q, r in cat.example]
        assert None not in cells and len(cells) == cat.size, cat.id
        assert cat.is_met_by(mask_of(cells)), cat.id
        assert not cat.is_met_by(mask_of(cells[:-1])), cat.id
