from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class VersusConfig(AppConfig):
    name = "versus"
    verbose_name = "Versus the solver"
    # What its abuse limits guard, in a refusal's words (core.limits).
    limit_words = {
        "versus": gettext_lazy("new versus tables"),
        "versus-moves": gettext_lazy("versus moves"),
    }

    # What it holds of a player (accounts.player_data): their tables, their record per level.
    keeps_guests = ("versus_games",)
    export_sections = ("versus",)

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
