"""Play for the pass (solver/search/scenario_play.py): the utility, the condition-aware
evaluation, the scenario player, and the daily left exactly as it was."""

import dataclasses

import numpy as np
import pytest

from solver.game import MET, OPEN, SCENARIOS, SoloGame, deal
from solver.search import FairPlayer, hint, make_player, play_game, position_key
from solver.search.expected import calibrated
from solver.search.fastcore import evaluator_for, pack
from solver.search.goal_choice import arrangements
from solver.search.hints import hint_player
from solver.search.scenario_play import (
    KINDS,
    SHAPE,
    Judge,
    ScenarioEvaluator,
    ScenarioHindsightPlayer,
    ScenarioPlayer,
    ScenarioValuation,
    cats_without_a_token,
    gain_at,
    open_kinds,
    scenario_evaluator,
    scenario_of,
    value_moves_for_pass,
)

LOW = {"candidates": 4, "samples": 4}  # enough to exercise every path, fast


def _first_layout(number):
    scenario = SCENARIOS[number]
    dealt = deal(f"layout-{number}", scenario.setup)
    return scenario, dealt, dealt.setup.layout(arrangements(dealt.setup)[0])


def _judge(number):
    scenario, _, layout = _first_layout(number)
    return scenario, Judge(scenario, layout, evaluator_for(layout))


def test_a_pass_counts_for_more_than_any_higher_score_that_fails():
    scenario, judge = _judge(1)  # score at least 58, the rainbow
    kinds = [c.kind for c in scenario.conditions]
    assert kinds == ["score", "rainbow"]
    just_passing, _, _ = judge.of_counts(np.array([58, 6]))
    for score in (59, 80, 120):
        failing, passed, _ = judge.of_counts(np.array([score, 5]))
        assert not passed and failing < just_passing
    assert just_passing >= 1 > SHAPE  # a pass is 1 plus the shaped term; a fail is only that


def test_a_failing_game_that_nearly_passes_counts_for_more():
    _, judge = _judge(3)  # score 60, 2 goals met, each cat, rainbow
    far, _, _ = judge.of_counts(np.array([40, 0, 1, 3]))
    near, _, _ = judge.of_counts(np.array([58, 2, 3, 5]))
    assert 0 <= far < near < SHAPE
    # below the score's ramp (10 under the threshold) more points add nothing: conditions do
    assert judge.of_counts(np.array([30, 0, 1, 3]))[0] == far


@pytest.mark.parametrize("number", [1, 4, 5, 9, 10])
def test_the_compiled_tally_counts_what_the_engine_counts(number):
    scenario = SCENARIOS[number]
    for k in range(3):
        record = play_game(deal(f"tally-{number}-{k}", scenario.setup), make_player("greedy"))
        quilt = record.game.quilt
        judge = Judge(scenario, quilt.layout, evaluator_for(quilt.layout))
        counts = dict(zip(KINDS, judge.tally(pack(quilt)).tolist(), strict=True))
        score = quilt.score()
        assert counts == scenario._counts(score, score["goals"])
        _, passed, total = judge.judge(pack(quilt))
        assert (passed, total) == (scenario.passed(quilt), score["total"])


def test_only_open_conditions_raise_their_terms_and_met_ones_are_the_dailys_again():
    _, dealt, layout = _first_layout(1)
    daily = evaluator_for(layout)
    plain = ScenarioEvaluator(layout, frozenset())
    for ours, theirs in zip(plain.arrays, daily.arrays, strict=True):
        assert np.array_equal(ours, theirs)  # nothing open: the daily's evaluation exactly
    raised = ScenarioEvaluator(layout, frozenset({"rainbow"}))
    state = pack(SoloGame.start(dealt, arrangements(dealt.setup)[0]).quilt)
    assert raised.value(state) > daily.value(state)  # the rainbow is worth more while open
    # the awards' tables are the rules': the same points for every placement
    for table in (0, 1, 3, 5):
        assert np.array_equal(raised.arrays[table], daily.arrays[table])


def test_a_condition_met_during_a_game_is_switched_off_and_stays_off():
    scenario = SCENARIOS[3]  # 2 goals met, each cat, the rainbow (and the score)
    dealt = deal("switch-off-3-0", scenario.setup)  # each cat, mid-game
    game = SoloGame.start(dealt, arrangements(dealt.setup)[0])
    greedy = make_player("greedy")
    met_in_play = set()
    was_open = set()
    while not game.finished:
        status = {p.condition.kind: p.status for p in scenario.progress(game.quilt)}
        kinds = open_kinds(scenario, game.quilt)
        assert kinds == {kind for kind, s in status.items() if s == OPEN}
        assert scenario_evaluator(game.quilt.layout, kinds).raised == kinds
        for kind, standing in status.items():
            if standing == MET:
                assert kind not in kinds  # met: its terms are the daily's again
                if kind in was_open:
                    met_in_play.add(kind)
            else:
                assert kind not in met_in_play  # a met condition never un-meets
                if standing == OPEN:
                    was_open.add(kind)
        game.play(greedy.choose_move(game.observation()))
    assert met_in_play  # on this deal a condition is met mid-game: the switch was exercised


