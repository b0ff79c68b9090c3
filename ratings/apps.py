from django.apps import AppConfig


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


def _delete_account(sender, *, player, **kwargs):
    from .models import Rating, RatingChange

    Rating.objects.filter(player=player).delete()
    RatingChange.objects.filter(player=player).delete()


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings across days"

    def ready(self):
        from puzzles.selectors.players import (
            ProfileSection,
            add_export_section,
            add_profile_section,
        )
        from puzzles.signals import account_deleting, guest_folding

        from .selectors import rating_of
        from .shapes import RatingOut

        guest_folding.connect(_fold_guest, dispatch_uid="ratings.fold_guest")
        account_deleting.connect(_delete_account, dispatch_uid="ratings.delete_account")
        add_export_section("rating", rating_of)
        add_profile_section(
            "rating",
            ProfileSection(
                read=rating_of,
                shape=RatingOut,
                template="ratings/_profile_rating.html",
                help="the player's rating across days (provisional until five are rated)",
            ),
        )
