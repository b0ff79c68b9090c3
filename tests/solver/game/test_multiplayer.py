"""The 2–4 player game: seats in turn around a shared market refilled slot by slot."""

from collections import Counter

import pytest

from solver.game import TURNS, Layout, Move, MultiplayerGame, RulesError

CATS = [("millie", ("dots", "stripes")), ("coconut", ("ferns", "flowers")),
        ("leo", ("quatrefoil", "vines"))]  # fmt: skip
GOALS = {"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}


def layouts(*boards):
    return [Layout.build(board, GOALS, CATS) for board in boards]


def test_a_three_player_game_runs_to_the_end_and_conserves_patches():
    game = MultiplayerGame(layouts("blue", "green", "yellow"), seed="table")
    start = Counter([p for hand in game.hands for p in hand] + game.market + game.bag)
    assert set(start.values()) == {3} and len(start) == 36
    for turn in range(3 * TURNS):
        seat = game.seat
        assert seat == turn % 3
        taken = game.market[1]
        last = game.turns_taken[seat] == TURNS - 1
        game.play(Move(0, game.quilts[seat].empty_cells[0], None if last else 1))
        if not last:
            assert game.hands[seat][-1] == taken
        placed = [p for quilt in game.quilts for _, p in quilt.placements]
        everything = [p for hand in game.hands for p in hand] + game.market + game.bag + placed
        assert Counter(everything) == start
    assert game.finished and all(quilt.full for quilt in game.quilts)
    keys = [game.quilts[seat].tiebreak_key() for seat in game.standings()]
    assert keys == sorted(keys, reverse=True)
    with pytest.raises(RulesError, match="the game is over"):
        game.play(Move(0, 8, None))


def test_bad_tables_and_moves_are_refused():
    with pytest.raises(RulesError, match="2 to 4 players"):
        MultiplayerGame(layouts("blue"), seed="s")
    with pytest.raises(RulesError, match="lower variance"):
        MultiplayerGame(layouts("blue", "green", "purple"), seed="s", copies=2)
    tibbit = Layout.build("green", GOALS, [("tibbit", ("dots", "stripes")), *CATS[1:]])
    with pytest.raises(RulesError, match="same three cats"):
        MultiplayerGame([*layouts("blue"), tibbit], seed="s")
    game = MultiplayerGame(layouts("blue", "green"), seed="s")
    with pytest.raises(RulesError, match="market_index"):
        game.play(Move(0, 8, None))
    with pytest.raises(RulesError, match="hand_index"):
        game.play(Move(5, 8, 0))
    with pytest.raises(RulesError, match="not an empty patch space"):
        game.play(Move(0, 0, 0))
    assert game.seat == 0 and len(game.hands[0]) == 2