def test_the_scenario_player_plays_legal_moves_and_values_them_by_the_pass():
    scenario = SCENARIOS[1]
    dealt = deal("legal-1", scenario.setup)
    player = ScenarioPlayer(seed="legal", **LOW)
    goals = player.choose_goals(dealt.setup)
    assert goals in arrangements(dealt.setup)
    game = SoloGame.start(dealt, goals)
    for _ in range(3):
        observation = game.observation()
        valuation = player.valuation(observation)
        assert isinstance(valuation, ScenarioValuation)
        assert player._raised == open_kinds(scenario, observation.quilt)
        best = valuation.best()
        assert all(0 <= p <= 1 for p in valuation.passes)
        assert valuation.values[best] == max(
            v
            for v, n in zip(valuation.values, valuation.samples, strict=True)
            if n == max(valuation.samples)
        )
        game.play(valuation.moves[best])  # raises on an illegal move
    record = play_game(deal("legal-1b", scenario.setup), ScenarioPlayer(seed="b", **LOW))
    assert record.game.finished


def test_the_scenario_player_passes_a_deal_the_points_player_fails():
    # a held-out deal of the bench (k=2 of scenario 2: 5 cat tokens, 59), both at the same
    # reduced strength: the points player scores 70 with too few tokens, this one 69 with them
    scenario = SCENARIOS[2]
    options = {"candidates": 8, "samples": 16}
    seed = "heldout-20261202-2-2"
    ours = play_game(deal(seed, scenario.setup), ScenarioPlayer(seed=seed, **options))
    theirs = play_game(deal(seed, scenario.setup), FairPlayer(seed=seed, **options))
    assert scenario.passed(ours.game.quilt)
    assert not scenario.passed(theirs.game.quilt)


def test_the_goals_are_the_arrangement_with_the_highest_pass_utility():
    scenario = SCENARIOS[6]
    dealt = deal("goals-6", scenario.setup)
    player = ScenarioPlayer(seed="goals", **LOW)
    chosen = player.choose_goals(dealt.setup)
    assert chosen == ScenarioPlayer(seed="goals", **LOW).choose_goals(dealt.setup)
    assert chosen in arrangements(dealt.setup)


# -- the daily is left exactly as it was --------------------------------------------------

# hint(..., candidates=6, samples=16) on deal("daily-unchanged") and the position key after
# five of them, as the code before the scenario mode gave them (the values as the valuation
# gives them: a hint's expected_score is that value calibrated, ``expected.calibrated``)
DAILY_MOVES = [
    ({"hand_index": 0, "cell": "2,4", "market_index": 2}, 72.6875),
    ({"hand_index": 0, "cell": "5,4", "market_index": 2}, 70.5625),
    ({"hand_index": 1, "cell": "2,1", "market_index": 0}, 69.25),
    ({"hand_index": 1, "cell": "1,2", "market_index": 2}, 70.5),
    ({"hand_index": 0, "cell": "1,3", "market_index": 1}, 71.8125),
]
DAILY_KEY = "a5879619e3f9a5c6fb4e0bbf06a0958ec31a57f473bb43e69602ef2c47151a27"


def test_the_dailys_hints_and_their_keys_are_unchanged():
    options = {"candidates": 6, "samples": 16}
    dealt = deal("daily-unchanged")
    assert scenario_of(dealt.setup) is None
    goals = dict(zip(("2,3", "3,4", "4,2"), dealt.setup.goal_options, strict=False))
    game = SoloGame.start(dealt, goals)
    for move, expected in DAILY_MOVES:
        found = hint(game.observation(), **options)
        assert found.move.to_json() == move
        assert found.expected_score == pytest.approx(calibrated(expected, game.turn))
        assert "pass_chance" not in found.to_json()
        game.play(found.move)
    assert position_key(game.observation(), **options) == DAILY_KEY
    assert type(hint_player(options, dealt.setup)) is FairPlayer


def test_the_scenario_player_on_a_daily_is_the_fair_player():
    options = {"candidates": 6, "samples": 16}
    dealt = deal("daily-unchanged")
    observation = SoloGame.start(dealt, arrangements(dealt.setup)[0]).observation()
    ours = ScenarioPlayer(seed="s", **options).valuation(observation)
    theirs = FairPlayer(seed="s", **options).valuation(observation)
    assert dataclasses.asdict(ours) == dataclasses.asdict(theirs)


# -- the play-out's score judged with the player's gain; the hindsight player ---------------


def test_a_play_outs_score_is_judged_with_the_gain_and_reported_as_it_is():
    _, judge = _judge(1)  # score at least 58, the rainbow
    failing, passed, score = judge.of_counts(np.array([54, 6]))
    assert not passed and score == 54
    lifted, passed, score = judge.of_counts(np.array([54, 6]), bonus=4.0)
    assert passed and score == 54  # judged as a 58; the score itself is the play-out's
    assert lifted >= 1 > failing
    assert not judge.of_counts(np.array([54, 5]), bonus=40.0)[1]  # a condition gets no bonus


