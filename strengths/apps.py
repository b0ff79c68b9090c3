from django.apps import AppConfig


class StrengthsConfig(AppConfig):
    name = "strengths"
    verbose_name = "A player's strengths"

    def ready(self):
        from puzzles.selectors.players import ProfileSection, add_profile_section

        from .selectors import strengths_of
        from .shapes import StrengthsOut

        add_profile_section(
            "strengths",
            ProfileSection(
                read=strengths_of,
                shape=StrengthsOut,
                template="strengths/_profile_strengths.html",
                help="where the player gains and loses points, beside par on the same days",
            ),
        )
