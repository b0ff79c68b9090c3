from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Calico Daily"

    def ready(self):
        from .services import tallies  # noqa: F401  (its receiver keeps tallies right on delete)
