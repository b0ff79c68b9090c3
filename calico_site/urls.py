from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularSwaggerView

import accounts.urls
import crowd.urls
import drill.urls
import duels.urls
import groups.urls
import leagues.urls
import ratings.urls
import reminders.urls
import versus.urls
import weekly.urls
from core.api.health import healthz, live
from core.api.metrics import metrics_view
from core.api.schema import SchemaView
from core.languages import catalog

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("healthz/live", live, name="healthz-live"),
    path("metrics", metrics_view, name="metrics"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("puzzles.api.urls")),
    path("api/", include(accounts.urls.api)),
    path("api/", include(groups.urls.api)),
    path("api/", include(versus.urls.api)),
    path("api/", include(ratings.urls.api)),
    path("api/", include(crowd.urls.api)),
    path("api/", include(reminders.urls.api)),
    path("api/", include(weekly.urls.api)),
    path("api/", include(drill.urls.api)),
    path("api/", include(duels.urls.api)),
    path("api/", include(leagues.urls.api)),
    # The language switch (a POST that sets the language cookie, no session) and the scripts'
    # catalog per language (core/languages.py).
    path("i18n/setlang/", set_language, name="set_language"),
    path("i18n/<str:language>.js", catalog, name="javascript-catalog"),
    path("", include("puzzles.web.urls")),
    path("", include(accounts.urls.pages)),
    path("", include(groups.urls.pages)),
    path("", include(versus.urls.pages)),
    path("", include(ratings.urls.pages)),
    path("", include(crowd.urls.pages)),
    path("", include(reminders.urls.pages)),
    path("", include(drill.urls.pages)),
    path("", include(weekly.urls.pages)),
    path("", include(duels.urls.pages)),
    path("", include(leagues.urls.pages)),
]

# JSON {error, detail} under /api/, the site's pages elsewhere (core/api/errors.py).
handler400 = "core.api.errors.bad_request"
handler403 = "core.api.errors.permission_denied"
handler404 = "core.api.errors.not_found"
handler500 = "core.api.errors.server_error"
