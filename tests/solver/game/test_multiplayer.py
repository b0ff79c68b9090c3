"""The 2–4 player game from the rulebook: dealing, the open market refilled slot by slot, seat
order, the end of the game and the tiebreak; then properties over random games (patch
conservation, replays, secrecy of a seat's view) and final scores against the reference."""

from collections import Counter

import pytest
import reference
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.game import (
    GOAL_CELLS,
    TURNS,
    Move,
    MultiplayerGame,
    RulesError,
    cell_name,
    deal_table,
    quilt_to_json,
    standings,
)
from solver.game.boards import BOARD_NAMES
from solver.game.cats import CATS_BY_DOTS
from solver.game.goals import GOAL_IDS
from solver.game.patches import PATTERNS
from solver.game.rng import SeededStream

UNTIMED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40)


def first_three(table) -> list[dict]:
    names = [cell_name(cell) for cell in GOAL_CELLS]
    return [dict(zip(names, setup.goal_options, strict=False)) for setup in table.setups]


def start(seed: str, players: int) -> MultiplayerGame:
    table = deal_table(seed, players)
    return MultiplayerGame(table, first_three(table))


def test_dealing_follows_the_documented_algorithm():
    table = deal_table("table", 4)
    stream = SeededStream("table")
    cats = [stream.choice(CATS_BY_DOTS[dots]).id for dots in (1, 2, 3)]
    patterns = stream.shuffle(list(PATTERNS))
    boards = stream.shuffle(list(BOARD_NAMES))
    options = [tuple(stream.shuffle(list(GOAL_IDS))[:4]) for _ in range(4)]
    bag = stream.shuffle(table.setups[0].pool())
    for seat, setup in enumerate(table.setups):
        assert setup.board == boards[seat] and setup.goal_options == options[seat]
        assert [cat for cat, _ in setup.cats] == cats
        assert setup.cats == table.setups[0].cats  # the same three cats for all
    assert {p for _, pair in table.setups[0].cats for p in pair} == set(patterns)
    assert table.hands == ((bag[0], bag[1]), (bag[2], bag[3]), (bag[4], bag[5]), (bag[6], bag[7]))
    assert table.market == tuple(bag[8:11]) and table.bag == tuple(bag[11:])
    assert len({setup.board for setup in table.setups}) == 4  # a board of one's own
    assert deal_table("table", 4) == table  # deterministic from the seed


def test_the_taken_slot_is_refilled_from_the_bag_and_play_passes_in_seat_order():
    game = start("market", 3)
    bag = game.remaining_bag
    before = list(game.market)
    game.play(Move(1, game.quilts[0].empty_cells[0], 2))
    assert game.market == [before[0], before[1], bag[0]]  # only slot 2 changed
    assert game.hands[0] == [game.table.hands[0][0], before[2]]  # kept patch, then the taken one
    assert game.seat == 1 and game.turns_taken == [1, 0, 0]
    game.play(Move(0, game.quilts[1].empty_cells[0], 0))
    assert game.market == [bag[1], before[1], bag[0]]
    game.play(Move(0, game.quilts[2].empty_cells[0], 1))
    assert game.seat == 0 and game.turn == 2 and game.remaining_bag == bag[3:]


def test_each_player_has_22_turns_the_last_without_a_market_step_then_the_game_ends():
    game = start("end", 2)
    for _ in range(TURNS - 1):
        for seat in (0, 1):
            assert game.seat == seat
            game.play(Move(0, game.quilts[seat].empty_cells[0], 0))
    assert game.turn == TURNS
    with pytest.raises(RulesError, match="market_index must be null"):
        game.play(Move(0, game.quilts[0].empty_cells[0], 0))
    market = list(game.market)
    game.play(Move(0, game.quilts[0].empty_cells[0], None))
    assert game.market == market and len(game.hands[0]) == 1  # the patch left in hand
    assert not game.finished and game.seat == 1
    game.play(Move(1, game.quilts[1].empty_cells[0], None))
    assert game.finished and all(quilt.full for quilt in game.quilts) and game.turn == TURNS + 1
    assert game.view(0).to_move is None
    with pytest.raises(RulesError, match="the game is over"):
        game.play(Move(0, 8, None))


