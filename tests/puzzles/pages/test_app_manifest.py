"""The app's manifest, service worker and offline page as a server answers them (the browser
side: tests/e2e/test_home_screen_app.py)."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_and_its_icons_in_the_readers_language():
    answer = Client().get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="es")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["lang"] == "es" and manifest["display"] == "standalone"
    assert manifest["description"].startswith("Una colcha")
    for icon in manifest["icons"]:
        assert Client().get(icon["src"]).status_code == 200  # the files are there


def test_the_worker_keeps_static_files_and_the_offline_page_only():
    answer = Client().get("/sw.js")
    script = answer.content.decode()
    assert answer["Content-Type"] == "text/javascript" and "no-cache" in answer["Cache-Control"]
    assert 'const OFFLINE = "/offline/"' in script and 'const STATIC = "/static/"' in script
    assert "/api/" not in script  # nothing of the API is named, so nothing of it is kept
    offline = Client().get("/offline/")
    assert offline.status_code == 200 and b"data-offline" in offline.content