def test_the_gain_grows_with_the_futures_and_is_the_fits_at_the_fitted_strengths():
    assert gain_at(16) == pytest.approx(0.39)
    assert gain_at(256) == pytest.approx(0.63)
    gains = [gain_at(n) for n in (1, 4, 16, 64, 256, 1000)]
    assert gains == sorted(gains) and gains[0] >= 0 and gains[-1] == pytest.approx(0.63)
    assert ScenarioPlayer(seed="s", **LOW).gain == 0  # off by default
    calibrated = type("Calibrated", (ScenarioPlayer,), {"gain": None})(seed="s", **LOW)
    assert calibrated.gain == pytest.approx(gain_at(LOW["samples"]))
    assert calibrated.strength()["gain"] == round(gain_at(4), 4)


def test_a_play_out_judged_with_a_gain_passes_more_often():
    scenario = SCENARIOS[1]
    dealt = deal("gain-1", scenario.setup)
    game = SoloGame.start(dealt, arrangements(dealt.setup)[0])
    for _ in range(5):
        game.play(make_player("greedy").choose_move(game.observation()))
    observation = game.observation()
    player = ScenarioPlayer(seed="gain", **LOW)
    moves = [node.move for node in player.visible_candidates(observation, 4)[:4]]
    beam = player.playout(observation.layout)
    plain = value_moves_for_pass(
        observation, moves, scenario, beam, samples=8, seed="g", margin=None
    )
    lifted = value_moves_for_pass(
        observation, moves, scenario, beam, samples=8, seed="g", margin=None, gain=2.0
    )
    assert plain.scores == lifted.scores  # the same play-outs
    assert all(a <= b for a, b in zip(plain.passes, lifted.passes, strict=True))
    assert sum(lifted.passes) > sum(plain.passes)


def test_the_hindsight_player_sees_the_bag_and_plays_its_best_arrangement():
    scenario = SCENARIOS[1]
    dealt = deal("hindsight-1", scenario.setup)
    player = ScenarioHindsightPlayer(seed="h", **LOW)
    assert player.sees_bag and player.candidates >= 8
    with pytest.raises(ValueError):
        player.choose_move(SoloGame.start(dealt, arrangements(dealt.setup)[0]).observation())
    record = play_game(dealt, player)
    assert record.goals in arrangements(dealt.setup)
    played = Judge(scenario, record.game.quilt.layout, evaluator_for(record.game.quilt.layout))
    best = played.judge(pack(record.game.quilt))[0]
    for goals in arrangements(dealt.setup):  # the game played is the best of the six
        game = SoloGame.start(dealt, goals)
        while not game.finished:
            game.play(player.choose_move(game.observation(), game))
        other = Judge(scenario, game.quilt.layout, evaluator_for(game.quilt.layout))
        assert other.judge(pack(game.quilt))[0] <= best


def test_with_a_spread_a_near_pass_counts_as_its_chance_and_a_missed_condition_as_none():
    _, judge = _judge(1)  # score at least 58, the rainbow
    chance = [
        judge.of_counts(np.array([score, 6]), spread=3.0)[0] - SHAPE for score in range(50, 68)
    ]
    assert chance == sorted(chance)  # the more points the likelier the pass
    below, _, _ = judge.of_counts(np.array([57, 6]), spread=3.0)
    at, passed, _ = judge.of_counts(np.array([58, 6]), spread=3.0)
    assert passed and 0.5 < at < 1 + SHAPE
    assert SHAPE < below < at  # a 57 with the rainbow is nearly a pass, not a fail
    assert judge.of_counts(np.array([90, 5]), spread=3.0)[0] < SHAPE  # no rainbow: no pass
    # ``near``: a condition one short counts as the chance that the player does one better
    short, _, _ = judge.of_counts(np.array([90, 5]), spread=3.0, near=1.0)
    assert SHAPE < short < judge.of_counts(np.array([90, 6]), spread=3.0, near=1.0)[0]


def test_each_cat_raises_only_the_cats_still_without_a_token():
    scenario, _, layout = _first_layout(10)  # each cat at least once (no count of tokens)
    daily = evaluator_for(layout)
    first = scenario.cats[0]
    targeted = ScenarioEvaluator(layout, frozenset({"each-cat"}), wanted=frozenset({first}))
    progress, plain = targeted.arrays[4], daily.arrays[4]
    for pattern, cat in enumerate(layout.cat_of_pattern):
        if cat is not None and cat.id == first:
            assert (progress[pattern] >= plain[pattern]).all()
            assert (progress[pattern] > plain[pattern]).any()
        else:  # a cat with its token (or no cat): the daily's progress
            assert np.array_equal(progress[pattern], plain[pattern])
    assert cats_without_a_token(scenario, SoloGame.start(*_start(10)).quilt) == set(scenario.cats)


def _start(number):
    _, dealt, _ = _first_layout(number)
    return dealt, arrangements(dealt.setup)[0]
