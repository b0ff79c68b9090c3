from django.apps import AppConfig


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings across days"

    def ready(self):
        from puzzles.selectors.players import ProfileSection, add_profile_section
        from puzzles.signals import guest_folding

        from .selectors import rating_of
        from .shapes import RatingOut

        guest_folding.connect(_fold_guest, dispatch_uid="ratings.fold_guest")
        add_profile_section(
            "rating",
            ProfileSection(
                read=rating_of,
                shape=RatingOut,
                template="ratings/_profile_rating.html",
                help="the player's rating across days (provisional until five are rated)",
            ),
        )
