"""Hints: the fair solver's move for a visible state, with short reasons a person understands.

The move is the fair player's, at par's full strength unless options say otherwise (in a
scenario game the player that plays for the pass, ``scenario_play.ScenarioPlayer``, with the
same options; its hint also says its chance of passing);
``expected_score`` is its value in the same valuation
(``valuation.value_moves``: the mean final score of the quick greedy play-outs from it in
sampled futures), raised by what par gains over that greedy play-out in the turns still to
play (``expected.calibrated``, fitted by research/expected_score_fit.py on par's own games,
the review's scale too);
the reasons say what the placement earns now, what it builds towards, and why the market
patch was taken.
"""

import hashlib
import json
from dataclasses import dataclass, field

from solver.game import (
    EMPTY,
    NEIGHBOURS,
    TURNS,
    Move,
    Observation,
    Quilt,
    Setup,
    cat_by_id,
    group_of,
)
from solver.game.patches import COLORS, PATTERNS
from solver.game.quilt import BUTTON_POINTS, RAINBOW_POINTS

from .beam import state_key
from .evaluation import attribute_chance
from .expected import calibrated
from .players import FairPlayer, search_options
from .scenario_play import ScenarioPlayer, ScenarioValuation, scenario_of

# A reason is a fact the engine names, stored as it is: ``{"kind": kind, "values": {...}}``
# (``fact``), never a sentence to parse back.
Reason = dict


@dataclass
class Hint:
    move: Move
    expected_score: float
    reasons: list[Reason] = field(default_factory=list)
    pass_chance: float | None = None  # a scenario's hint: the chance of passing after it

    def to_json(self) -> dict:
        found = {
            "move": self.move.to_json(),
            "expected_score": round(self.expected_score, 1),
            "reasons": self.reasons,
        }
        if self.pass_chance is not None:  # the daily's hint stays as it was
            found["pass_chance"] = round(self.pass_chance, 2)
        return found


def hint(observation: Observation, **options) -> Hint:
    """The suggested move for ``observation``. Never reads the bag: it has none to read."""
    if observation.turn > TURNS:
        raise ValueError("the game is over: there is no move to hint")
    player = hint_player(options, observation.setup)
    valuation = player.valuation(observation)
    best = valuation.best()
    move = valuation.moves[best]
    if isinstance(valuation, ScenarioValuation):  # its values are utilities, not scores
        found = Hint(move, valuation.scores[best], reasons(observation, move))
        found.pass_chance = valuation.passes[best]
        return found
    return Hint(
        move, calibrated(valuation.values[best], observation.turn), reasons(observation, move)
    )


def hint_player(options: dict, setup: Setup | None = None) -> FairPlayer:
    """The player that hints: par itself, unless ``options`` say otherwise; in a scenario
    game (``setup`` one of a scenario) the same strength playing for the pass."""
    if setup is not None and scenario_of(setup) is not None:
        return ScenarioPlayer(seed="hint", **search_options(options, ScenarioPlayer))
    return FairPlayer(seed="hint", **search_options(options, FairPlayer))


def position_key(observation: Observation, **options) -> str:
    """A hex SHA-256 of what a hint depends on: the setup, the goals, the quilt (its cells and
    what the order of its placements decided, ``beam.state_key``: the scored cat and button
    areas, the points; not the order itself), the hand and market (in order: a move names
    slots), the discards (as a multiset: only the unseen patches they leave matter), the
    turn, and the strength of the player ``options`` make (``FairPlayer.strength``: a hint
    of another strength is another hint). Never the bag: two players in the same visible
    position get the same hint."""
    visible = {
        "strength": hint_player(options, observation.setup).strength(),
        "setup": observation.setup.to_json(),
        "layout": observation.layout.to_json(),
        "quilt": state_key(observation.quilt),
        "hand": list(observation.hand),
        "market": list(observation.market),
        "discarded": sorted(observation.discarded),
        "turn": observation.turn,
    }
    return hashlib.sha256(json.dumps(visible, sort_keys=True).encode()).hexdigest()


