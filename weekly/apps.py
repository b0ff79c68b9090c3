from django.apps import AppConfig


class WeeklyConfig(AppConfig):
    """The weekly special: one of the rulebook's solo scenarios on a seeded deal per ISO week."""

    name = "weekly"
    default_auto_field = "django.db.models.BigAutoField"

    # What it holds of a player (accounts.player_data): their tries.
    keeps_guests = ("weekly_entries",)

    def ready(self):
        from puzzles.game_state import SECRET_SEEDS
        from puzzles.services.games import add_starter

        from .services import do_start_weekly, seed_is_open

        add_starter("weekly", do_start_weekly)
        SECRET_SEEDS.append(seed_is_open)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)
