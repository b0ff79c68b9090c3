from django.apps import AppConfig


def _profile_sections() -> dict:
    from puzzles.selectors.players import ProfileSection

    from .selectors import past_tiers
    from .shapes import LeagueHistoryOut

    return {
        "leagues": ProfileSection(
            read=past_tiers,
            shape=LeagueHistoryOut,
            template="leagues/_profile_leagues.html",
            help="the player's weekly leagues: tier, final rank and outcome, the latest first",
        )
    }


class LeaguesConfig(AppConfig):
    """Weekly leagues: each Monday the week's players in leagues of thirty of close rating,
    a tier each; after Sunday's close the top five go up and the bottom five down."""

    name = "leagues"
    verbose_name = "Weekly leagues"
    default_auto_field = "django.db.models.BigAutoField"

    # The player-data protocol (accounts discovers these). No ``keeps_guests``: a guest joins a
    # league only after a ranked daily, and that game keeps the guest already.
    keeps_guests = ()
    export_sections = ("leagues",)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player) -> dict:
        from .player_data import export_player

        return export_player(player)

    def profile_sections(self) -> dict:
        return _profile_sections()
