from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Calico Daily"

    def ready(self):
        from .services import (
            account,  # noqa: F401  (its receiver revokes tokens on a new password)
            tallies,  # noqa: F401  (its receiver keeps tallies right on delete)
        )
