"""The rulebook's ten solo scenarios (achievements), docs/rules.md "Solo scenarios".

Each fixes the goals and the cats and adds conditions; a run passes when the final score and
every condition hold. During play each condition is ``met`` (it can never be lost: tokens stay,
and a goal is decided once its six neighbours are filled), ``missed`` (the engine can tell it
can no longer be met) or ``open``.
"""

from dataclasses import dataclass

from .goals import GOAL_IDS
from .hexgrid import NEIGHBOUR_MASK, Mask, parse_cell
from .patches import COLORS
from .quilt import Quilt

MET, OPEN, MISSED = "met", "open", "missed"


@dataclass(frozen=True)
class Condition:
    """One condition of a scenario: ``kind`` names what it counts, ``target`` how many."""

    kind: str
    target: int
    text: str

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "target": self.target}


@dataclass(frozen=True)
class Progress:
    """Where a quilt stands on one condition: ``have`` of ``condition.target``."""

    condition: Condition
    status: str  # MET, OPEN or MISSED
    have: int

    def to_json(self) -> dict:
        met = self.status == MET
        return {**self.condition.to_json(), "have": self.have, "status": self.status, "met": met}


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


@dataclass(frozen=True)
class Scenario:
    """A rulebook solo achievement: fixed goals and cats, extra conditions, a score to reach."""

    number: int
    goals: tuple[str, str, str]
    cats: tuple[str, str, str]
    min_score: int
    goals_met: int = 0  # goals scoring with at least one attribute
    goals_both: int = 0  # goals scoring with both
    rainbow: bool = False
    cat_tokens: int = 0
    each_cat: bool = False
    buttons_one_color: int = 0  # docs/rules.md reads this icon with a "?"
    tokens_one_cat: int = 0  # docs/rules.md reads this icon with a "?"

    @property
    def setup(self) -> str:
        """The setup kind that deals this scenario (``deal(seed, scenario.setup)``)."""
        return f"scenario-{self.number}"

    @property
    def conditions(self) -> tuple[Condition, ...]:
        """The score to reach first, then the rulebook's conditions in its order."""
        wanted = [Condition("score", self.min_score, f"score at least {self.min_score}")]
        if self.goals_met:
            text = _plural(self.goals_met, "goal met", "goals met")
            wanted.append(Condition("goals-met", self.goals_met, text))
        if self.goals_both:
            text = _plural(self.goals_both, "goal", "goals") + " met with both"
            wanted.append(Condition("goals-both", self.goals_both, text))
        if self.rainbow:
            wanted.append(Condition("rainbow", len(COLORS), "rainbow button"))
        if self.cat_tokens:
            wanted.append(Condition("cat-tokens", self.cat_tokens, f"{self.cat_tokens} cat tokens"))
        if self.each_cat:
            wanted.append(Condition("each-cat", len(self.cats), "each cat at least once"))
        if self.buttons_one_color:
            text = f"{self.buttons_one_color} buttons of one colour"
            wanted.append(Condition("buttons-one-color", self.buttons_one_color, text))
        if self.tokens_one_cat:
            text = f"{self.tokens_one_cat} tokens of one cat"
            wanted.append(Condition("tokens-one-cat", self.tokens_one_cat, text))
        return tuple(wanted)

    def progress(self, quilt: Quilt) -> list[Progress]:
        """Each condition's standing on ``quilt`` (final once the quilt is full)."""
        score = quilt.score()
        decided = [g for g in score["goals"] if not _neighbours(g) & quilt.empty_mask]
        have = self._counts(score, decided)
        # At most this many more: one per undecided goal, and one token per placement left.
        # The score has no such bound here (a goal adds many points at once): open to the end.
        left = quilt.empty_mask.bit_count()
        undecided = len(score["goals"]) - len(decided)
        reach = {"score": None if left else 0, "goals-met": undecided, "goals-both": undecided}
        result = []
        for condition in self.conditions:
            count, more = have[condition.kind], reach.get(condition.kind, left)
            if count >= condition.target:
                status = MET
            elif more is not None and count + more < condition.target:
                status = MISSED
            else:
                status = OPEN
            result.append(Progress(condition, status, count))
        return result

    def passed(self, quilt: Quilt) -> bool:
        """Whether a finished quilt passes: every condition met."""
        return quilt.full and all(p.status == MET for p in self.progress(quilt))

    def check(self, score: dict) -> dict:
        """Each condition's text -> whether the final score object meets it."""
        have = self._counts(score, score["goals"])
        return {c.text: have[c.kind] >= c.target for c in self.conditions}

    def _counts(self, score: dict, decided_goals: list[dict]) -> dict[str, int]:
        """What each kind of condition counts, from a score object and its decided goals."""
        cats = [token["cat"] for token in score["cats"]]
        colors = [button["color"] for button in score["buttons"]]
        return {
            "score": score["total"],
            "goals-met": sum(1 for g in decided_goals if g["colors"] or g["patterns"]),
            "goals-both": sum(1 for g in decided_goals if g["colors"] and g["patterns"]),
            # The rainbow comes with the sixth colour's button: count the colours so far.
            "rainbow": len(COLORS) if score["rainbow"] else len(set(colors)),
            "cat-tokens": len(cats),
            "each-cat": len(set(cats) & set(self.cats)),
            "buttons-one-color": max(map(colors.count, colors), default=0),
            "tokens-one-cat": max(map(cats.count, cats), default=0),
        }


def _neighbours(goal_entry: dict) -> Mask:
    return NEIGHBOUR_MASK[parse_cell(goal_entry["cell"])]


_D, _AB, _A3, _A32, _A2211, _A4 = GOAL_IDS
SCENARIOS = {
    s.number: s
    for s in (
        Scenario(1, (_D, _AB, _A3), ("millie", "tibbit", "coconut"), 58, rainbow=True),
        Scenario(2, (_D, _A3, _A32), ("callie", "tibbit", "coconut"), 59, cat_tokens=5),
        Scenario(
            3,
            (_D, _AB, _A2211),
            ("millie", "rumi", "coconut"),
            60,
            goals_met=2,
            each_cat=True,
            rainbow=True,
        ),
        Scenario(
            4,
            (_D, _A32, _A2211),
            ("millie", "tibbit", "tecolote"),
            61,
            goals_met=3,
            buttons_one_color=3,
        ),
        Scenario(
            5, (_D, _A4, _A2211), ("callie", "coconut", "cira"), 62, goals_met=3, tokens_one_cat=3
        ),
        Scenario(
            6,
            (_A4, _A3, _AB),
            ("tibbit", "tecolote", "almond"),
            63,
            goals_met=2,
            goals_both=1,
            rainbow=True,
        ),
        Scenario(
            7,
            (_A4, _A3, _A32),
            ("rumi", "coconut", "gwenivere"),
            64,
            goals_met=2,
            goals_both=1,
            cat_tokens=5,
        ),
        Scenario(
            8,
            (_A4, _A32, _AB),
            ("millie", "almond", "leo"),
            66,
            goals_met=2,
            goals_both=1,
            each_cat=True,
            rainbow=True,
        ),
        Scenario(
            9,
            (_A4, _AB, _A2211),
            ("callie", "cira", "leo"),
            68,
            goals_met=3,
            goals_both=2,
            each_cat=True,
        ),
        Scenario(
            10,
            (_A3, _A32, _A2211),
            ("tibbit", "tecolote", "gwenivere"),
            72,
            goals_both=2,
            each_cat=True,
            rainbow=True,
        ),
    )
}
