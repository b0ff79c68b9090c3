from django.apps import AppConfig


class DrillConfig(AppConfig):
    name = "drill"
    verbose_name = "A drill of your own mistakes"

    # What it holds of a player (accounts.player_data): their answers.
    keeps_guests = ("drill_answers",)
    export_sections = ("drill",)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player):
        from .player_data import export_player

        return export_player(player)
