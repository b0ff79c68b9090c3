from django.apps import AppConfig


class StrengthsConfig(AppConfig):
    name = "strengths"
    verbose_name = "A player's strengths"

    def profile_sections(self):  # accounts.player_data
        from .player_data import profile_sections

        return profile_sections()
