"""A daily's par is the default fair player's game (``puzzles.services.solver_runs``: strategy
"fair", seed the day's, ``CALICO_PAR_OPTIONS`` empty in production): pinned on one deal, so
that a versus or scenario change that reaches the solo player shows here. The figures were
computed on main before issue 26's table player (score 80, the moves' digest below)."""

import hashlib
import json

from solver.game import deal
from solver.search import make_player, play_game


def test_the_par_of_a_daily_is_unchanged():
    record = play_game(deal("2026-12-02"), make_player("fair", seed="2026-12-02"))
    assert record.game.quilt.points == 80
    assert record.goals == {"2,3": "aa-bb-c-d", "3,4": "all-different", "4,2": "aa-bb-cc"}
    digest = hashlib.sha256(json.dumps(record.moves).encode()).hexdigest()[:16]
    assert digest == "2b6f1f95d86f6b99"
