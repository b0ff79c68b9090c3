"""The table review (``solver.search.table_review``): each of a seat's moves valued on the
table's futures, in the solo review's shape and by its rules."""

from functools import lru_cache

import pytest
from test_versus_opponents import started

from solver.game import TURNS, Move, RulesError
from solver.game.goals import goal_points_possible
from solver.search.analysis import analyse
from solver.search.table_review import MARKET, review_table
from solver.search.versus import choose_move, make_opponent

QUICK = {"samples": 16, "candidates": 3}


@lru_cache(maxsize=1)
def seat_zero_turns() -> tuple:
    """Seat 0's (view, move) pairs of a 2-player table, every seat playing the easy level."""
    game = started("table-review", 2)
    easy = make_opponent("easy", "")
    turns = []
    while not game.finished:
        view = game.view(game.seat)
        move = choose_move(easy, view)
        if game.seat == 0:
            turns.append((view, move))
        game.play(move)
    return tuple(turns)


def reviewed(turn: int, move: Move | None = None, **options):
    view, played = seat_zero_turns()[turn - 1]
    return review_table([(view, move or played)], **{**QUICK, **options}).turns[0]


def test_the_best_move_loses_nothing():
    last = reviewed(TURNS)  # the last turn: valued exactly, one future
    again = reviewed(TURNS, last.best)
    assert again.loss == 0 and again.best == again.played == last.best
    assert again.played_value == last.best_value
    for turn in (3, 12):  # on the futures: its own best is within the noise, unmarked
        best = reviewed(turn).best
        assert reviewed(turn, best).mark == ""


def goal_points_possible_after(view, hand_index: int, cell) -> int:
    quilt = view.quilt.copy()
    quilt.place(cell, view.hand[hand_index])
    return sum(goal_points_possible(goal, got) for _, goal, got in quilt.goal_progress())


def goal_breaker(view) -> Move:
    """The placement that costs the most goal points still possible (the first such)."""
    placements = [(h, cell) for h in range(len(view.hand)) for cell in view.quilt.empty_cells]
    h, cell = min(placements, key=lambda p: goal_points_possible_after(view, *p))
    return Move(h, cell, 0)


@pytest.mark.parametrize("turn", [8, 11])
def test_a_move_that_breaks_a_goal_loses(turn):
    view, _ = seat_zero_turns()[turn - 1]
    breaker = goal_breaker(view)
    before = goal_points_possible_after(view, *reviewed(turn).best[:2])
    assert goal_points_possible_after(view, breaker.hand_index, breaker.cell) < before
    review = reviewed(turn, breaker)
    assert review.loss >= 3 and review.mark in ("?", "??")
    assert review.best != breaker and review.reasons  # the better move, with its reasons


def test_deterministic_given_the_seed():
    pairs = list(seat_zero_turns()[:2])
    first = review_table(pairs, seed="a", **QUICK).to_json()
    assert review_table(pairs, seed="a", **QUICK).to_json() == first
    other = review_table(pairs, seed="b", **QUICK).to_json()
    assert [t["played_value"] for t in other["turns"]] != [
        t["played_value"] for t in first["turns"]
    ]


def test_the_answer_has_the_solo_reviews_shape_and_says_its_market():
    pairs = list(seat_zero_turns()[:2])
    table = review_table(pairs, **QUICK).to_json()
    solo = analyse([(view.solo_observation(), move) for view, move in pairs], **QUICK).to_json()
    assert set(table) == set(solo) | {"market"} and table["market"] == MARKET == "table"
    assert [set(turn) for turn in table["turns"]] == [set(turn) for turn in solo["turns"]]
    assert [turn["played"] for turn in table["turns"]] == [turn["played"] for turn in solo["turns"]]


def test_progress_is_reported_turn_by_turn():
    seen = []
    review_table(list(seat_zero_turns()[-2:]), progress=lambda d, t: seen.append((d, t)), **QUICK)
    assert seen == [(1, 2), (2, 2)]


def test_an_illegal_played_move_is_named():
    view, _ = seat_zero_turns()[4]
    taken = view.quilt.placements[0][0]  # a cell already filled
    with pytest.raises(RulesError):
        review_table([(view, Move(0, taken, 0))], **QUICK)
