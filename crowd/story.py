"""A day's story from its ranked games: pure computation over the rules engine (no rows), so
that a day of 100,000 games is told in one pass (``bench/crowd.py``).

Every figure is a count or a mean over the day's counted games: each game is replayed by the
engine to its final quilt (the rules live in ``solver.game``); the first move is read in the
turn-1 position every player saw (the same hand and market whatever the goals)."""

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass

from puzzles.selectors.difficulty import by_crowd, par_percentile
from solver.game import COLORS, PATTERNS, Deal, Move, SoloGame, cell_name, patch_to_json

FIRST_MOVES = 5  # shown on the page; the story keeps them all, so a review finds its own
HARDEST_TURNS = 5


@dataclass(frozen=True)
class Played:
    """One ranked game as the story reads it."""

    goals: dict  # {"r,c": goal id}
    moves: list  # [{hand_index, cell, market_index}]
    score: int
    losses: list | None = None  # its review's loss per turn, if reviewed


def tell(
    deal: Deal,
    games: list[Played],
    *,
    par: int | None,
    best_known: int | None,
    par_goals: dict | None = None,
) -> dict:
    scores = [game.score for game in games]
    arrangements = defaultdict(list)
    first_moves = defaultdict(list)
    heat = defaultdict(Counter)
    goals_met = defaultdict(lambda: {"colors": 0, "patterns": 0, "both": 0})
    cats, buttons, rainbow = Counter(), Counter(), 0
    losses = defaultdict(list)
    placed = defaultdict(Counter)  # turn -> cell -> how many placed a patch there then
    opening = None
    for game in games:
        state = SoloGame.start(deal, game.goals)
        if opening is None:
            opening = state.observation()  # turn 1: the same hand and market for everyone
        for turn, move in enumerate(game.moves, start=1):
            placed[turn][move["cell"]] += 1
            state.play(Move.from_json(move))
        arrangements[tuple(sorted(game.goals.items()))].append(game.score)
        if game.moves:
            first = game.moves[0]
            market = first.get("market_index")
            key = (
                opening.hand[first["hand_index"]],
                first["cell"],
                None if market is None else opening.market[market],
            )
            first_moves[key].append(game.score)
        for cell, patch in enumerate(state.quilt.cells):
            if patch >= 0:
                heat[cell][patch] += 1
        score = state.quilt.score()
        for goal in score["goals"]:
            met = goals_met[goal["goal"], goal["cell"]]
            if goal["colors"] and goal["patterns"]:
                met["both"] += 1
            elif goal["colors"]:
                met["colors"] += 1
            elif goal["patterns"]:
                met["patterns"] += 1
        cats.update({token["cat"] for token in score["cats"]})
        buttons.update({button["color"] for button in score["buttons"]})
        rainbow += bool(score["rainbow"])
        for turn, loss in enumerate(game.losses or [], start=1):
            losses[turn].append(loss)
    median = statistics.median(scores) if scores else None
    return {
        "players": len(games),
        "scores": {
            "histogram": [{"score": s, "players": n} for s, n in sorted(Counter(scores).items())],
            "par": par,
            "best_known": best_known,
            "median": median,
        },
        "goal_choices": sorted(
            (
                {
                    "goals": dict(goals),
                    "players": len(got),
                    "mean": round(statistics.fmean(got), 1),
                    "best": max(got),
                    "par": dict(goals) == par_goals,
                }
                for goals, got in arrangements.items()
            ),
            key=lambda row: (-row["players"], -row["mean"]),
        ),
        "first_moves": sorted(
            (
                {
                    "hand": patch_to_json(hand),
                    "cell": cell,
                    "market": None if market is None else patch_to_json(market),
                    "players": len(got),
                    "mean": round(statistics.fmean(got), 1),
                }
                for (hand, cell, market), got in first_moves.items()
            ),
            key=lambda row: (-row["players"], -row["mean"]),
        ),
        "heat": {
            cell_name(cell): {
                "color": COLORS[patch // 6],
                "pattern": PATTERNS[patch % 6],
                "share": round(count / len(games), 3),
            }
            for cell, counts in sorted(heat.items())
            for patch, count in [counts.most_common(1)[0]]
        },
        "goals_met": [
            {"goal": goal, "cell": cell, **met} for (goal, cell), met in sorted(goals_met.items())
        ],
        "cats": [{"cat": cat, "players": n} for cat, n in cats.most_common()],
        "buttons": {color: buttons[color] for color in COLORS},
        "rainbow": rainbow,
        "hardest_turns": sorted(
            (
                {"turn": turn, "mean_loss": round(statistics.fmean(got), 2), "games": len(got)}
                for turn, got in losses.items()
            ),
            key=lambda row: -row["mean_loss"],
        )[:HARDEST_TURNS],
        "turn_cells": [
            {"turn": turn, "cell": cell, "players": n}
            for turn, cells in sorted(placed.items())
            for cell, n in [cells.most_common(1)[0]]
        ],
        "difficulty": by_crowd(median, par, par_percentile(deal.setup.kind, par)),
    }
