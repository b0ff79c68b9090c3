"""The site as an app on the home screen: its web app manifest, its service worker and the
page the worker shows when the network is gone (docs/operations.md, "The app on the home
screen").

The worker keeps copies of the static files (fetched from the network first, so a new
release is never hidden behind an old copy) and of the offline page; it never answers an API
call, a game or any other page from a cache: offline, a page is the offline page."""

from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control

THEME = "#6cc4ca"  # the board's teal (docs/design.md, "The look")
BACKGROUND = "#f3efe4"  # the quilt's cream
# Bumped when the worker's script changes what it keeps: the old caches are dropped.
CACHE_VERSION = "calico-v1"


@cache_control(public=True, max_age=3600)
def manifest(request):
    icons = [
        {"src": static("puzzles/icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("puzzles/icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("puzzles/icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    answer = {
        "name": "Calico Daily",
        "short_name": "Calico",
        "description": _("One shared quilt a day: the same Calico deal for everyone."),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("web:daily") + "?source=app",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    return JsonResponse(answer, content_type="application/manifest+json")


@cache_control(no_cache=True)
def service_worker(request):
    script = render(
        request,
        "puzzles/sw.js",
        {
            "version": CACHE_VERSION,
            "static_prefix": static(""),
            "offline": reverse("web:offline"),
            "keep": [static("puzzles/css/calico.css"), static("puzzles/icons/icon-192.png")],
        },
        content_type="text/javascript",
    )
    script["Service-Worker-Allowed"] = "/"
    return script


def offline(request):
    return render(request, "puzzles/offline.html", {"theme": THEME})
