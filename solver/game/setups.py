"""Setups (standard, beginner, the ten solo scenarios), variants, and dealing from a seed.

Dealing, from ``SeededStream(seed)`` (see rng.py), in this order:
1. the board: ``choice`` of ("blue", "green", "purple", "yellow") — every setup;
2. the cats: for dot groups 1, 2, 3 in turn, ``choice`` of that group's cats in docs/rules.md
   table order (standard only; beginner and scenarios fix their cats);
3. the patterns: ``shuffle`` of the six patterns in docs/rules.md order; cat k (in the order of
   step 2) gets shuffled patterns 2k and 2k+1;
4. the goals: standard: ``shuffle`` of the six goals in docs/rules.md order, the first four are
   the options; beginner and scenarios fix them (no draw);
5. the bag: every patch in order colour, pattern, copy (colours and patterns in docs/rules.md
   order; 3 copies, or 2 in the lower-variance variant), then ``shuffle``; the hand is the
   first two, the market slots 0, 1, 2 the next three, and the rest is drawn in order.
"""

from dataclasses import dataclass

from .boards import BOARD_NAMES
from .cats import CATS_BY_DOTS, cat_by_id
from .errors import RulesError
from .goals import GOAL_IDS, goal_by_id
from .hexgrid import cell_name
from .patches import ALL_PATCHES, PATTERNS, Patch, patch_from_json, patch_to_json
from .quilt import Layout
from .rng import SeededStream
from .scenarios import SCENARIOS, Scenario

VARIANTS = (None, "family", "lower-variance")
BEGINNER_CATS = ("millie", "tibbit", "coconut")
BEGINNER_GOALS = {"2,3": "all-different", "3,4": "aa-bb-cc", "4,2": "aaa-bbb"}


SETUP_KINDS = ("standard", "beginner", *(f"scenario-{n}" for n in SCENARIOS))


@dataclass(frozen=True)
class Setup:
    """What is dealt before play: board, cats with their patterns, and the goals.

    Either ``goals`` is fixed (beginner) or the player picks three of ``goal_options`` and
    puts each on a goal space (standard: 4 options; a scenario: its 3 goals).
    """

    kind: str
    variant: str | None
    board: str
    cats: tuple[tuple[str, tuple[str, str]], ...]
    goal_options: tuple[str, ...] | None = None
    goals: tuple[tuple[str, str], ...] | None = None  # (cell name, goal id) when fixed

    @property
    def family(self) -> bool:
        return self.variant == "family"

    @property
    def copies(self) -> int:
        return 2 if self.variant == "lower-variance" else 3

    def pool(self) -> list[Patch]:
        """Every patch of this setup's bag, in canonical order."""
        return [patch for patch in ALL_PATCHES for _ in range(self.copies)]

    def layout(self, goals: dict | None = None) -> Layout:
        """The quilt layout once the goals are placed; ``goals`` only where the setup asks."""
        if self.goals is not None or self.family:
            if goals and self.family:
                raise RulesError("the family variant has no goals to choose; send none")
            if goals:
                raise RulesError(f"the {self.kind} setup fixes its goals; send none")
            return Layout.build(self.board, dict(self.goals or ()), self.cats, self.family)
        if not isinstance(goals, dict):
            raise RulesError("choose three of the goal options, one per goal space")
        for goal_id in goals.values():
            if goal_by_id(goal_id).id not in self.goal_options:
                raise RulesError(f"goal {goal_id!r} is not one of this deal's goal options")
        return Layout.build(self.board, goals, self.cats, self.family)

    def to_json(self) -> dict:
        data = {
            "setup": self.kind,
            "variant": self.variant,
            "board": self.board,
            "cats": [
                {"cat": cat, "points": cat_by_id(cat).points, "patterns": list(patterns)}
                for cat, patterns in self.cats
            ],
        }
        if self.goals is not None:
            data["goals"] = dict(self.goals)
        else:
            data["goal_options"] = list(self.goal_options)
        return data

    @classmethod
    def from_json(cls, data) -> "Setup":
        if not isinstance(data, dict):
            raise RulesError("a setup must be a JSON object")
        kind, variant = data.get("setup", "standard"), data.get("variant")
        _check_kind(kind, variant)
        board = data.get("board")
        cats = Layout.build(board, {}, _cat_list(data.get("cats")), True).cats
        if data.get("goals") is not None:
            goals = Layout.build(board, data["goals"], cats).goals  # face down if family
            return cls(kind, variant, board, cats, goals=tuple((cell_name(c), g) for c, g in goals))
        options = data.get("goal_options")
        if not isinstance(options, list) or not 3 <= len(options) <= 4:
            raise RulesError("a setup needs goals, or goal_options listing 3 or 4 goals")
        if len({goal_by_id(goal).id for goal in options}) != len(options):
            raise RulesError("goal_options must be different goals")
        return cls(kind, variant, board, cats, goal_options=tuple(options))


