"""Everything the site holds about a player, as one JSON document (``GET /api/me/export/``):
the account, every game with its moves, hints and analysis, and what the apps built on
puzzles hold (groups, versus tables, the rating: ``EXPORT_SECTIONS``). And the username a
verified email logs in as (``login_name``)."""

from solver.search.analysis import on_expected_scale

from ..models import Analysis, Game, Hint, Player, username_key
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
        hints.setdefault(hint.game_id, []).append(
            {
                "turn": hint.turn,
                "status": hint.status,
                "move": hint.move,
                "expected_score": hint.expected_score,
                "reasons": hint.reasons,
            }
        )
    analyses = {
        row.game_id: {"status": row.status, "result": _on_scale(row.result)}
        for row in Analysis.objects.filter(game__player=player)
    }
    return {
        "account": {
            "username": player.username,
            "email": player.email,
            "email_verified": player.email_verified,
            "is_guest": player.is_guest,
            "joined": player.date_joined,
            "last_login": player.last_login,
        },
        "profile": profile(player),
        "games": [_game(game, hints, analyses) for game in games],
        **{name: read(player) for name, read in EXPORT_SECTIONS.items()},
    }


def login_name(identifier: str) -> str:
    """The username that ``identifier`` logs in as: itself, or the username of the player
    whose verified email it is. No name is both: a new username holds no ``@``, and an email
    that is another's (older) username is never verified (``services.emails``); such an
    older username logs in as itself."""
    if (
        "@" not in identifier
        or Player.objects.filter(username_key=username_key(identifier)).exists()
    ):
        return identifier
    found = Player.objects.filter(email__iexact=identifier, email_verified=True, is_active=True)
    return found.values_list("username", flat=True).first() or identifier


def reset_recipients(email: str):
    """The players a password reset for ``email`` goes to: the one whose verified email it is,
    if they have a password (an unverified email may be anybody's)."""
    found = Player.objects.filter(email__iexact=email, email_verified=True, is_active=True)
    return [player for player in found if player.has_usable_password()]
