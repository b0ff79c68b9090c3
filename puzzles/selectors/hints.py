"""Hint rows as the API reads them."""

from ..models import Game, Hint


def game_hint(game: Game, hint_id: int) -> Hint | None:
    """The game's hint ``hint_id``, or None (another game's hint is not found either)."""
    return Hint.objects.filter(pk=hint_id, game=game).first()
