"""The table player (``solver.search.table``): its utility (first place by the rulebook's
tiebreak, shared firsts split, a capped margin), its moves (legal, deterministic, from the
seat's view), and the levels built on it."""

import numpy as np
import pytest
from test_versus_opponents import started

from solver.game import TURNS
from solver.search.players import FairPlayer
from solver.search.table import MARGIN, MARGIN_CAP, TablePlayer, utility
from solver.search.versus import (
    LEVELS,
    TABLE_LEVELS,
    choose_move,
    make_opponent,
    site_levels,
)


def keys(*rows):
    return np.array(rows, dtype=np.int64)


def test_first_place_follows_the_tiebreak_and_a_shared_first_is_split():
    assert utility(keys((60, 2, 3), (58, 4, 4)), 0) == 1 + 2 * MARGIN
    assert utility(keys((60, 2, 3), (58, 4, 4)), 1) == -2 * MARGIN
    assert utility(keys((60, 3, 0), (60, 2, 5)), 0) == 1  # cat tokens before buttons
    assert utility(keys((60, 2, 4), (60, 2, 5)), 0) == 0  # then button tokens
    assert utility(keys((60, 2, 5), (60, 2, 5), (40, 0, 0)), 1) == 0.5
    assert utility(keys((99, 0, 0), (40, 0, 0), (10, 0, 0)), 0) == 1 + MARGIN_CAP * MARGIN
    assert utility(keys((20, 0, 0), (90, 0, 0)), 0) == -MARGIN_CAP * MARGIN  # the cap


@pytest.mark.parametrize("players", [2, 3])
def test_the_table_player_moves_legally_and_deterministically_from_the_view(players):
    game = started(f"table-player-{players}", players)
    easy = make_opponent("easy", "")
    turns = (1, TURNS - 1, TURNS)
    while not game.finished:
        seat, turn = game.seat, game.turn
        if seat == 0 and turn in turns:
            view = game.view(0)
            player = TablePlayer("seat-0", candidates=4, budget=1500)
            move = choose_move(player, view)
            moves, values, points, best = player.valuation(game.view(0))
            assert move == moves[best] and len(values) == len(moves)
            assert moves == TablePlayer("seat-0", 4, 1500).valuation(view)[0]
            assert all(10 < p < 150 for p in points)
            game.play(move)  # play() checks it
        else:
            game.play(choose_move(easy, game.view(seat)))
    assert game.quilts[0].full


def test_a_seat_that_is_not_to_move_gets_no_move():
    game = started("table-not-yours", 2)
    with pytest.raises(ValueError, match="not this seat's turn"):
        TablePlayer().valuation(game.view(1))


def test_every_table_level_is_a_table_player_beside_the_sites_levels():
    assert list(TABLE_LEVELS) == list(LEVELS) == ["easy", "medium", "hard"]
    for level, (strategy, options) in TABLE_LEVELS.items():
        assert strategy == "table" and isinstance(options, dict)
        player = make_opponent(level, "seed", TABLE_LEVELS)
        assert isinstance(player, TablePlayer) and player.candidates == options["candidates"]
        assert not isinstance(make_opponent(level, "seed"), TablePlayer)
    budgets = [TABLE_LEVELS[level][1]["budget"] for level in TABLE_LEVELS]
    assert budgets == sorted(budgets)


def test_with_samples_the_candidates_are_the_fair_players_best():
    game = started("table-fair-candidates", 2)
    view = game.view(0)
    moves = TablePlayer("s", candidates=3, budget=600, samples=4, ranked=8).valuation(view)[0]
    valuation = FairPlayer(seed="s", candidates=8, samples=4).valuation(view.solo_observation())
    assert moves == [valuation.moves[i] for i in valuation.ranking()[:3]]


def test_on_the_last_turn_the_move_with_the_best_own_tiebreak_key_is_chosen():
    game = started("table-last-turn", 3)
    easy = make_opponent("easy", "")
    while not (game.seat == 0 and game.turn == TURNS):
        game.play(choose_move(easy, game.view(game.seat)))
    view = game.view(0)
    moves, values, points, best = TablePlayer("s", candidates=4, budget=1500).valuation(view)
    after = []
    for move in moves:
        quilt = view.quilt.copy()
        quilt.place(move.cell, view.hand[move.hand_index])
        after.append(quilt)
    assert after[best].tiebreak_key() == max(quilt.tiebreak_key() for quilt in after)
    assert points == [quilt.points for quilt in after]  # its own points are settled
    assert len(values) == len(moves) and moves[best].market_index is None


def test_the_site_plays_the_table_player_only_at_the_levels_named():
    assert site_levels() == LEVELS
    chosen = site_levels(["medium", "hard"])
    assert chosen["easy"] == LEVELS["easy"]
    assert chosen["medium"] == TABLE_LEVELS["medium"] and chosen["hard"] == TABLE_LEVELS["hard"]
    with pytest.raises(ValueError, match="unknown table levels"):
        site_levels(["expert"])
