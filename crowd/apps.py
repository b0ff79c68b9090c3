from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CrowdConfig(AppConfig):
    name = "crowd"
    verbose_name = "The day after"
    # What its abuse limit guards, in a refusal's words (core.limits).
    limit_words = {"stories": gettext_lazy("asks for a day's story not yet told")}
