"""The Calico rules engine: patches, boards, goals, cats, scoring, the solo game, dealing.

A small public API, in the spirit of python-chess::

    from solver.game import deal, SoloGame
    game = SoloGame.start(deal("2026-11-29"), goals={"2,3": ..., "3,4": ..., "4,2": ...})
    game.play(game.legal_moves()[0])
    game.quilt.score()          # the score object of docs/rules.md
    game.observation()          # what a player sees; no way back to the bag

Fast integers behind readable names, as python-chess's ``Square`` and ``Bitboard``: a ``Cell``
is an int ``row * 7 + col`` (``parse_cell``/``cell_name`` convert), a ``Mask`` an int with bit i
set for cell i, a ``Patch`` an int ``colour * 6 + pattern`` (``patch_from_json``/``patch_to_json``
convert), ``Color`` and ``Pattern`` the indexes of ``COLORS`` and ``PATTERNS``.
"""

from .cats import CAT_BY_ID, CATS, Cat, cat_by_id
from .errors import RulesError
from .goals import (
    GOAL_BY_ID,
    GOALS,
    AttributeProgress,
    Goal,
    GoalProgress,
    goal_by_id,
    goal_points_possible,
    goal_progress,
    goal_result,
)
from .hexgrid import (
    GOAL_CELLS,
    NEIGHBOURS,
    PATCH_CELLS,
    Cell,
    Mask,
    bits,
    cell_name,
    group_of,
    parse_cell,
)
from .multiplayer import MultiplayerGame, TableDeal, TableView, deal_table, standings
from .patches import (
    COLORS,
    EMPTY,
    PATTERNS,
    Color,
    Patch,
    Pattern,
    color_of,
    make_patch,
    patch_from_json,
    patch_name,
    patch_to_json,
    pattern_of,
)
from .quilt import Layout, Quilt
from .quilt_files import quilt_from_json, quilt_to_json, score_quilt_file
from .scenarios import MET, MISSED, OPEN, SCENARIOS, Condition, Progress, Scenario
from .setups import SETUP_KINDS, VARIANTS, Deal, Setup, deal
from .solo import TURNS, Move, Observation, SoloGame

__all__ = [
    "CATS",
    "CAT_BY_ID",
    "COLORS",
    "EMPTY",
    "GOALS",
    "GOAL_BY_ID",
    "GOAL_CELLS",
    "MET",
    "MISSED",
    "NEIGHBOURS",
    "OPEN",
    "PATCH_CELLS",
    "PATTERNS",
    "SCENARIOS",
    "SETUP_KINDS",
    "TURNS",
    "VARIANTS",
    "AttributeProgress",
    "Cat",
    "Cell",
    "Color",
    "Condition",
    "Deal",
    "Goal",
    "GoalProgress",
    "Layout",
    "Mask",
    "Move",
    "MultiplayerGame",
    "Observation",
    "Patch",
    "Pattern",
    "Progress",
    "Quilt",
    "RulesError",
    "Scenario",
    "Setup",
    "SoloGame",
    "TableDeal",
    "TableView",
    "bits",
    "cat_by_id",
    "cell_name",
    "color_of",
    "deal",
    "deal_table",
    "goal_by_id",
    "goal_points_possible",
    "goal_progress",
    "goal_result",
    "group_of",
    "make_patch",
    "parse_cell",
    "patch_from_json",
    "patch_name",
    "patch_to_json",
    "pattern_of",
    "quilt_from_json",
    "quilt_to_json",
    "score_quilt_file",
    "standings",
]
