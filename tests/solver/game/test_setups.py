import hashlib
import json
from collections import Counter

import pytest

from solver.game import SCENARIOS, Deal, RulesError, deal
from solver.game.rng import SeededStream

# The deal algorithm must never change by accident: the daily challenge's fairness (anyone can
# re-deal a published seed) depends on it. If one of these changes, it is a new algorithm.
GOLDEN = {
    (
        "2026-11-29",
        "standard",
        None,
    ): "a62d73e0bf8db444c840b2772a63be86d2ddd1c939157c6d0afb07266349b651",
    (
        "2026-11-29",
        "beginner",
        None,
    ): "0d7befb417f9d8b15b0955f01b3508120381b499d9b6aa9cee5eada2b2634cc3",
    (
        "golden",
        "standard",
        "lower-variance",
    ): "2bdcdce4d677bbe1688dfd2d436c22bf3cb2c769e7cde7d28efe49be44fa1189",
    (
        "golden",
        "scenario-7",
        "family",
    ): "4d194d800a2eadaa09955add386fb5e958201a9ead74c50ae252dfce4e39346a",
}


def canonical_hash(data) -> str:
    return hashlib.sha256(
        json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


@pytest.mark.parametrize("args", GOLDEN)
def test_deal_is_pinned(args):
    assert canonical_hash(deal(*args).to_json()) == GOLDEN[args]


def test_seeded_stream_is_sha256_in_counter_mode():
    block = hashlib.sha256(b"seed/" + (0).to_bytes(8, "big")).digest()
    first, second = int.from_bytes(block[:8], "big"), int.from_bytes(block[8:16], "big")
    stream = SeededStream("seed")
    assert stream.below(1 << 40) == first % (1 << 40)
    assert stream.below(7) == second % 7


@pytest.mark.parametrize("size", [0, 1, 2, 7, 36, 103, 300])
def test_a_shuffle_is_fisher_yates_on_the_streams_draws_and_leaves_the_rest_of_the_stream(size):
    """``shuffle`` reads its words in blocks (for speed); the draws are still ``below(i + 1)``
    from the last position down, and the stream goes on where they stopped."""
    for before in range(3):  # a shuffle may start inside a block
        one, two = SeededStream(f"shuffle-{size}"), SeededStream(f"shuffle-{size}")
        for _ in range(before):
            assert one.below(1000) == two.below(1000)
        items = list(range(size))
        for i in range(size - 1, 0, -1):
            j = two.below(i + 1)
            items[i], items[j] = items[j], items[i]
        assert one.shuffle(list(range(size))) == items
        assert [one.below(n) for n in (2, 3, 2**63 + 1)] == [
            two.below(n) for n in (2, 3, 2**63 + 1)
        ]


def test_standard_deal_contents():
    dealt = deal("2026-11-29")
    data = dealt.to_json()
    assert data["setup"] == "standard" and data["variant"] is None
    assert [len(data[k]) for k in ("hand", "market", "bag")] == [2, 3, 103]
    assert len(data["goal_options"]) == len(set(data["goal_options"])) == 4
    assert [c["cat"] for c in data["cats"]] == ["tibbit", "almond", "leo"]  # one per dot group
    assert sorted(p for c in data["cats"] for p in c["patterns"]) == [
        "dots",
        "ferns",
        "flowers",
        "quatrefoil",
        "stripes",
        "vines",
    ]
    counts = Counter([*dealt.hand, *dealt.market, *dealt.bag])
    assert len(counts) == 36 and set(counts.values()) == {3}


def test_lower_variance_has_two_of_each_and_beginner_fixes_cats_and_goals():
    lower = deal("x", "standard", "lower-variance")
    assert set(Counter([*lower.hand, *lower.market, *lower.bag]).values()) == {2}
    beginner = deal("x", "beginner").to_json()
    assert [c["cat"] for c in beginner["cats"]] == ["millie", "tibbit", "coconut"]
    assert beginner["goals"] == {"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}
    assert "goal_options" not in beginner


@pytest.mark.parametrize("number", SCENARIOS)
def test_scenario_deals_fix_cats_and_offer_their_goals(number):
    scenario = SCENARIOS[number]
    data = deal("x", f"scenario-{number}").to_json()
    assert tuple(c["cat"] for c in data["cats"]) == scenario.cats
    assert tuple(data["goal_options"]) == scenario.goals


def test_deal_json_round_trips_and_a_tampered_bag_is_refused():
    data = json.loads(json.dumps(deal("round", "standard", "lower-variance").to_json()))
    assert Deal.from_json(data) == deal("round", "standard", "lower-variance")
    data["bag"][0] = data["bag"][1]
    with pytest.raises(RulesError, match="whole bag exactly once"):
        Deal.from_json(data)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("s", "expert"), "unknown setup 'expert'"),
        (("s", "standard", "easy"), "unknown variant 'easy'"),
        ((42,), "the seed must be a string"),
        (("\udcff",), "the seed must be text that UTF-8 can encode"),
    ],
)
def test_bad_deal_arguments_are_named(args, message):
    with pytest.raises(RulesError, match=message):
        deal(*args)


def test_goal_choice_must_come_from_the_options_one_per_space():
    setup = deal("2026-11-29").setup  # options: aaa-bb-c, aaaa-bb, all-different, aa-bb-cc
    ok = {"2,3": "aaa-bb-c", "3,4": "aaaa-bb", "4,2": "all-different"}
    assert dict(setup.layout(ok).to_json()["goals"]) == ok
    with pytest.raises(RulesError, match="not one of this deal's goal options"):
        setup.layout({**ok, "4,2": "aaa-bbb"})
    with pytest.raises(RulesError, match="three different goals"):
        setup.layout({**ok, "4,2": "aaa-bb-c"})
    with pytest.raises(RulesError, match="design-goal spaces"):
        setup.layout({"2,3": "aaa-bb-c", "3,4": "aaaa-bb"})
    with pytest.raises(RulesError, match="the beginner setup fixes its goals"):
        deal("x", "beginner").setup.layout(ok)
    with pytest.raises(RulesError, match="the family variant has no goals to choose"):
        deal("x", "standard", "family").setup.layout(ok)
