"""The strengths' part of a player (``accounts.player_data``): a section of their profile,
read from their games (it keeps no row of a player)."""

from puzzles.selectors.players import ProfileSection

from .selectors import strengths_of
from .shapes import StrengthsOut


def profile_sections() -> dict:
    return {
        "strengths": ProfileSection(
            read=strengths_of,
            shape=StrengthsOut,
            template="strengths/_profile_strengths.html",
            help="where the player gains and loses points, beside par on the same days",
        )
    }
