"""No file under version control keeps a merge's conflict markers (a template shows them)."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^(<{7} |>{7} |={7}$)", re.MULTILINE)


@pytest.mark.slow  # starts a process
def test_no_conflict_markers():
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    marked = [
        name
        for name in files
        if (ROOT / name).is_file()
        and MARKER.search((ROOT / name).read_text(encoding="utf-8", errors="replace"))
    ]
    assert not marked, f"conflict markers in {marked}"
