from django.apps import AppConfig


class WeeklyConfig(AppConfig):
    """The weekly special: one of the rulebook's solo scenarios on a seeded deal per ISO week."""

    name = "weekly"
    default_auto_field = "django.db.models.BigAutoField"

    # What it holds of a player (accounts.player_data): their tries.
    keeps_guests = ("weekly_entries",)

    def ready(self):
        from puzzles.services.games import add_starter

        from .services import do_start_weekly

        add_starter("weekly", do_start_weekly)

    def keeps_seed_secret(self, game) -> bool:
        """A game on the deal of a special still open (puzzles.game_state.seed_is_secret)."""
        from .services import seed_is_open

        return seed_is_open(game)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)
