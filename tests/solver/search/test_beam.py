"""Beam search's placement cache is keyed on everything a quilt's values depend on, not on
its cells alone."""

import numpy as np

from solver.game import parse_cell
from solver.search.beam import Beam, state_key
from solver.search.fastcore import evaluator_for, pack

# two groups of three dots (Millie: a group of 3 or more) and the cell that joins them
LEFT, RIGHT, JOIN = ("1,1", "1,2", "1,3"), ("1,5", "2,5", "3,5"), "1,4"
COLOR = dict(
    zip(
        (*LEFT, *RIGHT, JOIN),
        ("navy", "teal", "green", "yellow", "purple", "pink", "navy"),
        strict=True,
    )
)  # no button


def _dots(quilt_with, order):
    return quilt_with([(cell, COLOR[cell], "dots") for cell in order])


def test_the_same_cells_placed_in_another_order_are_another_state(quilt_with):
    twice = _dots(quilt_with, (*LEFT, *RIGHT, JOIN))  # both groups scored, then joined
    once = _dots(quilt_with, (*LEFT, JOIN, *RIGHT))  # joined first: the right side never scores
    assert twice.cells == once.cells
    assert twice.points == once.points + 3  # a second Millie
    assert state_key(twice) != state_key(once)

    beam = Beam(evaluator_for(twice.layout))
    patch = 2 * 6 + 1  # green ferns
    for quilt in (twice, once):  # the first fills the cache; the second must not read it
        values, cells = beam.placed(state_key(quilt), quilt, patch)
        own = evaluator_for(quilt.layout).placement_values(pack(quilt), patch)
        assert np.array_equal(np.array(values), own[cells])
    first = beam.placed(state_key(twice), twice, patch)[0]
    second = beam.placed(state_key(once), once, patch)[0]
    assert first[0] == second[0] + 3
    assert parse_cell(JOIN) not in beam.placed(state_key(once), once, patch)[1]  # filled
