"""Hints: the fair solver's move for a visible state, with reasons a person understands."""

import pytest

from solver.game import TURNS, Move, Observation, SoloGame, deal, parse_cell
from solver.search import hint, make_player, position_key
from solver.search.beam import state_key
from solver.search.expected import EXPECTED_GAIN_PER_TURN
from solver.search.hints import (
    REASONS,
    fact,
    hint_player,
    reasons,
    say,
)

SMALL = {"samples": 2, "playout_width": 2}


def _game_at(turn: int, seed: str = "test-hints") -> SoloGame:
    d = deal(seed, setup="beginner")
    game = SoloGame.start(d)
    player = make_player("greedy")
    while game.turn < turn:
        game.play(player.choose_move(game.observation()))
    return game


@pytest.mark.parametrize("turn", [1, 12, TURNS - 1, TURNS])
def test_a_hint_is_a_legal_move_with_reasons_and_a_plausible_expected_score(turn):
    game = _game_at(turn)
    answer = hint(game.observation(), **SMALL)
    game.check(answer.move)
    data = answer.to_json()
    assert set(data) == {"move", "expected_score", "reasons"}
    assert 1 <= len(data["reasons"]) <= 3
    assert all(r["kind"] in REASONS and say(r) for r in data["reasons"])  # facts, said in English
    assert data["expected_score"] >= game.quilt.total()


@pytest.mark.parametrize("turn", [1, 12, TURNS - 1, TURNS])
def test_the_expected_score_is_the_moves_value_raised_to_pars_own_expectation(turn):
    """The valuation's value is the greedy play-out's final score; par goes on to score more
    by about EXPECTED_GAIN_PER_TURN a turn left (research/expected_score_fit.py), nothing on the
    last turn."""
    observation = _game_at(turn).observation()
    valuation = hint_player(SMALL, observation.setup).valuation(observation)
    value = valuation.values[valuation.best()]
    answer = hint(observation, **SMALL)
    assert answer.move == valuation.moves[valuation.best()]
    assert EXPECTED_GAIN_PER_TURN > 0
    assert answer.expected_score == pytest.approx(value + EXPECTED_GAIN_PER_TURN * (TURNS - turn))
    if turn == TURNS:
        assert answer.expected_score == value


def test_hints_are_deterministic_and_survive_a_json_round_trip_of_the_state():
    observation = _game_at(9).observation()
    again = Observation.from_json(observation.to_json())
    assert hint(observation, **SMALL).to_json() == hint(again, **SMALL).to_json()


def test_reasons_name_a_completed_goal_and_the_market_patch():
    game = _game_at(1)
    quilt = game.quilt
    # fill five neighbours of the all-different goal at 2,3 with five colours and patterns,
    # so that a sixth patch of the missing colour and pattern completes it with both
    around = ["1,2", "1,3", "2,2", "2,4", "3,2"]
    for k, name in enumerate(around):
        quilt.place(parse_cell(name), k * 6 + k)
    observation = Observation(
        game.setup, quilt, (5 * 6 + 5, 0), game.market, (), len(quilt.placements) + 1
    )
    move = Move(0, parse_cell("3,3"), 1)
    said = reasons(observation, move)
    assert said[0] == fact("goal", goal="A-B-C-D-E-F", by="colours and patterns", points=15)
    assert say(said[0]) == "completes A-B-C-D-E-F with colours and patterns: +15"
    assert said[-1]["kind"] == "take"


def test_bad_hint_options_are_refused():
    with pytest.raises(ValueError, match="samples"):
        hint(_game_at(1).observation(), samples=-1)


def test_the_position_key_is_the_visible_position_and_never_the_bag():
    game = _game_at(6)
    key = position_key(game.observation())
    # the same visible position with another hidden bag
    other = game.copy()
    other.bag = other.bag[: other._next] + other.bag[other._next :][::-1]
    assert other.remaining_bag != game.remaining_bag
    assert position_key(other.observation()) == key
    # the same quilt placed in another order is the same position
    again = game.observation()
    replaced = type(again.quilt)(again.layout)
    for cell, patch in reversed(again.quilt.placements):
        replaced.place(cell, patch)
    assert state_key(replaced) == state_key(again.quilt)  # this order scored the same areas
    assert (
        position_key(
            Observation(
                again.setup, replaced, again.hand, again.market, again.discarded, again.turn
            )
        )
        == key
    )
    # the hand in the other order (a move names a hand slot) is another position
    swapped = Observation(
        again.setup, again.quilt, again.hand[::-1], again.market, again.discarded, again.turn
    )
    assert again.hand[0] != again.hand[1]
    assert position_key(swapped) != key
    game.play(game.legal_moves()[0])
    assert position_key(game.observation()) != key


def test_the_same_cells_with_other_scored_areas_are_another_position(quilt_with):
    """Placed in another order, the same cells may have scored another cat (test_beam.py):
    the hint's expected score differs, so the position does."""
    left, right, join = ("1,1", "1,2", "1,3"), ("1,5", "2,5", "3,5"), "1,4"
    colors = dict(
        zip(
            (*left, *right, join),
            ("navy", "teal", "green", "yellow", "purple", "pink", "navy"),
            strict=True,
        )
    )
    twice = quilt_with([(c, colors[c], "dots") for c in (*left, *right, join)])
    once = quilt_with([(c, colors[c], "dots") for c in (*left, join, *right)])
    assert twice.cells == once.cells and twice.points != once.points
    seen = _game_at(8).observation()
    keys = {
        position_key(Observation(seen.setup, quilt, seen.hand, seen.market, seen.discarded, 8))
        for quilt in (twice, once)
    }
    assert len(keys) == 2


def test_the_position_key_follows_the_hint_strength_not_how_it_is_spelled():
    observation = _game_at(3).observation()
    par = position_key(observation)
    assert position_key(observation, samples=256, candidates=48) == par  # the defaults
    assert position_key(observation, width=1) == position_key(observation, playout_width=1)
    assert position_key(observation, samples=128) != par
    assert position_key(observation, depth=4) != par
    with pytest.raises(ValueError, match="samples"):
        position_key(observation, samples=0)
