from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings across days"

    # What it holds of a player (accounts.player_data): their rating, on their profile too.
    export_sections = ("rating",)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player):
        from .player_data import export_player

        return export_player(player)

    def profile_sections(self):
        from .player_data import profile_sections

        return profile_sections()
