"""The solo game: the conveyor market, move checks, and what a player is allowed to see."""

import json

import pytest

from solver.game import TURNS, Move, Observation, RulesError, SoloGame, deal, parse_cell

GOALS = {"2,3": "aaa-bb-c", "3,4": "aaaa-bb", "4,2": "all-different"}  # options of this seed


def new_game(seed="2026-11-29", **kwargs) -> SoloGame:
    return SoloGame.start(deal(seed, **kwargs), GOALS if not kwargs else None)


@pytest.mark.parametrize(("taken", "slides", "discarded"), [(0, 1, 2), (1, 0, 2), (2, 0, 1)])
def test_conveyor_discards_the_patch_farther_from_the_bag(taken, slides, discarded):
    game = new_game()
    market, bag = list(game.market), list(game.bag)
    game.play(Move(0, parse_cell("1,1"), taken))
    assert game.hand[-1] == market[taken]
    assert game.market == [bag[1], bag[0], market[slides]]  # slot 1 is refilled first
    assert game.discarded == [market[discarded]]


def test_a_whole_game_uses_47_patches_and_has_no_market_step_on_turn_22():
    game = new_game()
    for turn in range(1, TURNS + 1):
        assert game.turn == turn
        last = turn == TURNS
        game.play(Move(0, game.quilt.empty_cells[0], None if last else 2))
    assert game.finished and game.quilt.full
    assert len(game.hand) == 1 and len(game.discarded) == 21
    assert len(game.bag) - len(game.remaining_bag) == 42  # plus 2 in hand and 3 in the market
    assert game.legal_moves() == []
    with pytest.raises(RulesError, match="the game is over"):
        game.play(Move(0, parse_cell("1,1"), None))


def test_legal_moves_are_every_hand_cell_market_combination():
    game = new_game()
    assert len(game.legal_moves()) == 2 * 22 * 3
    for move in game.legal_moves()[:5]:
        game.check(move)


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (Move(2, parse_cell("1,1"), 0), "hand_index must be 0 to 1"),
        (Move(0, parse_cell("2,3"), 0), "cell 2,3 is not an empty patch space"),
        (Move(0, parse_cell("0,0"), 0), "cell 0,0 is not an empty patch space"),
        (Move(0, 99, 0), "cell 99 is not an empty patch space"),
        (Move(0, parse_cell("1,1"), 3), "market_index must be 0, 1 or 2"),
        (Move(0, parse_cell("1,1"), None), "market_index must be 0, 1 or 2"),
    ],
)
def test_illegal_moves_are_refused_and_change_nothing(move, message):
    game = new_game()
    before = json.dumps(game.observation().to_json()), list(game.remaining_bag)
    with pytest.raises(RulesError, match=message):
        game.play(move)
    assert (json.dumps(game.observation().to_json()), list(game.remaining_bag)) == before


def test_last_turn_refuses_a_market_index():
    game = new_game()
    for _ in range(TURNS - 1):
        game.play(Move(0, game.quilt.empty_cells[0], 0))
    with pytest.raises(RulesError, match="market_index must be null"):
        game.play(Move(0, game.quilt.empty_cells[0], 0))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a move must be an object"),
        ({"hand_index": 0, "cell": "9,9", "market_index": 0}, "cell '9,9' is not a cell name"),
        ({"hand_index": "0", "cell": "1,1", "market_index": 0}, "hand_index must be a whole"),
        ({"hand_index": True, "cell": "1,1", "market_index": 0}, "hand_index must be a whole"),
        ({"hand_index": 0, "cell": "1,1", "market_index": 1.5}, "market_index must be a whole"),
        ({"cell": "1,1", "market_index": 0}, "hand_index is required"),
    ],
)
def test_move_json_is_checked(data, message):
    with pytest.raises(RulesError, match=message):
        Move.from_json(data)


def reachable(root):
    """Every object reachable from ``root`` through attributes and container elements."""
    seen, stack = {}, [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, int | float | str | bytes | type(None) | type):
            continue
        seen[id(obj)] = obj
        if isinstance(obj, dict):
            stack.extend([*obj.keys(), *obj.values()])
        elif isinstance(obj, list | tuple | set | frozenset):
            stack.extend(obj)
        for cls in type(obj).__mro__:
            stack.extend(getattr(obj, name) for name in getattr(cls, "__slots__", ()))
        stack.extend(getattr(obj, "__dict__", {}).values())
    return seen.values()


def test_an_observation_has_no_attribute_path_to_the_bag():
    game = new_game()
    for _ in range(5):
        game.play(Move(1, game.quilt.empty_cells[-1], 1))
    observation = game.observation()
    objects = list(reachable(observation))
    assert len(objects) > 20  # the walk does reach the quilt, the layout, the cats...
    assert not any(isinstance(o, SoloGame) or o is game.bag for o in objects)
    remaining = game.remaining_bag
    assert not any(isinstance(o, list | tuple) and list(o[:5]) == remaining[:5] for o in objects)
    with pytest.raises(AttributeError):
        observation.game = game  # no __dict__: nothing can be hung on it either


def test_observation_is_a_copy_and_round_trips_through_json():
    game = new_game()
    observation = game.observation()
    game.play(Move(0, parse_cell("1,1"), 0))
    assert observation.turn == 1 and not observation.quilt.placements
    again = Observation.from_json(json.loads(json.dumps(game.observation().to_json())))
    assert again.to_json() == game.observation().to_json()
    assert sum(again.unseen().values()) == 108 - 1 - 2 - 3 - 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"turn": 5}, "turn must be 2"),
        ({"turn": "2"}, "turn must be 2"),
        ({"hand": []}, "the hand must hold two patches"),
        ({"discarded": []}, "on turn 2 discarded must have length 1"),
        ({"market": "none"}, "market must be a list of patches"),
        ({"variant": "chaos", "setup": None}, "unknown variant 'chaos'"),
        ({"board": "green"}, "differ from the quilt's"),
    ],
)
def test_bad_states_are_refused(change, message):
    game = new_game()
    game.play(Move(0, parse_cell("1,1"), 0))
    data = {**game.observation().to_json(), **change}
    with pytest.raises(RulesError, match=message):
        Observation.from_json(data)


def test_four_copies_of_a_patch_in_view_are_refused():
    game = new_game()
    data = game.observation().to_json()
    data["hand"] = [data["hand"][0]] * 2
    data["market"][:2] = data["hand"]
    with pytest.raises(RulesError, match="more than 3 copies of pink quatrefoil"):
        Observation.from_json(data)


def test_from_observation_continues_with_a_given_bag():
    game = new_game()
    sampled = SoloGame.from_observation(game.observation(), list(reversed(game.bag)))
    sampled.play(Move(0, parse_cell("1,1"), 0))
    assert sampled.market[:2] == [game.bag[-2], game.bag[-1]]
    assert game.turn == 1 and not game.quilt.placements
