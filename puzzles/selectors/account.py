"""Everything the site holds about a player, as one JSON document (``GET /api/me/export/``):
the account, every game with its moves, hints and analysis, and what the apps built on
puzzles hold (groups, versus tables, the rating: ``EXPORT_SECTIONS``)."""

from solver.search.analysis import on_expected_scale

from ..models import Analysis, Game, Hint, Player
from .players import EXPORT_SECTIONS, profile


def _game(game: Game, hints: dict, analyses: dict) -> dict:
    return {
        "id": game.pk,
        "date": game.challenge.date if game.challenge else None,
        "ranked": game.ranked,
        "scenario": game.scenario,
        "status": game.status,
        "goals": game.goals,
        "moves": game.moves,
        "score": game.score,
        "cat_tokens": game.cat_tokens,
        "button_tokens": game.button_tokens,
        "hints_used": game.hints_used,
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "hints": hints.get(game.pk, []),
        "analysis": analyses.get(game.pk),
    }


def _on_scale(result: dict | None) -> dict | None:
    """A stored analysis with its values as the review shows them (expected final scores)."""
    if not result or "turns" not in result:
        return result
    return {**result, "turns": on_expected_scale(result["turns"])}


def export(player: Player) -> dict:
    games = Game.objects.filter(player=player).select_related("challenge").order_by("pk")
    hints: dict[int, list] = {}
    for hint in Hint.objects.filter(game__player=player).order_by("pk"):
        hints.setdefault(hint.game_id, []).append({
            "turn": hint.turn, "status": hint.status, "move": hint.move,
            "expected_score": hint.expected_score, "reasons": hint.reasons,
        })  # fmt: skip
    analyses = {
        row.game_id: {"status": row.status, "result": _on_scale(row.result)}
        for row in Analysis.objects.filter(game__player=player)
    }
    return {
        "account": {
            "username": player.username,
            "email": player.email,
            "is_guest": player.is_guest,
            "joined": player.date_joined,
            "last_login": player.last_login,
        },
        "profile": profile(player),
        "games": [_game(game, hints, analyses) for game in games],
        **{name: read(player) for name, read in EXPORT_SECTIONS.items()},
    }
