from django.apps import AppConfig


class DuelsConfig(AppConfig):
    """Duels: two players on one deal, and the story of where the gap opened."""

    name = "duels"
    default_auto_field = "django.db.models.BigAutoField"
    # the player-data protocol (/work/wt/_notes/protocol.md): discovered by accounts
    keeps_guests = ("duel_entries",)
    export_sections = ("duels",)

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
        from puzzles.selectors.players import ProfileSection

        from .selectors import duel_record
        from .shapes import DuelRecordOut

        return {
            "duels": ProfileSection(
                read=duel_record,
                shape=DuelRecordOut,
                template="duels/_profile_record.html",
                help="duels won, lost and drawn (the duels that are done)",
            )
        }

    def hides_game(self, game) -> bool:
        """A game of a duel not yet done: nobody but its player sees it (puzzles.game_state)."""
        from .selectors import in_open_duel

        return in_open_duel(game)
