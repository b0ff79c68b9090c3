"""One source of solver options: what the site plays ships with the solver
(``solver.search.roles``) and the settings only override it, key by key."""

from puzzles.solver_options import overrides, site_options
from solver.search.roles import ROLE_OPTIONS


def test_the_site_plays_the_shipped_options_unless_a_setting_overrides_them(settings):
    settings.CALICO_PAR_OPTIONS = {}
    settings.CALICO_BEST_OPTIONS = {"polish": 3}
    assert site_options("par") == ROLE_OPTIONS["par"] == {"goal_chances": 1}
    assert overrides("par") == {}
    assert site_options("best") == {"portfolio": 5, "polish": 3, "goal_chances": 1}
    assert overrides("best") == {"polish": 3}
    settings.CALICO_PAR_OPTIONS = {"goal_chances": 1}  # the shipped value: no override
    assert overrides("par") == {}
