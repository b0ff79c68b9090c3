"""The compiled table game (``TableEvaluator.table_game``) against the rules engine and a
plain-Python version of its policy: from random positions of random 2-4 player tables, every
play-out move is legal in ``MultiplayerGame`` (which scores it), each one is the move the
Python greedy turn below chooses, and the final tiebreak keys are the engine's."""

import random

import numpy as np
import pytest

from solver.game import TURNS, Move, MultiplayerGame, deal_table
from solver.search.fastcore import TableEvaluator, evaluator_for, pack
from solver.search.goal_choice import arrangements

SECOND_PATCH = 0.25  # SearchOptions' default, the quick game's


def reference_turn(game: MultiplayerGame) -> Move:
    """The quick policy's turn for the seat to move, written out in Python: the best placement
    of either hand patch (ties: hand 0, then the lower cell), then the market slot whose new
    hand promises the best next placement plus a quarter of the other patch's gain (ties: the
    lower slot; on the turn before the last, the best patch alone)."""
    seat, turn = game.seat, game.turn
    quilt, hand = game.quilts[seat], game.hands[seat]
    fast = evaluator_for(quilt.layout)
    state = pack(quilt)
    best = None
    for h, patch in enumerate(hand):
        if h == 1 and patch == hand[0]:
            continue
        values = fast.placement_values(state, patch)
        cell = int(np.argmax(values))  # the first maximum
        if best is None or values[cell] > best[0]:
            best = (values[cell], h, cell)
    value, h, cell = best
    if turn == TURNS:
        return Move(h, cell, None)
    child = quilt.copy()
    child.place(cell, hand[h])
    after = pack(child)
    keep = fast.placement_values(after, hand[1 - h]).max() - value
    worths = []
    for patch in game.market:
        a, b = sorted((keep, fast.placement_values(after, patch).max() - value), reverse=True)
        worths.append(value + (a if turn + 1 == TURNS else a + SECOND_PATCH * b))
    return Move(h, cell, worths.index(max(worths)))


def random_position(rng: random.Random) -> MultiplayerGame:
    players = rng.randint(2, 4)
    table = deal_table(f"table-{rng.random()}", players)
    goals = [rng.choice(arrangements(setup)) for setup in table.setups]
    game = MultiplayerGame(table, goals)
    for _ in range(rng.randrange(players * TURNS)):
        hand = game.hands[game.seat]
        last = game.turn == TURNS
        game.play(
            Move(
                rng.randrange(len(hand)),
                rng.choice(game.quilts[game.seat].empty_cells),
                None if last else rng.randrange(3),
            )
        )
    return game


def compiled(game: MultiplayerGame, moves=None) -> np.ndarray:
    table = TableEvaluator(tuple(quilt.layout for quilt in game.quilts))
    hands = [[*hand, -1, -1][:2] for hand in game.hands]
    return table.table_game(
        [pack(q) for q in game.quilts],
        hands,
        game.market,
        game.remaining_bag,
        0,
        game.turns_taken,
        game.seat,
        SECOND_PATCH,
        moves,
    )


@pytest.mark.parametrize("start", range(4))
def test_the_table_game_plays_legal_quick_moves_to_the_engines_result(start):
    rng = random.Random(start)
    for _ in range(10):
        game = random_position(rng)
        rows = np.empty((len(game.quilts) * TURNS, 4), dtype=np.int64)
        before = [q.copy() for q in game.quilts]
        keys = compiled(game, rows)
        assert [q.placements for q in game.quilts] == [q.placements for q in before]  # copied
        for seat, h, cell, slot in rows[rows[:, 0] >= 0]:
            assert seat == game.seat
            move = Move(int(h), int(cell), None if slot < 0 else int(slot))
            assert move == reference_turn(game)
            game.play(move)  # the engine checks it and scores it
        assert game.finished
        assert keys.tolist() == [list(q.tiebreak_key()) for q in game.quilts]


def test_a_finished_table_scores_as_it_stands_and_a_short_bag_is_named():
    rng = random.Random(9)
    game = random_position(rng)
    while not game.finished:
        game.play(reference_turn(game))
    assert compiled(game).tolist() == [list(q.tiebreak_key()) for q in game.quilts]
    table = deal_table("short", 2)
    game = MultiplayerGame(table, [arrangements(s)[0] for s in table.setups])
    fast = TableEvaluator(tuple(q.layout for q in game.quilts))
    with pytest.raises(ValueError, match="the bag has 5 patches left; 42 needed"):
        fast.table_game(
            [pack(q) for q in game.quilts],
            game.hands,
            game.market,
            game.remaining_bag[:5],
            0,
            game.turns_taken,
            0,
        )
