"""A player's drill: the turns of theirs that a review marked ? or ?? (``MARKED``), from their
finished games of closed days and their scenario games only (an open day's deal is nobody's
to practise before its close), oldest first, less the positions already solved."""

from django.db.models import Q

from puzzles.game_state import replay, today
from puzzles.models import Analysis, Game, Player
from puzzles.selectors.games import goal_progress_json
from puzzles.selectors.setups import border_json
from solver.game import TURNS, cell_name, patch_to_json, quilt_to_json

from .models import DrillAnswer
from .shapes import DrillAnswerOut, DrillOut, DrillPositionOut

MARKED = ("?", "??")


def drill_games(player: Player):
    """The player's games whose positions may be drilled: finished, of a closed day or none."""
    closed = Q(challenge__isnull=True) | Q(challenge__date__lt=today())
    return Game.objects.filter(closed, player=player, status=Game.Status.FINISHED)


def positions(player: Player) -> list[tuple[Game, dict]]:
    """``(game, analysed turn)`` of each unsolved position, oldest game first, then by turn."""
    solved = set(
        DrillAnswer.objects.filter(player=player, solved=True).values_list("game_id", "turn")
    )
    reviews = (
        Analysis.objects.filter(game__in=drill_games(player), status=Analysis.Status.READY)
        .select_related("game__challenge")
        .order_by("game__finished_at", "game_id")
    )
    return [
        (review.game, turn)
        for review in reviews
        for turn in (review.result or {}).get("turns", [])
        if turn.get("mark") in MARKED and (review.game_id, turn["turn"]) not in solved
    ]


def find_position(player: Player, game_id: int, turn: int) -> tuple[Game, dict] | None:
    return next(
        ((g, t) for g, t in positions(player) if (g.pk, t["turn"]) == (game_id, turn)), None
    )


def position_json(game: Game, analysed: dict) -> DrillPositionOut:
    """The position as it was before the player's move: board, hand and market."""
    turn = analysed["turn"]
    state, _ = replay(game, turns=turn - 1)
    layout = state.quilt.layout
    return {
        "game": game.pk,
        "turn": turn,
        "turns": TURNS,
        "date": game.challenge.date.isoformat() if game.challenge else None,
        "scenario": game.scenario,
        "mark": analysed["mark"],
        "hand": [patch_to_json(p) for p in state.hand],
        "market": [patch_to_json(p) for p in state.market] if turn < TURNS else [],
        "quilt": quilt_to_json(state.quilt),
        "score": state.quilt.score(),
        "goal_progress": goal_progress_json(state.quilt),
        "border": border_json(state.setup),
        "goals": {cell_name(cell): goal for cell, goal in layout.goals},
        "empty_cells": [cell_name(c) for c in state.quilt.empty_cells],
    }


def drill_of(player: Player | None) -> DrillOut:
    """The next position (None when the drill is empty) and how many are left."""
    found = positions(player) if player is not None else []
    return {"left": len(found), "position": position_json(*found[0]) if found else None}


def answer_json(row: DrillAnswer) -> DrillAnswerOut:
    return {
        "id": row.pk,
        "status": row.status,
        "game": row.game_id,
        "turn": row.turn,
        "move": row.move,
        "best": row.best,
        "played_value": row.played_value,
        "best_value": row.best_value,
        "solved": row.solved,
        "error": row.error or None,
    }


def answers_of(player: Player) -> list[DrillAnswerOut]:
    """Every answer of the player's drill (their data's export)."""
    return [answer_json(row) for row in DrillAnswer.objects.filter(player=player).order_by("pk")]


def answer_row(player: Player, answer_id: int) -> DrillAnswer | None:
    return DrillAnswer.objects.filter(pk=answer_id, player=player).first()
