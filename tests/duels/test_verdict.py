"""The verdict names the turns where the expected-score gap moved most: a built pair of
games with a known turning point (turn 9: one player's move lost 6 points the other's did
not), through the pure core and through the duel's answer with both analyses ready."""

import pytest
from django.utils import timezone

from duels import verdict
from duels.models import Duel, DuelEntry
from duels.selectors import duel_json
from puzzles.game_state import deal_of
from puzzles.models import Analysis, Game
from solver.game import TURNS
from solver.search.expected import calibrated


def _turns(values: list[float], losses: dict[int, float]) -> list[dict]:
    """Stored analysis turns (as measured: ``on_expected_scale`` shifts them) whose best
    move at each turn is worth ``values[t-1]`` and whose played move lost ``losses[t]``."""
    return [
        {
            "turn": t,
            "best_value": values[t - 1] - (calibrated(0, t)),  # stored before the shift
            "played_value": values[t - 1] - losses.get(t, 0) - calibrated(0, t),
            "loss": losses.get(t, 0),
            "reasons": [],
            "played_reasons": [],
            "mark": "",
            "accuracy": 1,
        }
        for t in range(1, TURNS + 1)
    ]


# Both expect 60 from the start; at turn 9 A's move loses 6 (A expects 54 from then on), and
# at turn 15 B's loses 2. A ends on 54, B on 58.
A_VALUES = [60.0] * 9 + [54.0] * (TURNS - 9)
B_VALUES = [60.0] * 15 + [58.0] * (TURNS - 15)
A_TURNS, B_TURNS = _turns(A_VALUES, {9: 6}), _turns(B_VALUES, {15: 2})


def test_the_gap_moves_where_the_moves_lost():
    from solver.search.analysis import on_expected_scale

    first = verdict.expected_after_turns(on_expected_scale(A_TURNS), 54)
    second = verdict.expected_after_turns(on_expected_scale(B_TURNS), 58)
    assert first[0] == second[0] == 60.0  # the same start
    assert len(first[1]) == TURNS and first[1][8] == 54.0 and first[1][-1] == 54
    moves = verdict.gap_moves(first, second)
    moved = {move["turn"]: move["moved"] for move in moves if move["moved"]}
    assert moved == {9: -6.0, 15: 2.0}
    points = verdict.turning_points(moves)
    assert [(p["turn"], p["moved"]) for p in points] == [(9, -6.0), (15, 2.0)]
    assert points[0]["gap"] == -6.0 and points[1]["gap"] == -4.0


def test_small_moves_are_not_named_and_at_most_three_are():
    moves = [{"turn": t, "gap": 0, "moved": m} for t, m in enumerate([0.5, 3, -3, 2, 4], 1)]
    assert [p["turn"] for p in verdict.turning_points(moves)] == [5, 2, 3]
    assert verdict.winner((54, 1, 0), (54, 1, 0)) is None
    assert (
        verdict.winner((54, 2, 0), (54, 1, 3)) == 0 and verdict.winner((50, 0, 0), (58, 0, 0)) == 1
    )


@pytest.fixture
def done_duel(alice, make_player, daily):
    bob = make_player("bob")
    duel = Duel.objects.create(code="built-pair", kind=Duel.Kind.DAILY, challenge=daily)
    goals = dict(zip(("2,3", "3,4", "4,2"), deal_of(daily).setup.goal_options, strict=False))
    for player, seat, score, turns in (
        (alice, "challenger", 54, A_TURNS),
        (bob, "opponent", 58, B_TURNS),
    ):
        game = Game.objects.create(
            challenge=daily,
            player=player,
            status=Game.Status.FINISHED,
            score=score,
            turn=TURNS + 1,
            finished_at=timezone.now(),
            goals=goals,
        )
        DuelEntry.objects.create(duel=duel, player=player, seat=seat, game=game)
        Analysis.objects.create(
            game=game, status=Analysis.Status.READY, result={"turns": turns}, done=TURNS
        )
    return duel


def test_the_duels_verdict_names_turn_9_first(done_duel):
    # the built games have no moves (their quilts are empty): the verdict reads the analyses
    answer = duel_json(done_duel, None)
    assert answer["status"] == "done"
    alice, bob = answer["players"]
    assert alice["expected_start"] == bob["expected_start"] == 60.0
    assert alice["expected"][8] == 54.0 and bob["expected"][-1] == 58
    assert answer["verdict"] == {
        "winner": "bob",
        "analysis": "ready",
        "turns": [
            {"turn": 9, "gap": 6.0, "to": "bob", "gap_after": -6.0},
            {"turn": 15, "gap": 2.0, "to": "alice", "gap_after": -4.0},
        ],
    }
