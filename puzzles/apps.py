from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Calico Daily"

    # a guest with a game (of any kind, so a streak) is used: pruning keeps it
    keeps_guests = ("games",)
    export_sections = ("profile", "games")

    def ready(self):
        from .services import tallies  # noqa: F401  (its receiver keeps tallies right on delete)

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
