from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Calico Daily"
    # What the site's machinery reports of the daily: today's challenge and par, in GET
    # /healthz's report (core.health) and in GET /metrics (core.scraped).
    health_checks = {"today": "puzzles.selectors.today.health"}
    scraped_metrics = ("puzzles.selectors.today.metrics",)
    # What its abuse limits guard, in a refusal's words (core.limits).
    limit_words = {
        "password": gettext_lazy("password checks"),
        "guests": gettext_lazy("new guests"),
        "games": gettext_lazy("new games"),
        "hints": gettext_lazy("new hints"),
        "analyses": gettext_lazy("analyses"),
        "emails": gettext_lazy("emails sent"),
    }

    # a guest with a game (of any kind, so a streak) is used: pruning keeps it
    keeps_guests = ("games",)
    export_sections = ("profile", "games")

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from .models import Challenge
        from .selectors.challenges import note_challenge_deleted, note_challenge_saved
        from .services import tallies  # noqa: F401  (its receiver keeps tallies right on delete)

        # The first daily (the puzzle numbers' day 0), kept by each process, follows the rows.
        post_save.connect(note_challenge_saved, sender=Challenge, dispatch_uid="first_daily")
        post_delete.connect(note_challenge_deleted, sender=Challenge, dispatch_uid="first_daily")

    # The player's part of the daily (accounts.player_data): games, hints, analyses.
    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player):
        from .player_data import export_player

        return export_player(player)
