"""Which servers a test can reach; ``require`` skips without one, except in CI."""

import os
import socket
from urllib.parse import urlparse

import pytest

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def require(available: bool, reason: str) -> None:
    """Skip when a server is absent, but fail in CI, where everything must run."""
    if available:
        return
    if in_ci():
        pytest.fail(f"{reason} (CI=true: this test must run)")
    pytest.skip(reason)


def redis_reachable() -> bool:
    url = urlparse(REDIS_URL)
    try:
        with socket.create_connection((url.hostname, url.port or 6379), timeout=1):
            return True
    except OSError:
        return False


def on_postgres() -> bool:
    from django.db import connection

    return connection.vendor == "postgresql"
