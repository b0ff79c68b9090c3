from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from puzzles.api.health import healthz, live
from puzzles.api.metrics import metrics_view

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("healthz/live", live, name="healthz-live"),
    path("metrics", metrics_view, name="metrics"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("puzzles.api.urls")),
    path("", include("puzzles.web.urls")),
]

handler404 = "puzzles.api.errors.not_found"
