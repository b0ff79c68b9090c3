"""The bench scripts run from ``bench/`` and import their siblings by bare name
(``from harness import ...``): their tests import them the same way."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
