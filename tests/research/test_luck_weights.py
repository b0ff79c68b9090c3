"""research/luck_weights.py: the stage weights recovered from games whose score follows their
luck by known weights, the variance they take off the paired differences, and a clear exit 2
for an experiment that is not there or has no luck."""

import json
import random

from research import luck_weights, protocol

TRUE = (0.0, 0.5, 0.8)


def game(rng) -> tuple[int, list[float]]:
    lucks = [round(rng.gauss(0, 1.5), 3) for _ in range(21)]
    stages = luck_weights.by_stage(lucks)
    return 70 + sum(w * s for w, s in zip(TRUE, stages, strict=True)) + rng.gauss(0, 0.5), lucks


def test_the_weights_are_recovered_and_take_the_luck_off_the_differences(tmp_path):
    rng = random.Random(3)
    rows = []
    for k in range(80):
        (base, base_lucks), (test, test_lucks) = game(rng), game(rng)
        rows.append(
            {
                "seed": f"s{k}",
                "base": base,
                "test": test,
                "difference": test - base,
                "base_lucks": base_lucks,
                "test_lucks": test_lucks,
            }
        )
    weights = luck_weights.fit(rows)
    assert all(abs(w - t) < 0.05 for w, t in zip(weights, TRUE, strict=True))
    assert luck_weights.variance_ratio(rows, weights) > 10  # little is left but the noise
    name = f"test-luck-{tmp_path.name}"
    ledger = protocol.LEDGER / f"{name}.jsonl"
    ledger.parent.mkdir(parents=True, exist_ok=True)
    ledger.write_text("\n".join(json.dumps(r) for r in [{"arms": {}}, *rows]) + "\n")
    try:
        assert luck_weights.main([name, "--check", name]) == 0
    finally:
        ledger.unlink()


def test_a_missing_or_luckless_experiment_exits_2(tmp_path, capsys):
    assert luck_weights.main([f"test-none-{tmp_path.name}"]) == 2
    name = f"test-luckless-{tmp_path.name}"
    ledger = protocol.LEDGER / f"{name}.jsonl"
    ledger.parent.mkdir(parents=True, exist_ok=True)
    ledger.write_text(json.dumps({"arms": {}}) + "\n" + json.dumps({"difference": 1}) + "\n")
    try:
        assert luck_weights.main([name]) == 2
        assert "no pairs with their luck" in capsys.readouterr().err
    finally:
        ledger.unlink()
