"""research/position_bank.py: the bank's positions rebuild through the rules engine, every move
is valued on the same futures (so a move outside the bank compares with its moves), and the
regret statistics; the stronger judge (``--judge``): par's top moves and the quick move,
deterministic, on the same futures, a move outside the bank on them too."""

import numpy as np
import pytest

from research import position_bank
from solver.game import Move, SoloGame
from solver.search import make_player
from solver.search.valuation import quick_move

TINY = {"samples": 2, "candidates": 2}


@pytest.fixture
def bank(tmp_path, monkeypatch):
    monkeypatch.setattr(position_bank, "BANK", tmp_path)
    return position_bank.build("t", positions=3, futures=4, moves=3, per_game=2, play=TINY)


def test_regret_is_the_best_mean_minus_the_chosen_and_never_negative():
    assert position_bank.regret([70.0, 72.5, 71.0], 72.5) == 0
    assert position_bank.regret([70.0, 72.5, 71.0], 70.0) == pytest.approx(2.5)
    assert position_bank.regret([70.0, 72.5], 74.0) == 0  # a move outside the bank, better


def test_bank_turns_are_distinct_turns_before_the_exact_ones_drawn_from_the_seed():
    turns = position_bank.bank_turns("bank-x-0001", 5)
    assert turns == position_bank.bank_turns("bank-x-0001", 5) == sorted(set(turns))
    assert len(turns) == 5 and turns[0] >= 1 and turns[-1] <= position_bank.LAST_TURN
    assert turns != position_bank.bank_turns("bank-x-0002", 5)


def test_positions_rebuild_and_their_values_are_the_same_futures(bank, tmp_path):
    assert len(bank) == 3 and (tmp_path / "t.jsonl").exists()
    for position in bank:
        observation = position_bank.rebuilt(position).observation()
        assert observation.turn == position["turn"]
        finals = np.asarray(position["finals"])
        assert finals.shape == (len(position["moves"]), 4)
        # one move alone on the bank's seed: its own row, future by future
        move = Move.from_json(position["moves"][-1])
        alone = position_bank.value_position(observation, [move], 4, f"bank/{position['id']}")
        assert alone[0].tolist() == finals[-1].tolist()
    again = position_bank.build("t", positions=3, futures=4, moves=3, per_game=2, play=TINY)
    assert again == bank  # a rerun plays nothing new
    with pytest.raises(ValueError, match="other --futures"):
        position_bank.build("t", positions=4, futures=8, moves=3, per_game=2, play=TINY)


def test_score_reports_regret_with_its_interval(bank):
    result = position_bank.score(bank, TINY)
    regret = result["regret"]
    assert result["positions"] == 3 and 0 <= result["best_chosen"] <= 1
    assert regret["mean"] >= 0 and regret["low"] <= regret["mean"] <= regret["high"]


@pytest.fixture
def judged(tmp_path, monkeypatch):
    monkeypatch.setattr(position_bank, "BANK", tmp_path)
    return position_bank.build(
        "j", positions=2, futures=4, moves=2, per_game=2, play=TINY, judge=TINY, judge_futures=2
    )


def _without_cpu(bank):
    return [{k: v for k, v in row.items() if k != "judge_cpu"} for row in bank]


def test_a_judged_bank_holds_the_players_top_moves_and_the_quick_move(judged):
    for position in judged:
        observation = position_bank.rebuilt(position).observation()
        player = make_player("fair", seed=position["seed"], **TINY)
        ranking = player.valuation(observation)
        top = [ranking.moves[i].to_json() for i in ranking.ranking()[:2]]
        assert position["moves"][:2] == top
        quick = quick_move(observation).to_json()
        assert position["moves"][position["quick"]] == quick
        assert len(position["moves"]) == 2 + (quick not in top)
        assert np.asarray(position["judged"]).shape == (len(position["moves"]), 2)
        assert np.asarray(position["finals"]).shape == (len(position["moves"]), 4)


