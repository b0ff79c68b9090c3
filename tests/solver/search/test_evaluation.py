"""The evaluation: its judgements point the right way, a full quilt is worth its score, and
the oracle's incremental parts (``reference_evaluation.py``) agree with a full recomputation."""

import random

from reference_evaluation import Evaluator  # same directory: the oracle

from solver.game import SoloGame, cat_by_id, deal, make_patch, parse_cell
from solver.search.evaluation import _fitting, attribute_chance, feasible
from solver.search.fastcore import evaluator_for, pack
from solver.search.goal_choice import arrangements


def _random_game(seed: str):
    d = deal(seed)
    game = SoloGame.start(d, arrangements(d.setup)[0])
    return game, Evaluator(game.quilt.layout), random.Random(seed)


def test_incremental_parts_match_a_full_recomputation_on_random_games():
    for k in range(40):
        game, evaluator, rng = _random_game(f"eval-{k}")
        parts = evaluator.parts(game.quilt)
        while not game.finished:
            move = rng.choice(game.legal_moves())
            patch = game.hand[move.hand_index]
            game.play(move)
            parts = evaluator.after(game.quilt, parts, move.cell, patch)
            assert parts == evaluator.parts(game.quilt), (k, game.turn)


def test_a_full_quilt_is_worth_exactly_its_score():
    game, evaluator, rng = _random_game("eval-full")
    while not game.finished:
        game.play(rng.choice(game.legal_moves()))
    assert evaluator.value(game.quilt) == game.quilt.total()
    assert evaluator_for(game.quilt.layout).value(pack(game.quilt)) == game.quilt.total()


def test_feasible_goal_counts():
    assert feasible([3, 2], (3, 2, 1))
    assert feasible([1, 1, 1], (3, 2, 1))
    assert not feasible([1, 1, 1, 1], (3, 2, 1))
    assert feasible([2, 2], (3, 2, 1))  # a a b b -> a a a b b c
    assert not feasible([2, 2, 2], (3, 2, 1))  # only two parts of the target hold two
    assert not feasible([4], (3, 3))


def test_attribute_chance_is_zero_once_a_goal_is_broken_and_higher_when_more_values_fit():
    assert attribute_chance([0, 0], (1,) * 6, 0.5, 0.5) == 0.0
    # after a a b: AAA-BBB accepts only a or b next; AA-BB-C-D accepts a, b or anything new
    narrow = attribute_chance([0, 0, 1], (3, 3), 0.5, 0.5)
    wide = attribute_chance([0, 0, 1], (2, 2, 1, 1), 0.5, 0.5)
    assert 0 < narrow < wide


def test_a_growing_cat_group_is_worth_more_than_scattered_patches():
    for k in range(10):
        game, evaluator, _ = _random_game(f"eval-cat-{k}")
        for pattern, cat in enumerate(game.quilt.layout.cat_of_pattern):
            together, apart = game.quilt.copy(), game.quilt.copy()
            together.place(parse_cell("5,4"), make_patch(0, pattern))
            together.place(parse_cell("5,5"), make_patch(3, pattern))
            apart.place(parse_cell("5,4"), make_patch(0, pattern))
            apart.place(parse_cell("1,1"), make_patch(3, pattern))
            worth = [_cat_worth(evaluator, q, pattern) for q in (together, apart)]
            if cat is None:
                assert worth == [0.0, 0.0]
            elif cat.shape is None:  # a shape may run through border patches either way
                assert worth[0] > worth[1], (k, cat.id)


def _cat_worth(evaluator, quilt, pattern) -> float:
    """Cat points earned with ``pattern`` plus the evaluation's cat part for it."""
    earned = sum(cat_by_id(cat).points for cat, p, _ in quilt.cat_tokens if p == pattern)
    return earned + evaluator.parts(quilt)[15 + pattern]


def test_values_that_keep_a_goal_feasible_are_counted_after_trying_others():
    # AAA-BBB around a goal holding two patches of value 0: any of the six values still fits
    # (a value tried earlier and taken back must not count as a third kind)
    assert _fitting((0, 0), (3, 3)) == 6
    assert _fitting((0, 0, 1, 1), (3, 3)) == 2  # only a third 0 or a third 1
    assert _fitting((0, 0, 0, 0), (3, 3)) == -1
