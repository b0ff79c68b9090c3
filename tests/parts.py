"""The real parts ``make test`` needs, checked before pytest starts: one line for each missing
part, saying how to install it, and exit status 1. ``CALICO_SKIP=chromium,node`` (names below,
comma-separated) lets a run go on without those parts: their tests skip."""

import os
import socket
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_checks import REDIS_URL  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")  # as tests/e2e/conftest.py drives it
FAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def missing() -> dict[str, str]:
    """Each absent part by name, with the line that says how to install it."""
    redis = urlparse(REDIS_URL)
    checks = {
        "postgresql": (
            answers("127.0.0.1", 5432),
            "PostgreSQL does not answer at 127.0.0.1:5432: apt-get install postgresql, then "
            "pg_ctlcluster <version> main start (trust auth for user postgres)",
        ),
        "redis": (
            answers(redis.hostname, redis.port or 6379),
            f"Redis does not answer at {redis.hostname}:{redis.port or 6379}: "
            "apt-get install redis-server, then redis-server --daemonize yes",
        ),
        "chromium": (CHROMIUM.exists(), f"no Chromium at {CHROMIUM}: apt-get install chromium"),
        "libfaketime": (
            FAKETIME.exists(),
            f"no libfaketime at {FAKETIME}: apt-get install faketime",
        ),
        "node": (
            AXE.exists(),
            f"no {AXE.relative_to(ROOT)}: apt-get install nodejs npm, then make install (npm ci)",
        ),
    }
    return {name: line for name, (present, line) in checks.items() if not present}


def main() -> int:
    skipped = {name.strip() for name in os.environ.get("CALICO_SKIP", "").split(",") if name}
    absent = {name: line for name, line in missing().items() if name not in skipped}
    for name, line in absent.items():
        print(f"make test: {line} (or CALICO_SKIP={name} to run without it)", file=sys.stderr)
    return 1 if absent else 0


if __name__ == "__main__":
    sys.exit(main())
