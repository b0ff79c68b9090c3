from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Calico Daily"
    # What the site's machinery reports of the daily: today's challenge and par, in GET
    # /healthz's report (core.health) and in GET /metrics (core.scraped).
    health_checks = {"today": "puzzles.selectors.today.health"}
    scraped_metrics = ("puzzles.selectors.today.metrics",)
    # What its abuse limits guard, in a refusal's words (core.limits).
    limit_words = {
        "password": gettext_lazy("password checks"),
        "guests": gettext_lazy("new guests"),
        "games": gettext_lazy("new games"),
        "hints": gettext_lazy("new hints"),
        "analyses": gettext_lazy("analyses"),
        "emails": gettext_lazy("emails sent"),
    }

    def ready(self):
        from .services import (
            account,  # noqa: F401  (its receiver revokes tokens on a new password)
            tallies,  # noqa: F401  (its receiver keeps tallies right on delete)
        )