# A reason's English words (the command line's), by kind; the site says the same facts in the
# reader's language (puzzles/words.py).
REASONS = {
    "goal": "completes {goal} with {by}: +{points}",
    "cat": "earns {cat} with {pattern}: +{points}",
    "button": "a {color} button: +{points}",
    "rainbow": "a {color} button and the rainbow: +{points}",
    "cat-group": "{pattern} group {size} of {needed} towards {cat}",
    "cat-start": "starts a {pattern} group towards {cat}",
    "pair": "{color} pair: one more for a button",
    "goal-open": "{filled} of 6 around {goal}, {open} still possible",
    "take": "take {color} {pattern} for next turn",
}
# What a goal is completed with, or still open for (the values of ``by`` and ``open``).
ATTRIBUTES = ("colours and patterns", "colours", "patterns")


def fact(kind: str, **values) -> Reason:
    """A reason of ``kind`` (a key of ``REASONS``) with its values."""
    if kind not in REASONS:
        raise ValueError(f"unknown reason {kind!r}")
    return {"kind": kind, "values": values}


def say(reason: Reason) -> str:
    """A reason in the engine's English words."""
    return REASONS[reason["kind"]].format(**reason["values"])


def reasons(observation: Observation, move: Move) -> list[Reason]:
    """Up to three short reasons: two for what the placement earns or builds (earnings
    first), one for the market patch taken."""
    before = observation.quilt
    patch = observation.hand[move.hand_index]
    after = before.copy()
    after.place(move.cell, patch)
    color, pattern = divmod(patch, 6)
    said = []
    goals_before = {cell: points for cell, _, _, _, points in before.goal_results()}
    for cell, goal, colors, patterns, points in after.goal_results():
        if points and not goals_before[cell]:
            by = ATTRIBUTES[0] if colors and patterns else ATTRIBUTES[1 if colors else 2]
            said.append(fact("goal", goal=goal.notation, by=by, points=points))
    if len(after.cat_tokens) > len(before.cat_tokens):
        cat_id, _, _ = after.cat_tokens[-1]
        cat = cat_by_id(cat_id)
        said.append(fact("cat", cat=cat_id.title(), pattern=PATTERNS[pattern], points=cat.points))
    if len(after.buttons) > len(before.buttons):
        rainbow = after.rainbow and not before.rainbow
        points = BUTTON_POINTS + (RAINBOW_POINTS if rainbow else 0)
        said.append(fact("rainbow" if rainbow else "button", color=COLORS[color], points=points))
    said = (said + progress(after, move.cell, color, pattern))[:2]
    if move.market_index is not None:
        taken = observation.market[move.market_index]
        said.append(fact("take", color=COLORS[taken // 6], pattern=PATTERNS[taken % 6]))
    return said


def progress(quilt: Quilt, cell: int, color: int, pattern: int) -> list[Reason]:
    """What the placed patch builds towards when it earned nothing yet."""
    said = []
    cat = quilt.layout.cat_of_pattern[pattern]
    group = group_of(cell, quilt.pattern_masks[pattern])
    size = group.bit_count()
    if cat is not None and not group & quilt.cat_mask and size < cat.size:
        name = cat.id.title()
        if size >= 2:
            said.append(
                fact("cat-group", pattern=PATTERNS[pattern], size=size, needed=cat.size, cat=name)
            )
        elif (
            group_of(cell, quilt.pattern_masks[pattern] | quilt.empty_mask).bit_count() >= cat.size
        ):
            said.append(fact("cat-start", pattern=PATTERNS[pattern], cat=name))
    group = group_of(cell, quilt.color_masks[color])
    if group.bit_count() == 2 and not group & quilt.button_mask:
        said.append(fact("pair", color=COLORS[color]))
    for goal_cell, goal in quilt.layout.goal_specs:
        around = [quilt.cells[n] for n in NEIGHBOURS[goal_cell]]
        if cell in NEIGHBOURS[goal_cell] and EMPTY in around:
            filled = [p for p in around if p != EMPTY]
            open_for = [
                name
                for name, values in (
                    ("colours", [p // 6 for p in filled]),
                    ("patterns", [p % 6 for p in filled]),
                )
                if attribute_chance(values, goal.counts, 1.0, 0.0)
            ]
            if open_for:
                said.append(
                    fact(
                        "goal-open",
                        filled=len(filled),
                        goal=goal.notation,
                        open=" and ".join(open_for),
                    )
                )
    return said
