from django.apps import AppConfig


class WeeklyConfig(AppConfig):
    """The weekly special: one of the rulebook's solo scenarios on a seeded deal per ISO week."""

    name = "weekly"
    default_auto_field = "django.db.models.BigAutoField"
