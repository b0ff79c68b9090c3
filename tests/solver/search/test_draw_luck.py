"""AIVAT's luck term for the protocol (``valuation.draw_luck``): the draws moved to the front
of each future, nothing on the turns whose draws are never played, and an expectation of zero
over the draws (checked on a fixed sample of random draws: deterministic, never flaky)."""

import random
import statistics

from solver.game import TURNS, SoloGame, deal
from solver.search import make_player
from solver.search.valuation import draw_luck, sampled_bag


def position(seed: str, turn: int):
    """A greedy game's position at ``turn``, with the move greedy plays there."""
    dealt = deal(seed)
    player = make_player("greedy", seed=seed)
    game = SoloGame.start(dealt, player.choose_goals(dealt.setup, None))
    while game.turn < turn:
        game.play(player.choose_move(game.observation()))
    seen = game.observation()
    return seen, player.choose_move(seen)


def test_the_futures_own_first_draws_are_no_luck():
    seen, move = position("luck-front", 5)
    bag = sampled_bag(sorted(seen.unseen().elements()), "s", seen.turn, 0)
    assert draw_luck(seen, move, (bag[0], bag[1]), samples=1, seed="s") == 0.0


def test_no_luck_from_turn_21_on():
    seen, move = position("luck-late", TURNS - 1)
    unseen = sorted(seen.unseen().elements())
    assert draw_luck(seen, move, (unseen[0], unseen[-1]), samples=8, seed="s") == 0.0


def test_over_random_draws_the_luck_averages_zero():
    seen, move = position("luck-mean", 8)
    unseen = sorted(seen.unseen().elements())
    rng = random.Random(7)
    lucks = []
    for n in range(120):
        first, second = rng.sample(unseen, 2)
        lucks.append(draw_luck(seen, move, (first, second), samples=4, seed=f"f{n}"))
    spread = statistics.stdev(lucks)
    assert spread > 0.5  # the draws matter at turn 8
    assert abs(statistics.fmean(lucks)) < 4 * spread / len(lucks) ** 0.5
