from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/", include("puzzles.api.urls")),
    path("", include("puzzles.web.urls")),
]

handler404 = "puzzles.api.errors.not_found"
