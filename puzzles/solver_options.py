"""The solver options the site plays for each role: the solver's shipped ones
(``solver.search.roles``) with the role's setting over them, key by key."""

from django.conf import settings

from solver.search.roles import role_options

SETTINGS = {
    "par": "CALICO_PAR_OPTIONS",
    "best": "CALICO_BEST_OPTIONS",
    "hint": "CALICO_HINT_OPTIONS",
    "analysis": "CALICO_ANALYSIS_OPTIONS",
    "scenario_rate": "CALICO_SCENARIO_RATE_OPTIONS",
}


def overrides(role: str) -> dict:
    """What the site's setting changes of the role's shipped options (empty: nothing)."""
    shipped = role_options(role)
    given = getattr(settings, SETTINGS[role]) or {}
    return {name: value for name, value in given.items() if shipped.get(name) != value}


def site_options(role: str) -> dict:
    """The options the site plays for ``role``: par, best, hint, analysis, scenario_rate."""
    return role_options(role, getattr(settings, SETTINGS[role]))
