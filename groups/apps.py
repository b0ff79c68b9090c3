from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups of friends"
    limit_words = {"groups": gettext_lazy("new groups")}  # its abuse limit's (core.limits)

    # What it holds of a player (accounts.player_data). An owner is a member too: said twice,
    # so that neither is relied on.
    keeps_guests = ("memberships", "owned_groups")
    export_sections = ("groups",)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player):
        from .player_data import export_player

        return export_player(player)
