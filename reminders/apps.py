from django.apps import AppConfig


class RemindersConfig(AppConfig):
    name = "reminders"
    verbose_name = "Daily reminders"

    # What it holds of a player (accounts.player_data); its form is on the account page.
    export_sections = ("reminders", "push_subscriptions")

    def delete_player(self, player):
        from .player_data import delete_player

        delete_player(player)

    def export_player(self, player):
        from .player_data import export_player

        return export_player(player)

    def account_section(self, request):
        from .player_data import account_section

        return account_section(request)
