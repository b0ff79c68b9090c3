"""Goal choice: quick games pick the finalists; with ``goal_deals`` the fair player values
them again by how it would start them (its own turn-1 valuation), and without it nothing
changes."""

from solver.game import SoloGame, deal
from solver.search import make_player
from solver.search.goal_choice import FINALISTS, by_first_turn, choose_arrangement
from solver.search.players import sampled_deals

SMALL = {"samples": 8, "candidates": 3}


def test_the_finalist_worth_most_at_turn_one_wins_the_earlier_on_a_tie():
    setup = deal("test-goal-choice-1").setup
    finalists = choose_arrangement(setup, sampled_deals(setup, "s", 4), _evaluator, keep=3)
    deals = sampled_deals(setup, "t", 2)
    worth = {0: 1.0, 1: 5.0, 2: 5.0}  # the second and third tie; the second comes first

    def value(observation):
        layouts = [setup.layout(goals).to_json() for goals in finalists]
        return worth[layouts.index(observation.layout.to_json())]

    assert by_first_turn(finalists, deals, value) == finalists[1]


def test_goal_deals_revalue_the_finalists_by_the_players_own_turn_one_valuation():
    setup = deal("test-goal-choice-2").setup
    player = make_player("fair", seed="s", goal_deals=2, **SMALL)
    chosen = player.choose_goals(setup)
    futures = sampled_deals(setup, "s", SMALL["samples"])
    plain = make_player("fair", seed="s", **SMALL)
    finalists = choose_arrangement(setup, futures, plain.evaluator, keep=FINALISTS, first=1)
    starts = sampled_deals(setup, "s/first-turn", 2)

    def worth(goals):
        total = 0.0
        for start in starts:
            valuation = plain.valuation(SoloGame.start(start, goals).observation())
            total += valuation.values[valuation.best()]
        return total

    totals = [worth(goals) for goals in finalists]
    assert chosen == finalists[totals.index(max(totals))]
    # without the option, the quick games' choice, as before: the first finalist
    assert plain.choose_goals(setup) == finalists[0]
    # fixed goals stay fixed
    assert (
        make_player("fair", goal_deals=2, **SMALL).choose_goals(
            deal("test-goal-choice-2", setup="beginner").setup
        )
        is None
    )


def _evaluator(layout):
    return make_player("fair", **SMALL).evaluator(layout)
