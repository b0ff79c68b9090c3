"""Solver opponents at a table: they see only a seat's view, play legal deterministic games at
every level, and choose their goals from their own four options."""

import pytest

from solver.game import GOAL_CELLS, TURNS, MultiplayerGame, cell_name, deal_table
from solver.search.goal_choice import arrangements
from solver.search.versus import LEVELS, choose_goals, choose_move, make_opponent


def started(seed: str, players: int) -> MultiplayerGame:
    table = deal_table(seed, players)
    names = [cell_name(cell) for cell in GOAL_CELLS]
    goals = [dict(zip(names, s.goal_options, strict=False)) for s in table.setups]
    return MultiplayerGame(table, goals)


def test_the_solo_view_of_a_seat_knows_what_the_seat_can_work_out_and_no_more():
    game = started("view", 3)
    for _ in range(7):  # into seat 1's third turn
        seat = game.seat
        game.play(choose_move(make_opponent("easy", ""), game.view(seat)))
    view = game.view(1)
    observation = view.solo_observation()
    assert observation.unseen() == view.unseen()
    assert observation.hand == tuple(game.hands[1]) and observation.market == tuple(game.market)
    assert observation.quilt.placements == game.quilts[1].placements
    assert observation.turn == 3 and not hasattr(observation, "bag")


def test_opponents_choose_three_of_their_own_options_deterministically():
    table = deal_table("goals", 2)
    for setup in table.setups:
        goals = choose_goals(setup, "seat")
        assert goals in arrangements(setup) and goals == choose_goals(setup, "seat")


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_a_level_plays_a_whole_table_legally_and_deterministically(level):
    finals = []
    for _ in range(2):
        game = started("whole", 2)
        players = [make_opponent(level, f"seat-{s}") for s in range(2)]
        while not game.finished:
            game.play(choose_move(players[game.seat], game.view(game.seat)))  # play() checks
        finals.append([q.total() for q in game.quilts])
    assert finals[0] == finals[1]


def test_hard_plays_legal_moves_including_the_last_turn():
    game = started("hard", 2)
    hard = make_opponent("hard", "seat-0")
    easy = make_opponent("easy", "")
    while not game.finished:
        seat = game.seat
        slow = seat == 0 and game.turn in (1, TURNS - 2, TURNS)  # a sample of hard's turns
        game.play(choose_move(hard if slow else easy, game.view(seat)))
    assert game.quilts[0].full


def test_unknown_level_is_named():
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        make_opponent("expert", "")
    assert list(LEVELS) == ["easy", "medium", "hard"]