def _scenario_of(kind: str) -> Scenario | None:
    return SCENARIOS[int(kind.removeprefix("scenario-"))] if kind.startswith("scenario-") else None


def _cat_list(cats):
    if not isinstance(cats, list):
        raise RulesError("cats must list three cats")
    return [(c.get("cat"), c.get("patterns")) if isinstance(c, dict) else c for c in cats]


def _check_kind(kind, variant):
    if kind not in SETUP_KINDS:
        raise RulesError(f"unknown setup {kind!r}; choose from {', '.join(SETUP_KINDS)}")
    if variant not in VARIANTS:
        raise RulesError(f"unknown variant {variant!r}; choose family or lower-variance")


@dataclass(frozen=True)
class Deal:
    """A setup and the whole bag: hand, market slots 0..2, then ``bag`` in draw order."""

    seed: str
    setup: Setup
    hand: tuple[Patch, Patch]
    market: tuple[Patch, Patch, Patch]
    bag: tuple[Patch, ...]

    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            **self.setup.to_json(),
            "hand": [patch_to_json(p) for p in self.hand],
            "market": [patch_to_json(p) for p in self.market],
            "bag": [patch_to_json(p) for p in self.bag],
        }

    @classmethod
    def from_json(cls, data) -> "Deal":
        setup = Setup.from_json(data)
        for key in ("hand", "market", "bag"):
            if not isinstance(data.get(key), list):
                raise RulesError(f"{key} must be a list of patches")
        patches = [patch_from_json(p) for key in ("hand", "market", "bag") for p in data[key]]
        if len(data["hand"]) != 2 or len(data["market"]) != 3:
            raise RulesError("a deal has two patches in hand and three in the market")
        if sorted(patches) != setup.pool():
            raise RulesError("hand, market and bag must hold the whole bag exactly once")
        return cls(
            str(data.get("seed", "")),
            setup,
            tuple(patches[:2]),
            tuple(patches[2:5]),
            tuple(patches[5:]),
        )


def seeded_stream(seed: str) -> SeededStream:
    """The random stream of a seed string (solo and multiplayer deals alike)."""
    if not isinstance(seed, str):
        raise RulesError("the seed must be a string")
    try:
        seed.encode("utf-8")
    except UnicodeEncodeError:
        raise RulesError("the seed must be text that UTF-8 can encode") from None
    return SeededStream(seed)


def standard_cat_ids(stream: SeededStream) -> list[str]:
    """The standard game's three cats: one of each difficulty (1, 2 and 3 dots)."""
    return [stream.choice(CATS_BY_DOTS[dots]).id for dots in (1, 2, 3)]


def cats_with_patterns(stream: SeededStream, cat_ids: list[str]) -> tuple:
    """Each cat with two of the six patterns, shuffled: ((cat id, (pattern, pattern)), ...)."""
    patterns = stream.shuffle(list(PATTERNS))
    return tuple(
        (cat, tuple(sorted(patterns[2 * k : 2 * k + 2], key=PATTERNS.index)))
        for k, cat in enumerate(cat_ids)
    )


def deal(seed: str, setup: str = "standard", variant: str | None = None) -> Deal:
    """Deal a solo game from a seed string; see the module docstring for the algorithm."""
    stream = seeded_stream(seed)
    _check_kind(setup, variant)
    board = stream.choice(BOARD_NAMES)
    scenario = _scenario_of(setup)
    if setup == "standard":
        cat_ids = standard_cat_ids(stream)
    else:
        cat_ids = list(scenario.cats if scenario else BEGINNER_CATS)
    cats = cats_with_patterns(stream, cat_ids)
    options = goals = None
    if setup == "standard":
        options = tuple(stream.shuffle(list(GOAL_IDS))[:4])
    elif scenario:
        options = scenario.goals
    else:
        goals = tuple(BEGINNER_GOALS.items())
    chosen = Setup(setup, variant, board, cats, options, goals)
    bag = stream.shuffle(chosen.pool())
    return Deal(seed, chosen, tuple(bag[:2]), tuple(bag[2:5]), tuple(bag[5:]))
