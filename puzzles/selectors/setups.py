"""Printed parts of a setup the browser draws: the board's border patches, the goal tiles."""

from functools import lru_cache

from solver.game import GOALS, Goal, Layout, Setup, cell_name, patch_to_json


@lru_cache(maxsize=64)
def border_json(setup: Setup) -> dict:
    """Made once per setup: every answer about a game or its day shows it (shared: never
    change it)."""
    # A family layout needs no goals: the border is all we read from it.
    layout = Layout.build(setup.board, {}, list(setup.cats), True)
    return {cell_name(cell): patch_to_json(patch) for cell, patch in sorted(layout.border.items())}


NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
# A part of a goal's counts in words, one and many: the goal's six neighbours split so.
PART_WORDS = {
    1: ("a single", "{n} singles"),
    2: ("a pair", "{n} pairs"),
    3: ("a set of three", "{n} sets of three"),
    4: ("a set of four", "{n} sets of four"),
}


def goal_shape_words(counts: tuple[int, ...]) -> str:
    """A goal's counts in plain words: (2, 2, 1, 1) is "two pairs and two singles"."""
    if counts == (1,) * 6:
        return "all six different"
    parts = []
    for size in sorted(set(counts), reverse=True):
        n = counts.count(size)
        one, many = PART_WORDS[size]
        parts.append(one if n == 1 else many.format(n=NUMBER_WORDS[n]))
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def goal_help(goal: Goal) -> str:
    """What a goal wants, in the words its tile and the goal picker show."""
    if goal.counts == (1,) * 6:
        wants = "Its six neighbours all different"
    else:
        shape = goal_shape_words(goal.counts)
        wants = f"{shape[0].upper()}{shape[1:]} among its six neighbours"
    return f"{wants}: {goal.one} points for colours, {goal.one} for patterns, {goal.both} for both."


def goals_json() -> list[dict]:
    """The engine's design goals with the labels and words the pages show."""
    fields = ("id", "notation", "label", "symbol", "one", "both")
    return [
        {
            **{name: getattr(goal, name) for name in fields},
            "counts": list(goal.counts),
            "shape_words": goal_shape_words(goal.counts),
            "help": goal_help(goal),
        }
        for goal in GOALS
    ]
