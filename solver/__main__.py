"""``python -m solver``: see ``solver.cli``. Bad input is exit 2 and one line there; anything
else that escapes is a bug, answered with exit 1 and one line naming it, never a traceback
(``solver.cli.main`` called in-process still raises it, for tests and debuggers)."""

import sys

from solver.cli import main

try:
    code = main()
except Exception as problem:
    message = " ".join(str(problem).splitlines())
    print(f"error: internal error ({type(problem).__name__}: {message})", file=sys.stderr)
    code = 1
sys.exit(code)
