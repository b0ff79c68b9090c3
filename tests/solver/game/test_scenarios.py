"""The ten solo scenarios against docs/rules.md, and their conditions: final and live."""

import pytest

from solver.game import (
    MET,
    MISSED,
    OPEN,
    SCENARIOS,
    Layout,
    Quilt,
    deal,
    goal_by_id,
    parse_cell,
    patch_from_json,
)
from solver.search import make_player, play_game

# docs/rules.md "Solo scenarios", transcribed by hand: goals (notation), cats, conditions, score.
RULEBOOK = {
    1: ("≠ AA-BB-CC AAA-BBB", "millie tibbit coconut", ["rainbow button"], 58),
    2: ("≠ AAA-BBB AAA-BB-C", "callie tibbit coconut", ["5 cat tokens"], 59),
    3: (
        "≠ AA-BB-CC AA-BB-C-D",
        "millie rumi coconut",
        ["2 goals met", "rainbow button", "each cat at least once"],
        60,
    ),
    4: (
        "≠ AAA-BB-C AA-BB-C-D",
        "millie tibbit tecolote",
        ["3 goals met", "3 buttons of one colour"],
        61,
    ),
    5: ("≠ AAAA-BB AA-BB-C-D", "callie coconut cira", ["3 goals met", "3 tokens of one cat"], 62),
    6: (
        "AAAA-BB AAA-BBB AA-BB-CC",
        "tibbit tecolote almond",
        ["2 goals met", "1 goal met with both", "rainbow button"],
        63,
    ),
    7: (
        "AAAA-BB AAA-BBB AAA-BB-C",
        "rumi coconut gwenivere",
        ["2 goals met", "1 goal met with both", "5 cat tokens"],
        64,
    ),
    8: (
        "AAAA-BB AAA-BB-C AA-BB-CC",
        "millie almond leo",
        ["2 goals met", "1 goal met with both", "each cat at least once", "rainbow button"],
        66,
    ),
    9: (
        "AAAA-BB AA-BB-CC AA-BB-C-D",
        "callie cira leo",
        ["3 goals met", "2 goals met with both", "each cat at least once"],
        68,
    ),
    10: (
        "AAA-BBB AAA-BB-C AA-BB-C-D",
        "tibbit tecolote gwenivere",
        ["2 goals met with both", "each cat at least once", "rainbow button"],
        72,
    ),
}


@pytest.mark.parametrize("number", RULEBOOK)
def test_scenario_matches_the_rulebook(number):
    goals, cats, conditions, min_score = RULEBOOK[number]
    scenario = SCENARIOS[number]
    notation = ["≠" if g == "all-different" else goal_by_id(g).notation for g in scenario.goals]
    assert notation == goals.split()
    assert scenario.cats == tuple(cats.split())
    assert scenario.min_score == min_score
    texts = [c.text for c in scenario.conditions]
    assert texts[0] == f"score at least {min_score}"
    assert sorted(texts[1:]) == sorted(conditions)
    dealt = deal("any seed", scenario.setup).setup
    assert [cat for cat, _ in dealt.cats] == list(scenario.cats)
    assert dealt.goal_options == scenario.goals


GOAL_SPACES = ("2,3", "3,4", "4,2")
PATCH_SPACES = [
    f"{r},{c}" for r in range(1, 6) for c in range(1, 6) if f"{r},{c}" not in GOAL_SPACES
]
# Patches for the first 18 patch spaces in reading order, chosen so that no colour or
# pattern group reaches three on the blue board (no token at all).
SPREAD = [
    ("pink", "stripes"),
    ("navy", "ferns"),
    ("yellow", "dots"),
    ("purple", "stripes"),
    ("yellow", "dots"),
    ("navy", "vines"),
    ("green", "vines"),
    ("pink", "flowers"),
    ("green", "flowers"),
    ("pink", "dots"),
    ("teal", "flowers"),
    ("purple", "ferns"),
    ("teal", "ferns"),
    ("navy", "ferns"),
    ("teal", "vines"),
    ("purple", "flowers"),
    ("teal", "vines"),
    ("teal", "vines"),
]


def score(total=0, goals=(), cats=(), buttons=(), rainbow=False):
    """A score object with only what Scenario.check reads."""
    return {
        "total": total,
        "goals": [{"colors": c, "patterns": p} for c, p in goals],
        "cats": [{"cat": cat} for cat in cats],
        "buttons": [{"color": color} for color in buttons],
        "rainbow": rainbow,
    }


