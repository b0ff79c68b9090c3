"""A bench's figures as rows of a markdown table, for docs/benchmarks.md (``--markdown``).

Each row says where it came from: it starts with the day (UTC), the code that ran (the
commit, with ``+`` when its code had uncommitted changes) and the load average before and
after the run, and ends with the command that printed it. Rows are added to the page as
printed, never edited afterwards.
"""

import datetime
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _git(*args: str) -> str:
    done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def code_version() -> str:
    """The short commit of the tree the bench ran from; ``+`` if its code had changes (docs/
    aside: a page being written is not the code measured)."""
    try:
        commit = _git("rev-parse", "--short", "HEAD")
        changed = _git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + ("+" if changed else "")


def command_line() -> str:
    """This process's command, as run from the project's folder."""
    script = Path(sys.argv[0]).resolve()
    shown = script.relative_to(ROOT) if script.is_relative_to(ROOT) else script
    return "python " + shlex.join([str(shown), *sys.argv[1:]])


def print_table(columns: list[str], rows: list[list[str]], load_before: float) -> None:
    """Print a header and one row per entry of ``rows`` (``columns`` name its cells)."""
    stamp = [
        datetime.datetime.now(datetime.UTC).date().isoformat(),
        code_version(),
        f"{load_before:.1f} / {os.getloadavg()[0]:.1f}",
    ]
    header = ["recorded", "code", "load before / after", *columns, "command"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        assert len(row) == len(columns), (row, columns)
        print("| " + " | ".join([*stamp, *row, f"`{command_line()}`"]) + " |")
