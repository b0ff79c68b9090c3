from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerView

from puzzles.api.health import healthz, live
from puzzles.api.metrics import metrics_view
from puzzles.api.schema import SchemaView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("healthz/live", live, name="healthz-live"),
    path("metrics", metrics_view, name="metrics"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("puzzles.api.urls")),
    path("", include("puzzles.web.urls")),
]

# JSON {error, detail} under /api/, the site's pages elsewhere (puzzles/api/errors.py).
handler400 = "puzzles.api.errors.bad_request"
handler403 = "puzzles.api.errors.permission_denied"
handler404 = "puzzles.api.errors.not_found"
handler500 = "puzzles.api.errors.server_error"
