"""What the site plays, shipped with the solver: one dict of options per role (the table of
options is in ``solver.search``). The site's settings (``CALICO_PAR_OPTIONS`` and the
others) only override these, key by key, and an answer says when they did, so that anyone
with the solver alone plays what the site plays (``python -m solver par``, ``play``).

- ``par``: the fair player of par's games (and of a scenario's pass rate), with goal chances
  set 1 (+1.1 points luck-corrected, docs/solver.md).
- ``best``: the hindsight player of the best-known score.
- ``hint`` and ``analysis``: the fair player's own defaults but for the goal chances, set 1
  as par's: the scale of expected points (``expected.py``) is fitted to par's player, so the
  hint's and the review's values are on par's scale only when they evaluate as it does.
"""

PAR = {"goal_chances": 1}
BEST = {"portfolio": 5, "polish": 14, "goal_chances": 1}
HINT = {"goal_chances": 1}
ANALYSIS = {"goal_chances": 1}

ROLE_OPTIONS: dict[str, dict] = {
    "par": PAR,
    "best": BEST,
    "hint": HINT,
    "analysis": ANALYSIS,
    "scenario_rate": PAR,
}


def role_options(role: str, overrides: dict | None = None) -> dict:
    """The shipped options of ``role`` with ``overrides`` (a setting's) over them."""
    return {**ROLE_OPTIONS[role], **(overrides or {})}