def test_tiebreak_points_then_cat_tokens_then_buttons_and_a_further_tie_is_shared(quilt_with):
    cat = quilt_with([("2,2", "navy", "dots"), ("3,2", "teal", "dots"), ("3,3", "green", "dots")])
    button = [("2,2", "navy", "ferns"), ("3,2", "navy", "vines"), ("3,3", "navy", "flowers")]
    quilts = [quilt_with(), quilt_with(button), cat, quilt_with(button)]
    assert [q.tiebreak_key() for q in quilts] == [(0, 0, 0), (3, 0, 1), (3, 1, 0), (3, 0, 1)]
    assert standings(quilts) == [(2, 1), (1, 2), (3, 2), (0, 4)]
    assert standings([quilt_with(), quilt_with()]) == [(0, 1), (1, 1)]


def test_bad_tables_and_moves_are_refused():
    with pytest.raises(RulesError, match="2 to 4 players"):
        deal_table("s", 1)
    with pytest.raises(RulesError, match="2 to 4 players"):
        deal_table("s", 5)
    with pytest.raises(RulesError, match="UTF-8"):  # as a solo deal: the same seed check
        deal_table("\ud800", 2)
    table = deal_table("s", 2)
    with pytest.raises(RulesError, match="one choice per seat"):
        MultiplayerGame(table, first_three(table)[:1])
    with pytest.raises(RulesError, match="goal"):
        MultiplayerGame(table, [first_three(table)[0], {"2,3": "nope"}])
    game = MultiplayerGame(table, first_three(table))
    with pytest.raises(RulesError, match="market_index"):
        game.play(Move(0, 8, None))
    with pytest.raises(RulesError, match="hand_index"):
        game.play(Move(5, 8, 0))
    with pytest.raises(RulesError, match="not an empty patch space"):
        game.play(Move(0, 0, 0))
    assert game.seat == 0 and len(game.hands[0]) == 2 and game.quilts[0].placements == []


def random_move(game: MultiplayerGame, rng) -> Move:
    market = None if game.turn == TURNS else rng.randrange(3)
    hand = game.hands[game.seat]
    return Move(rng.randrange(len(hand)), rng.choice(game.quilts[game.seat].empty_cells), market)


@UNTIMED
@given(st.text(max_size=12), st.integers(2, 4), st.randoms(use_true_random=False))
def test_random_games_conserve_patches_replay_and_score_like_the_reference(seed, players, rng):
    game = start(seed, players)
    pool = Counter(game.table.setups[0].pool())
    moves = []
    while not game.finished:
        placed = [p for quilt in game.quilts for _, p in quilt.placements]
        held = [p for hand in game.hands for p in hand]
        assert Counter(held + game.market + game.remaining_bag + placed) == pool
        view = game.view(game.seat)
        others = [p for seat, hand in enumerate(game.hands) if seat != game.seat for p in hand]
        assert view.unseen() == Counter(game.remaining_bag + others)  # a multiset, no order
        moves.append(random_move(game, rng))
        game.play(moves[-1])
    assert len(moves) == players * TURNS
    again = start(seed, players)
    for move in moves:
        again.play(move)
    assert [quilt_to_json(q) for q in again.quilts] == [quilt_to_json(q) for q in game.quilts]
    for quilt in game.quilts:
        assert reference.agrees(quilt.score(), quilt_to_json(quilt))
    ranks = dict(game.standings())
    keys = {}
    for seat, quilt in enumerate(game.quilts):
        expected = reference.score(quilt_to_json(quilt))
        keys[seat] = (
            expected["total"],
            len(expected["cats"]),
            len(expected["buttons"]) + expected["rainbow"],
        )
    for seat, key in keys.items():
        assert ranks[seat] == 1 + sum(other > key for other in keys.values())


def test_a_seat_view_is_copies_and_holds_no_bag_or_other_hand():
    game = start("secret", 3)
    view = game.view(1)
    assert not hasattr(view, "bag") and not hasattr(view, "hands")
    assert view.hand == tuple(game.hands[1]) and view.to_move == 0 and view.turn == 1
    view.quilts[1].place(view.quilts[1].empty_cells[0], view.hand[0])
    assert game.quilts[1].placements == []  # the view's quilts are copies