def test_the_judge_is_deterministic_and_values_every_move_on_the_same_futures(
    judged, tmp_path, monkeypatch
):
    monkeypatch.setattr(position_bank, "BANK", tmp_path / "again")
    again = position_bank.build(
        "j", positions=2, futures=4, moves=2, per_game=2, play=TINY, judge=TINY, judge_futures=2
    )
    assert _without_cpu(again) == _without_cpu(judged)
    for position in judged:
        observation = position_bank.rebuilt(position).observation()
        seed = f"bank/{position['id']}"
        for i, move in enumerate(position["moves"]):  # each move alone: its own row
            alone = position_bank.judge_position(
                observation, [Move.from_json(move)], 2, seed, position["judge"]
            )
            assert alone[0].tolist() == position["judged"][i]
    with pytest.raises(ValueError, match="other --futures/--moves/--judge"):
        position_bank.build(
            "j",
            positions=3,
            futures=4,
            moves=2,
            per_game=2,
            play=TINY,
            judge={"samples": 3, "candidates": 2},
            judge_futures=2,
        )


def test_a_move_outside_the_bank_is_judged_on_the_same_futures(judged, monkeypatch):
    position = judged[0]
    observation = position_bank.rebuilt(position).observation()
    banked = [Move.from_json(m) for m in position["moves"]]
    outside = next(
        m for m in SoloGame.from_observation(observation, ()).legal_moves() if m not in banked
    )
    seed = f"bank/{position['id']}"
    together = position_bank.judge_position(observation, [*banked, outside], 2, seed, TINY)
    assert together[:-1].tolist() == position["judged"]  # the bank's futures, move by move

    class Chooses:  # a player that plays the outside move
        def choose_move(self, observation, game=None):
            return outside

    def scored_chooses(strategy, seed="", **options):  # the continuation stays the judge's
        if seed.startswith("bank-player/"):
            return Chooses()
        return make_player(strategy, seed=seed, **options)

    monkeypatch.setattr(position_bank, "make_player", scored_chooses)
    result = position_bank.score([position, position], TINY)
    means = together.mean(axis=1)
    assert result["judged"]["outside"] == 2 and result["judged"]["best_chosen"] == 0
    # its regret: the best of the bank's moves and its own, less its own, on the same futures
    assert result["judged"]["regret"]["mean"] == pytest.approx(max(means) - means[-1])


def test_agreement_and_the_score_under_both_judges(judged):
    agreement = position_bank.agreement(judged)
    assert agreement["positions"] == 2 and 0 <= agreement["same_best"] <= 1
    assert -1 <= agreement["correlation"] <= 1
    for judge in ("quick_halves", "judged_halves"):
        assert 0 <= agreement[judge]["same_best"] <= 1
    for key in ("played_regret_quick", "played_regret_judged", "quick_regret_judged"):
        assert agreement[key]["mean"] >= 0
    result = position_bank.score(judged, TINY)
    assert result["judged"]["regret"]["mean"] >= 0 and result["regret"]["mean"] >= 0
    cost = position_bank.judge_cost(judged)
    assert cost["judge"] == TINY and cost["all"] > 0


def test_versus_is_the_second_players_regret_less_the_firsts_paired_by_position():
    first = {"options": {}, "regrets": [0.0, 1.0, 0.5], "judged": {"regrets": [1.0, 1.0, 0.0]}}
    second = {"options": TINY, "regrets": [1.0, 1.0, 1.5], "judged": {"regrets": [2.0, 1.5, 1.0]}}
    compared = position_bank.versus(first, second)
    assert compared["first"] == {} and compared["second"] == TINY
    assert compared["quick"]["mean"] == pytest.approx(2 / 3)
    assert compared["judged"]["mean"] == pytest.approx(2.5 / 3)
    assert compared["judged"]["pairs"] == 3
