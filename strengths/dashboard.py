"""A player's strengths from their history: pure computation over the rules engine (no rows),
as ``crowd.story`` is. Each day's quilt, and par's on the same deal, is replayed by the engine
(the rules live in ``solver.game``) and read from its score; the losses and marks come from the
day's analysis, where there is one.

Rates count days: a goal "met by colours" on a day when its colour condition held (with or
without the pattern one), "both" when both did, so both ≤ colours and both ≤ patterns. Par's
rates are over the same days (those whose par game is ready), for the goals par placed."""

import datetime
import statistics
from collections import defaultdict
from dataclasses import dataclass

from solver.game import COLORS, GOALS, Deal, Move, RulesError, SoloGame

# The game's three phases, as the issue names them: the opening, the middle, the end.
PHASES = ((1, 7), (8, 15), (16, 22))
MARKS = {"?!": "inaccuracies", "?": "mistakes", "??": "blunders"}
MARKED_GAMES = 30  # the marks chart shows the last this many analysed days


@dataclass(frozen=True)
class Day:
    """One counted game of a closed day, as the dashboard reads it."""

    date: datetime.date
    deal: Deal
    goals: dict | None  # {"r,c": goal id}; None where the setup fixes them
    moves: list  # [{hand_index, cell, market_index}]
    par_goals: dict | None = None  # par's game on the same deal, if it is ready
    par_moves: list | None = None
    turns: list | None = None  # the analysis's turns ({turn, loss, mark}), if analysed


def _quilt_score(deal: Deal, goals: dict | None, moves: list) -> dict | None:
    """The final quilt's score object; None for a game the engine cannot replay (a row made by
    hand without its goals or moves: a finished game always has them)."""
    try:
        state = SoloGame.start(deal, goals)
        for move in moves:
            state.play(Move.from_json(move))
    except RulesError:
        return None
    return state.quilt.score()


def _tally(record: dict, score: dict | None, deal: Deal) -> None:
    """Add one quilt's goals, cats, buttons and rainbow to ``record``."""
    if score is None:
        return
    for goal in score["goals"]:
        met = record["goals"][goal["goal"]]
        met["placed"] += 1
        met["colors"] += bool(goal["colors"])
        met["patterns"] += bool(goal["patterns"])
        met["both"] += bool(goal["colors"] and goal["patterns"])
    got = {token["cat"] for token in score["cats"]}
    for cat, _patterns in deal.setup.cats:
        record["cats"][cat]["offered"] += 1
        record["cats"][cat]["got"] += cat in got
    for color in {button["color"] for button in score["buttons"]}:
        record["buttons"][color] += 1
    record["rainbow"] += bool(score["rainbow"])
    record["days"] += 1


def _record() -> dict:
    return {
        "days": 0,
        "goals": defaultdict(lambda: {"placed": 0, "colors": 0, "patterns": 0, "both": 0}),
        "cats": defaultdict(lambda: {"offered": 0, "got": 0}),
        "buttons": defaultdict(int),
        "rainbow": 0,
    }


def _phases(analysed: list[Day]) -> list[dict]:
    losses = defaultdict(list)
    for day in analysed:
        for turn in day.turns:
            for first, last in PHASES:
                if first <= turn["turn"] <= last:
                    losses[first, last].append(turn["loss"])
    return [
        {
            "first": first,
            "last": last,
            "turns": len(losses[first, last]),
            "mean_loss": round(statistics.fmean(losses[first, last]), 2)
            if losses[first, last]
            else None,
        }
        for first, last in PHASES
    ]


def _marks(day: Day) -> dict:
    counts = dict.fromkeys(MARKS.values(), 0)
    for turn in day.turns:
        if turn.get("mark") in MARKS:
            counts[MARKS[turn["mark"]]] += 1
    return {"date": day.date.isoformat(), **counts}


def strengths(days: list[Day]) -> dict:
    """The dashboard of ``days`` (any order): rates beside par's, losses by phase, marks."""
    days = sorted(days, key=lambda day: day.date)
    mine, par = _record(), _record()
    for day in days:
        _tally(mine, _quilt_score(day.deal, day.goals, day.moves), day.deal)
        if day.par_moves is not None:
            _tally(par, _quilt_score(day.deal, day.par_goals, day.par_moves), day.deal)
    analysed = [day for day in days if day.turns]
    return {
        "days": mine["days"],
        "par_days": par["days"],
        "analysed": len(analysed),
        "goals": [
            {"goal": goal, **mine["goals"][goal], "par": dict(par["goals"][goal])}
            for goal in (goal.id for goal in GOALS)
            if mine["goals"][goal]["placed"] or par["goals"][goal]["placed"]
        ],
        "cats": [
            {
                "cat": cat,
                **counts,
                "par_offered": par["cats"][cat]["offered"],
                "par_got": par["cats"][cat]["got"],
            }
            for cat, counts in sorted(mine["cats"].items(), key=lambda item: -item[1]["offered"])
        ],
        "buttons": [
            {"color": color, "days": mine["buttons"][color], "par_days": par["buttons"][color]}
            for color in COLORS
        ],
        "rainbow": {"days": mine["rainbow"], "par_days": par["rainbow"]},
        "phases": _phases(analysed),
        "marks": [_marks(day) for day in analysed[-MARKED_GAMES:]],
    }