def test_final_check_of_each_kind_of_condition():
    first = SCENARIOS[1]
    assert first.check(score(58, rainbow=True)) == {
        "score at least 58": True,
        "rainbow button": True,
    }
    assert first.check(score(70)) == {"score at least 58": True, "rainbow button": False}
    assert first.check(score(57, rainbow=True))["score at least 58"] is False

    eighth = SCENARIOS[8]  # 2 goals met, 1 with both; each cat; rainbow; 66
    passing = score(
        66, [(True, True), (True, False), (False, False)], ["millie", "almond", "leo"], rainbow=True
    )
    assert all(eighth.check(passing).values())
    one_met = score(
        66,
        [(True, True), (False, False), (False, False)],
        ["millie", "almond", "leo"],
        rainbow=True,
    )
    assert [t for t, ok in eighth.check(one_met).items() if not ok] == ["2 goals met"]
    none_both = score(66, [(True, False), (False, True)], ["millie", "almond", "leo"], rainbow=True)
    assert [t for t, ok in eighth.check(none_both).items() if not ok] == ["1 goal met with both"]
    no_leo = score(66, [(True, True), (True, False)], ["millie", "almond"], rainbow=True)
    assert [t for t, ok in eighth.check(no_leo).items() if not ok] == ["each cat at least once"]

    assert SCENARIOS[2].check(score(59, cats=["callie"] * 4))["5 cat tokens"] is False
    assert SCENARIOS[2].check(score(59, cats=["callie"] * 5))["5 cat tokens"] is True
    assert SCENARIOS[4].check(score(61, buttons=["navy"] * 3))["3 buttons of one colour"]
    teal_pink = score(61, buttons=["navy", "teal", "pink", "navy"])
    assert not SCENARIOS[4].check(teal_pink)["3 buttons of one colour"]
    assert not SCENARIOS[5].check(score(62, cats=["cira", "callie", "cira"]))["3 tokens of one cat"]
    assert SCENARIOS[5].check(score(62, cats=["cira", "callie", "cira", "cira"]))[
        "3 tokens of one cat"
    ]
    tenth = SCENARIOS[10].check(score(72, [(True, True), (True, False), (True, True)]))
    assert tenth["2 goals met with both"] is True
    assert (
        SCENARIOS[10].check(score(72, [(True, True), (True, False)]))["2 goals met with both"]
        is False
    )


@pytest.mark.parametrize("number", SCENARIOS)
def test_live_conditions_settle_once_and_end_as_the_final_check(number):
    """Replay a real game turn by turn: a met condition stays met, a missed one stays
    missed, and after the last turn every condition is decided as ``check`` decides it."""
    scenario = SCENARIOS[number]
    dealt = deal(f"live-{number}", scenario.setup)
    record = play_game(dealt, make_player("greedy"))
    quilt = Quilt(record.game.quilt.layout)
    before = [OPEN] * len(scenario.conditions)
    for cell, patch in record.game.quilt.placements:
        quilt.place(cell, patch)
        now = [p.status for p in scenario.progress(quilt)]
        for old, new in zip(before, now, strict=True):
            assert old in (OPEN, new)
        before = now
    final = scenario.progress(quilt)
    assert all(p.status in (MET, MISSED) for p in final)
    check = scenario.check(quilt.score())
    assert {p.condition.text: p.status == MET for p in final} == check
    assert scenario.passed(quilt) == all(check.values())


def spread_quilt(number: int) -> Quilt:
    """The scenario's layout on the blue board with the 18 ``SPREAD`` patches placed."""
    scenario = SCENARIOS[number]
    setup = deal("x", scenario.setup).setup
    goals = dict(zip(GOAL_SPACES, scenario.goals, strict=True))
    quilt = Quilt(Layout.build("blue", goals, setup.cats))
    for cell, (color, pattern) in zip(PATCH_SPACES, SPREAD, strict=False):
        quilt.place(parse_cell(cell), patch_from_json({"color": color, "pattern": pattern}))
    return quilt


def statuses(number: int, quilt: Quilt) -> dict:
    return {p.condition.kind: (p.status, p.have) for p in SCENARIOS[number].progress(quilt)}


def test_a_condition_is_missed_as_soon_as_the_engine_can_tell():
    """Four places left, no token yet: five cat tokens or six button colours can no longer
    come (one token of each kind per placement). Goals 2,3 and 3,4 are decided, 4,2 is not."""
    assert statuses(1, spread_quilt(1)) == {"score": (OPEN, 10), "rainbow": (MISSED, 0)}
    assert statuses(2, spread_quilt(2)) == {"score": (OPEN, 10), "cat-tokens": (MISSED, 0)}
    # 2,3 met (colours), 3,4 missed: three goals met can no longer happen.
    assert statuses(5, spread_quilt(5))["goals-met"] == (MISSED, 1)
    # Neither decided goal met both ways: one undecided goal cannot make two.
    assert statuses(9, spread_quilt(9)) == {
        "score": (OPEN, 0),
        "goals-met": (MISSED, 0),
        "goals-both": (MISSED, 0),
        "each-cat": (OPEN, 0),
    }
    # Two goals met, the third undecided: still open.
    assert statuses(4, spread_quilt(4))["goals-met"] == (OPEN, 2)


def test_nothing_is_decided_on_an_empty_quilt():
    for number, scenario in SCENARIOS.items():
        setup = deal("x", scenario.setup).setup
        quilt = Quilt(setup.layout(dict(zip(GOAL_SPACES, scenario.goals, strict=True))))
        assert {status for status, _ in statuses(number, quilt).values()} == {OPEN}
