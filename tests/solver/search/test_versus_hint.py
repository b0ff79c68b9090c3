"""The versus hint: a legal move for the seat to move, from that seat's view, deterministic,
with a solo hint's reasons; the table's first round after it is modelled with the other seats
that still take from the market, in seat order."""

import pytest
from test_versus_opponents import started

from solver.game import TURNS, Move
from solver.search.versus import _tastes, choose_move, make_opponent, table_hint


def play_to(game, seat: int, turn: int) -> None:
    easy = make_opponent("easy", "")
    while not (game.seat == seat and game.turn == turn):
        game.play(choose_move(easy, game.view(game.seat)))


@pytest.mark.parametrize("players", [2, 4])
def test_a_hint_is_a_legal_deterministic_move_of_the_seat_with_reasons(players):
    game = started(f"hint-{players}", players)
    play_to(game, 0, 3)
    view = game.view(0)
    hint = table_hint(view)
    game.check(hint.move)  # legal for the seat to move
    assert hint.reasons and 20 < hint.expected_score < 150
    again = table_hint(game.view(0))
    assert again.move == hint.move and again.expected_score == hint.expected_score
    assert set(hint.to_json()) == {"move", "expected_score", "reasons"}


def test_a_seat_that_is_not_to_move_gets_no_hint():
    game = started("not-yours", 2)
    with pytest.raises(ValueError, match="not this seat's turn"):
        table_hint(game.view(1))


def test_the_last_turn_is_valued_exactly_and_has_no_market_step():
    game = started("last", 2)
    play_to(game, 0, TURNS)
    hint = table_hint(game.view(0))
    assert hint.move.market_index is None
    after = game.quilts[0].copy()
    after.place(hint.move.cell, game.hands[0][hint.move.hand_index])
    assert hint.expected_score == after.points


def test_the_other_seats_take_in_order_and_not_on_their_last_turn():
    game = started("tastes", 3)
    play_to(game, 1, 2)  # seat 1 to move: seats 2 then 0 take before its next turn
    tastes = _tastes(game.view(1))
    assert len(tastes) == 2 and all(len(taste) == 36 for taste in tastes)
    quilt_2 = game.quilts[2]
    assert tastes[0] == _tastes_of(quilt_2)
    play_to(game, 0, TURNS - 1)  # the others' next turns are their 21st: they still take
    assert len(_tastes(game.view(0))) == 2
    game.play(table_hint(game.view(0)).move)
    play_to(game, 0, TURNS)  # the others' next turns are their 22nd: no market step
    assert _tastes(game.view(0)) == []
    assert isinstance(table_hint(game.view(0)).move, Move)


def _tastes_of(quilt) -> dict:
    from solver.search.baselines import best_placement

    return {p: best_placement(quilt, [p])[0] for p in range(36)}
