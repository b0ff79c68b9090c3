"""The rating's part of a player (``accounts.player_data``): their rating and its history."""

from puzzles.selectors.players import ProfileSection

from .models import Rating, RatingChange
from .selectors import rating_of
from .services import do_fold_guest
from .shapes import RatingOut


def fold_guest(guest, into) -> None:
    do_fold_guest(guest, into=into)


def delete_player(player) -> None:
    Rating.objects.filter(player=player).delete()
    RatingChange.objects.filter(player=player).delete()


def export_player(player) -> dict:
    return {"rating": rating_of(player)}


def profile_sections() -> dict:
    return {
        "rating": ProfileSection(
            read=rating_of,
            shape=RatingOut,
            template="ratings/_profile_rating.html",
            help="the player's rating across days (provisional until five are rated)",
        )
    }
