"""The site's languages (docs/design.md, Phase 3): the pages speak the visitor's language; the
API speaks English, but for the words it shows a person (hints' and reviews' reasons), which
follow the request's language.

The language is chosen by Django's ``LocaleMiddleware``: the language cookie (set by the
switch in the page footer, Django's ``set_language``), else ``Accept-Language``. Neither reads
or writes the session, so a page view still writes nothing."""

import time
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.http import http_date
from django.views.i18n import JavaScriptCatalog

# The catalogs change only with a deploy: a browser may keep one this long.
CATALOG_SECONDS = 24 * 3600
_STARTED = http_date(time.time())


class ApiInEnglishMiddleware:
    """Under /api/ every message (``detail``, DRF's and Django's own) stays English; the
    request's language is kept in ``request.LANGUAGE_CODE`` for the words that follow it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/"):
            translation.activate("en")
        return self.get_response(request)


def language_codes() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def _script_packages() -> list[str]:
    """The apps whose scripts' words are in a catalog of their own (``<app>/locale``: puzzles,
    duels), found as Django finds their templates, never listed here."""
    return [a.name for a in apps.get_app_configs() if (Path(a.path) / "locale").is_dir()]


def catalog(request, language: str):
    """The scripts' catalog (``gettext``, ``interpolate``) for ``language``, named in the URL so
    that a browser or a proxy may cache it: nothing in it depends on the visitor."""
    if language not in language_codes():
        raise Http404(f"no language {language!r}")
    with translation.override(language):
        response = JavaScriptCatalog.as_view(packages=_script_packages())(request)
    patch_cache_control(response, public=True, max_age=CATALOG_SECONDS)
    response["Last-Modified"] = _STARTED
    response["Content-Language"] = language
    return response
