from django.apps import AppConfig


class DuelsConfig(AppConfig):
    """Duels: two players on one deal, and the story of where the gap opened."""

    name = "duels"
    default_auto_field = "django.db.models.BigAutoField"
    # the player-data protocol (/work/wt/_notes/protocol.md): discovered by accounts
    keeps_guests = ("duel_entries",)

    def fold_guest(self, guest, into):
        from .player_data import fold_guest

        fold_guest(guest, into)

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player) -> dict:
        from .player_data import export_player

        return export_player(player)

    @property
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

    def ready(self):
        # Today's registries, until accounts discovers the members above (the lead drops these).
        from puzzles.game_state import HIDDEN_GAMES
        from puzzles.selectors.players import add_export_section, add_profile_section
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import account_deleting, guest_folding

        from .selectors import in_open_duel

        HIDDEN_GAMES.append(in_open_duel)
        guest_folding.connect(self._folding, dispatch_uid="duels.fold_guest")
        account_deleting.connect(self._deleting, dispatch_uid="duels.delete_player")
        add_export_section("duels", lambda player: self.export_player(player)["duels"])
        keep_guests_with(*self.keeps_guests)
        for name, section in self.profile_sections.items():
            add_profile_section(name, section)

    def _folding(self, sender, *, guest, into, **kwargs):
        self.fold_guest(guest, into)

    def _deleting(self, sender, *, player, **kwargs):
        self.delete_player(player)
