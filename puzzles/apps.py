from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Calico Daily"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from .models import Challenge
        from .selectors.challenges import note_challenge_deleted, note_challenge_saved
        from .services import (
            account,  # noqa: F401  (its receiver revokes tokens on a new password)
            tallies,  # noqa: F401  (its receiver keeps tallies right on delete)
        )

        # The first daily (the puzzle numbers' day 0), kept by each process, follows the rows.
        post_save.connect(note_challenge_saved, sender=Challenge, dispatch_uid="first_daily")
        post_delete.connect(note_challenge_deleted, sender=Challenge, dispatch_uid="first_daily")
