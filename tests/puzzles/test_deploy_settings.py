"""Production settings, as a production process reads them from its environment: a clean
``check --deploy``, secure cookies, HSTS, timeouts, and secrets only from the environment."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "false",
    "HTTPS": "true",
    "SECRET_KEY": "a production secret key that is long and random enough 0123456789abcdef",
    "CALICO_SEED_SECRET": "a production seed secret",
    "ALLOWED_HOSTS": "calico.example.org",
    "DATABASE_URL": "postgres://calico@db.example.org:5432/calico",
    "REDIS_URL": "redis://redis.example.org:6379/0",
}

# Printed by a production process: the settings and the headers it answers with.
PROBE = """
import json
from django.conf import settings
from django.test import Client
client = Client(HTTP_HOST="calico.example.org")
secure = client.get("/api/schema/", secure=True)
plain = client.get("/api/schema/")
print(json.dumps({
    "session_secure": settings.SESSION_COOKIE_SECURE,
    "csrf_secure": settings.CSRF_COOKIE_SECURE,
    "hsts": secure.headers.get("Strict-Transport-Security"),
    "plain_http": [plain.status_code, plain.headers.get("Location")],
    "db_connect_timeout": settings.DATABASES["default"]["OPTIONS"]["connect_timeout"],
    "broker_socket_timeout": settings.CELERY_BROKER_TRANSPORT_OPTIONS["socket_timeout"],
    "task_limits": [settings.CELERY_TASK_SOFT_TIME_LIMIT, settings.CELERY_TASK_TIME_LIMIT],
    "hint_seconds": settings.CALICO_HINT_SECONDS,
}))
"""


def run(args: list[str], environment: dict, tmp_path: Path) -> subprocess.CompletedProcess:
    """Run a Django process with only ``environment`` set (no developer settings leak in)."""
    clean = {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "LANG")}
    env = {
        **clean,
        "DJANGO_SETTINGS_MODULE": "calico_site.settings",
        "CALICO_VAR_DIR": str(tmp_path),
    }
    env.update(environment)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    checked = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION, tmp_path
    )
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout


def test_check_deploy_fails_without_https(tmp_path):
    """The check above can fail: the plain-http embedded default is not a deployment."""
    plain = {**PRODUCTION, "HTTPS": "false"}
    checked = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], plain, tmp_path)
    assert checked.returncode != 0
    assert "SESSION_COOKIE_SECURE" in checked.stderr


def test_production_cookies_hsts_and_timeouts(tmp_path):
    probed = run(["-c", f"import django; django.setup()\n{PROBE}"], PRODUCTION, tmp_path)
    assert probed.returncode == 0, probed.stderr
    seen = json.loads(probed.stdout.strip().splitlines()[-1])
    assert seen["session_secure"] and seen["csrf_secure"]
    assert "max-age=31536000" in seen["hsts"] and "includeSubDomains" in seen["hsts"]
    assert seen["plain_http"] == [301, "https://calico.example.org/api/schema/"]
    assert seen["db_connect_timeout"] > 0 and seen["broker_socket_timeout"] > 0
    soft, hard = seen["task_limits"]
    assert 0 < soft < hard
    assert 0 < seen["hint_seconds"] < soft


@pytest.mark.parametrize("https", ["true", "false"])
@pytest.mark.parametrize("name", ["SECRET_KEY", "CALICO_SEED_SECRET"])
def test_production_refuses_to_start_without_a_secret_from_the_environment(tmp_path, name, https):
    """Issue 41, point 11: without HTTPS=true a deployment made a secret per host."""
    environment = {key: v for key, v in PRODUCTION.items() if key != name} | {"HTTPS": https}
    checked = run(["manage.py", "check"], environment, tmp_path)
    assert checked.returncode != 0
    assert f"{name} must be set in the environment" in checked.stderr
    assert not any(tmp_path.iterdir()), "no secret may be written to disk in production"
