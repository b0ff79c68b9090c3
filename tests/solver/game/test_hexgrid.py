import pytest

from solver.game import GOAL_CELLS, NEIGHBOURS, PATCH_CELLS, cell_name, group_of, parse_cell
from solver.game.hexgrid import mask_of


def test_neighbours_follow_rules_md_for_even_and_odd_rows():
    assert sorted(cell_name(n) for n in NEIGHBOURS[parse_cell("2,3")]) == [
        "1,2",
        "1,3",
        "2,2",
        "2,4",
        "3,2",
        "3,3",
    ]
    assert sorted(cell_name(n) for n in NEIGHBOURS[parse_cell("3,4")]) == [
        "2,4",
        "2,5",
        "3,3",
        "3,5",
        "4,4",
        "4,5",
    ]
    assert sorted(cell_name(n) for n in NEIGHBOURS[parse_cell("0,0")]) == ["0,1", "1,0"]


def test_adjacency_is_symmetric():
    for cell, around in enumerate(NEIGHBOURS):
        for other in around:
            assert cell in NEIGHBOURS[other]


def test_board_has_22_patch_spaces_and_3_goal_spaces_never_adjacent_to_each_other():
    assert len(PATCH_CELLS) == 22
    assert sorted(cell_name(c) for c in GOAL_CELLS) == ["2,3", "3,4", "4,2"]
    for goal in GOAL_CELLS:
        assert all(n in PATCH_CELLS for n in NEIGHBOURS[goal])


@pytest.mark.parametrize(
    "name", ["7,0", "0,7", " 1,1", "1, 1", "01,1", "-1,2", "1;1", "", 11, None]
)
def test_parse_cell_accepts_only_exact_names(name):
    assert parse_cell(name) is None


def test_group_of_is_the_connected_component():
    mask = mask_of(parse_cell(c) for c in ("1,1", "1,2", "2,2", "5,5"))
    group = group_of(parse_cell("1,1"), mask)
    assert sorted(cell_name(c) for c in range(49) if group >> c & 1) == ["1,1", "1,2", "2,2"]


def test_cells_masks_and_patches_are_named_plain_ints():
    # Names for reading only: a class or NewType here would cost every hot path a call.
    import solver.game

    for name in ("Cell", "Mask", "Patch", "Color", "Pattern"):
        assert name in solver.game.__all__
        assert getattr(solver.game, name) is int
