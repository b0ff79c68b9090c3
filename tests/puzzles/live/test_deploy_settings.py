"""Production settings, as a production process reads them from its environment: a clean
``check --deploy``, secure cookies, HSTS, timeouts, and secrets only from the environment."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test starts a Django process with production settings

ROOT = Path(__file__).resolve().parents[3]

PRODUCTION = {
    "DEBUG": "false",
    "HTTPS": "true",
    "SECRET_KEY": "a production secret key that is long and random enough 0123456789abcdef",
    "CALICO_SEED_SECRET": "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0",
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


@pytest.mark.parametrize(
    "weak", ["x", "a production seed secret", "0123456789abcdef" * 3, "ab" * 40]
)
def test_production_refuses_a_seed_secret_shorter_than_32_random_bytes(tmp_path, weak):
    """Issue 47: a one-character seed secret was accepted, and the published seeds then let
    anyone find it by brute force, and so every day's deal before it opens."""
    checked = run(["manage.py", "check"], {**PRODUCTION, "CALICO_SEED_SECRET": weak}, tmp_path)
    assert checked.returncode != 0
    assert "CALICO_SEED_SECRET is too weak" in checked.stderr


@pytest.mark.parametrize(
    "strong",
    [
        "4Kq9zX2mVbT7wR1pL8nY3cJ6hF0dS5aGeUiOoPk-_Zx",
        "3b9d0c1e7a5f42886e1d9c0b7a3f5e2d4c6b8a0917f3e5d2c4b6a8091e3f5d7c",
    ],
)
def test_production_takes_a_seed_secret_of_32_random_bytes(tmp_path, strong):
    checked = run(["manage.py", "check"], {**PRODUCTION, "CALICO_SEED_SECRET": strong}, tmp_path)
    assert checked.returncode == 0, checked.stderr


def test_the_embedded_default_makes_a_strong_seed_secret_and_starts(tmp_path):
    """``make serve``: no environment, a secret made in var/ (64 hex characters)."""
    checked = run(["manage.py", "check"], {}, tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert len((tmp_path / "seed_secret").read_text().strip()) == 64
