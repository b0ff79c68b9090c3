"""``bin/serve`` as ``make serve`` runs it, on the embedded default (SQLite and the folder
broker under a var folder of the test's own), for the supervision tests and the soak. Tests
call bin/serve after make serve's set-up steps rather than ``make serve`` itself, which could
reinstall the shared virtual environment."""

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from helpers.processes import free_port, wait_until

ROOT = Path(__file__).resolve().parents[3]
# Small solver runs; hints at their real strength. The limits never stop a test's loop.
EMBEDDED_ENV = {
    "CALICO_PAR_OPTIONS": '{"playout_width": 1, "samples": 1, "depth": 1}',
    "CALICO_BEST_OPTIONS": '{"kept": 1, "piloted": 2, "arrangements": 2}',
    "CALICO_SCENARIO_RATE_DEALS": "1",
    "CALICO_PAR_GAMES": "3",
    "CALICO_LIMITS": json.dumps(
        {
            f"{what}-{per}": "1000000/h"
            for what in ("games", "hints", "versus", "versus-moves", "versus-tables", "password")
            for per in ("account", "address", "username")
        }
    ),
}


def group_members(group: int) -> list[str]:
    """Command lines of the live processes in a process group."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                members.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except OSError:  # gone meanwhile
            continue
    return members


class Served:
    """bin/serve in its own process group on a free port, logging to a file."""

    def __init__(self, var_dir: Path, **env):
        self.port = free_port()
        self.var_dir = var_dir
        self.log_path = var_dir / "serve.log"
        embedded = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")
        }
        self.env = {
            **embedded,
            **EMBEDDED_ENV,
            "CALICO_VAR_DIR": str(var_dir),
            "PORT": str(self.port),
            **env,
        }
        python = [sys.executable, "manage.py"]
        for step in (["migrate", "--noinput", "-v0"], ["ensure_daily"]):
            subprocess.run(python + step, cwd=ROOT, env=self.env, check=True, capture_output=True)
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                ["bin/serve"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_until(lambda: "Calico Daily is running" in self.log(), "bin/serve is up", 240)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def restarts(self) -> list[str]:
        return [line for line in self.log().splitlines() if line.startswith("serve: ")]

    def get(self, path: str, timeout: float = 10) -> tuple[int, dict]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path)
            answer = connection.getresponse()
            return answer.status, json.loads(answer.read() or b"{}")
        finally:
            connection.close()

    def members(self) -> list[str]:
        return group_members(self.process.pid)

    def pid_of(self, marker: str) -> int:
        """The pid of the one process of the group whose command line ends with ``marker``
        (a worker's main process, not its pool child: same command line, older)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                line = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if int(fields[2]) == self.process.pid and marker in line and fields[0] != "Z":
                found.append((int(fields[19]), int(stat.parent.name)))  # start time, pid
        assert found, f"no process {marker!r} in {self.members()}"
        return min(found)[1]

    def stop(self, seconds: float = 60) -> None:
        """SIGTERM to the group, as a supervisor stops it; waits until every process is gone."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
        deadline = time.monotonic() + seconds
        while self.members() and time.monotonic() < deadline:
            time.sleep(0.2)
        left = self.members()
        if left:
            os.killpg(self.process.pid, signal.SIGKILL)
        assert not left, f"still running after SIGTERM: {left}"


class Api:
    """One API client of the served site: a keep-alive connection and a token."""

    def __init__(self, port: int, username: str):
        self.port, self.token = port, None
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        status, body = self.call(
            "POST", "/api/auth/register/", {"username": username, "password": "a soak pw 123"}
        )
        assert status == 201, body
        self.token = body["token"]

    def call(self, method: str, path: str, body=None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        try:
            self.conn.request(method, path, json.dumps(body) if body is not None else None, headers)
            answer = self.conn.getresponse()
            return answer.status, json.loads(answer.read() or b"{}")
        except (OSError, http.client.HTTPException):
            self.conn.close()  # the next call reconnects
            raise
