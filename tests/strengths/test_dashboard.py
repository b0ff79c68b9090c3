"""The strengths dashboard (issue 38) against a hand-built history: every rate, par's on the
same days, losses by phase and marks, each counted from the engine's own score of the quilts."""

import datetime

from solver.game import COLORS, SoloGame, deal
from solver.search import make_player
from strengths.dashboard import PHASES, Day, strengths

SPACES = ("2,3", "3,4", "4,2")


def played(deal, goals, seed, strategy="greedy"):
    state, robot, moves = SoloGame.start(deal, goals), make_player(strategy, seed=seed), []
    while not state.finished:
        move = robot.choose_move(state.observation())
        moves.append(move.to_json())
        state.play(move)
    return moves, state.quilt.score()


def history():
    """Four days: par on the first three, a review of the first two."""
    days, scores = [], []
    for n in range(4):
        dealt = deal(f"strengths-{n}", "standard")
        goals = dict(zip(SPACES, dealt.setup.goal_options[n % 2 : n % 2 + 3], strict=True))
        moves, score = played(dealt, goals, f"me-{n}", "random" if n % 2 else "greedy")
        par_goals = dict(zip(SPACES, dealt.setup.goal_options[:3], strict=True))
        par_moves, par_score = played(dealt, par_goals, f"par-{n}")
        turns = [
            {"turn": t, "loss": loss, "mark": mark}
            for t, loss, mark in [(1, 0.5, ""), (8, 3.5, "?"), (16, 7.0, "??"), (20, 2.0, "?!")]
        ]
        days.append(
            Day(
                date=datetime.date(2026, 11, 1) + datetime.timedelta(days=n),
                deal=dealt,
                goals=goals,
                moves=moves,
                par_goals=par_goals if n < 3 else None,
                par_moves=par_moves if n < 3 else None,
                turns=turns[: 2 + n] if n < 2 else None,
            )
        )
        scores.append((dealt, score, par_score if n < 3 else None))
    return days, scores


def test_every_rate_against_the_engines_scores_of_the_same_quilts():
    days, scores = history()
    board = strengths(list(reversed(days)))  # any order
    assert (board["days"], board["par_days"], board["analysed"]) == (4, 3, 2)
    for row in board["goals"]:
        for who, index in (("me", 1), ("par", 2)):
            results = [
                goal
                for _, *both in scores
                if both[index - 1] is not None
                for goal in both[index - 1]["goals"]
                if goal["goal"] == row["goal"]
            ]
            counts = row if who == "me" else row["par"]
            assert counts["placed"] == len(results)
            assert counts["colors"] == sum(bool(g["colors"]) for g in results)
            assert counts["patterns"] == sum(bool(g["patterns"]) for g in results)
            assert counts["both"] == sum(bool(g["colors"] and g["patterns"]) for g in results)
            assert counts["both"] <= min(counts["colors"], counts["patterns"])
    offered = [cat for deal, _, _ in scores for cat, _ in deal.setup.cats]
    for row in board["cats"]:
        assert row["offered"] == offered.count(row["cat"])
        assert row["got"] == sum(
            row["cat"] in {t["cat"] for t in score["cats"]} for _, score, _ in scores
        )
        assert row["par_offered"] == sum(
            row["cat"] in {cat for cat, _ in deal.setup.cats} for deal, _, par in scores if par
        )
        assert row["par_got"] == sum(
            row["cat"] in {t["cat"] for t in par["cats"]} for _, _, par in scores if par
        )
    assert [row["color"] for row in board["buttons"]] == list(COLORS)
    for row in board["buttons"]:
        assert row["days"] == sum(
            row["color"] in {b["color"] for b in score["buttons"]} for _, score, _ in scores
        )
    assert board["rainbow"]["days"] == sum(bool(score["rainbow"]) for _, score, _ in scores)


def test_losses_by_phase_and_marks_come_from_the_reviewed_days_only():
    days, _ = history()
    board = strengths(days)
    # day 1 reviewed turns 1 and 8, day 2 turns 1, 8 and 16
    assert [(p["first"], p["last"]) for p in board["phases"]] == list(PHASES)
    assert [p["turns"] for p in board["phases"]] == [2, 2, 1]
    assert [p["mean_loss"] for p in board["phases"]] == [0.5, 3.5, 7.0]
    assert board["marks"] == [
        {"date": "2026-11-01", "inaccuracies": 0, "mistakes": 1, "blunders": 0},
        {"date": "2026-11-02", "inaccuracies": 0, "mistakes": 1, "blunders": 1},
    ]


def test_a_history_without_days_is_empty():
    board = strengths([])
    assert (board["days"], board["goals"], board["cats"], board["marks"]) == (0, [], [], [])
    assert all(p["mean_loss"] is None for p in board["phases"])


def test_a_row_the_engine_cannot_replay_is_left_out_not_a_crash():
    dealt = deal("strengths-broken", "standard")
    board = strengths([Day(date=datetime.date(2026, 11, 1), deal=dealt, goals=None, moves=[])])
    assert (board["days"], board["goals"]) == (0, [])
