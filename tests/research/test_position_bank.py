"""research/position_bank.py: the bank's positions rebuild through the rules engine, every move
is valued on the same futures (so a move outside the bank compares with its moves), and the
regret statistics."""

import numpy as np
import pytest

from research import position_bank
from solver.game import Move

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
