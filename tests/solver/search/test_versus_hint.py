"""The versus hint: a legal move for the seat to move, from that seat's view, deterministic,
with a solo hint's reasons; it is the table player's move (the open market and every seat
played out), its expected score that player's mean final points of the seat."""

import pytest
from test_versus_opponents import started

from solver.game import TURNS, Move
from solver.search.table import TablePlayer
from solver.search.versus import HINT_STRENGTH, choose_move, hint_player, make_opponent, table_hint


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


@pytest.mark.parametrize("players", [2, 3])
def test_the_hint_is_the_table_players_move_and_its_mean_points(players):
    game = started(f"from-the-table-{players}", players)
    play_to(game, 0, 2)
    view = game.view(0)
    hint = table_hint(view, budget=1500)
    player = hint_player(budget=1500)
    assert isinstance(player, TablePlayer) and player.samples == HINT_STRENGTH["samples"]
    moves, _, points, best = player.valuation(view)
    assert hint.move == moves[best] == player.choose_table_move(view)
    assert hint.expected_score == points[best]
    game.check(hint.move)
    play_to(game, 0, TURNS - 1)  # the others' next turns are their 21st: they still take
    game.play(table_hint(game.view(0), budget=1500).move)
    play_to(game, 0, TURNS)  # the others' next turns are their 22nd: no market step
    assert isinstance(table_hint(game.view(0)).move, Move)
