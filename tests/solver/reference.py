"""An independent scorer of quilt files, written from docs/rules.md for differential tests.

It shares no code or algorithm with ``solver.game``: cells are ``"r,c"`` strings, patches
are (colour, pattern) name pairs, groups are found by breadth-first search over sets, and cat
shapes are recognised from their definitions (a line walks one direction; a triangle is three
mutually adjacent cells; a trapezoid is a line of three plus the two cells that each touch two
consecutive cells of it, on one side). Only the printed board data file is shared.
"""

import json
from collections import Counter, deque
from pathlib import Path

BOARDS = json.loads(
    (Path(__file__).parents[2] / "solver" / "game" / "data" / "boards.json").read_text()
)["boards"]
GOAL_SPACES = ("2,3", "3,4", "4,2")
GOAL_TABLE = {  # id: (sorted counts, one attribute, both)
    "all-different": ([1, 1, 1, 1, 1, 1], 10, 15),
    "aa-bb-cc": ([2, 2, 2], 7, 11),
    "aaa-bbb": ([3, 3], 8, 13),
    "aaa-bb-c": ([1, 2, 3], 7, 11),
    "aa-bb-c-d": ([1, 1, 2, 2], 5, 8),
    "aaaa-bb": ([2, 4], 8, 14),
}
CAT_TABLE = {  # id: (points, kind, size)
    "millie": (3, "group", 3),
    "tibbit": (5, "group", 4),
    "callie": (3, "triangle", 3),
    "rumi": (5, "line", 3),
    "coconut": (7, "group", 5),
    "cira": (9, "group", 6),
    "tecolote": (7, "line", 4),
    "almond": (9, "trapezoid", 5),
    "gwenivere": (11, "group", 7),
    "leo": (11, "line", 5),
}
COLOR_NAMES = ("navy", "teal", "green", "yellow", "purple", "pink")

# Neighbour offsets in the order of docs/rules.md: NW, NE, W, E, SW, SE.
EVEN_ROW = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
ODD_ROW = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
LINE_DIRECTIONS = (3, 5, 4)  # E, SE, SW: one per hex axis


def step(cell: str, direction: int) -> str | None:
    r, c = (int(x) for x in cell.split(","))
    dr, dc = (ODD_ROW if r % 2 else EVEN_ROW)[direction]
    r, c = r + dr, c + dc
    return f"{r},{c}" if 0 <= r < 7 and 0 <= c < 7 else None


def neighbours(cell: str) -> set[str]:
    return {n for n in (step(cell, d) for d in range(6)) if n is not None}


def bfs_group(start: str, members: set[str]) -> set[str]:
    seen = {start}
    queue = deque([start])
    while queue:
        for n in neighbours(queue.popleft()):
            if n in members and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def has_line(group: set[str], length: int) -> bool:
    for start in group:
        for direction in LINE_DIRECTIONS:
            cell, run = start, 1
            while run < length:
                cell = step(cell, direction)
                if cell not in group:
                    break
                run += 1
            if run == length:
                return True
    return False


def has_triangle(group: set[str]) -> bool:
    return any(
        len(neighbours(a) & neighbours(b) & group) > 0 for a in group for b in neighbours(a) & group
    )


def has_trapezoid(group: set[str]) -> bool:
    for a in group:
        for direction in range(6):
            b, c = step(a, direction), None
            if b in group:
                c = step(b, direction)
            if c not in group:
                continue
            for d in neighbours(a) & neighbours(b) & group:
                for e in neighbours(b) & neighbours(c) & group:
                    if e in neighbours(d):
                        return True
    return False


def meets(cat: str, group: set[str]) -> bool:
    _, kind, size = CAT_TABLE[cat]
    if len(group) < size:
        return False
    if kind == "group":
        return True
    if kind == "line":
        return has_line(group, size)
    if kind == "triangle":
        return has_triangle(group)
    return has_trapezoid(group)


def goal_score(goal: str, around: list[tuple[str, str]]) -> tuple[bool, bool, int]:
    counts, one, both = GOAL_TABLE[goal]
    colors = sorted(Counter(color for color, _ in around).values()) == counts
    patterns = sorted(Counter(pattern for _, pattern in around).values()) == counts
    return colors, patterns, both if colors and patterns else one if colors or patterns else 0


def cell_order(cells) -> list[str]:
    return sorted(cells, key=lambda cell: tuple(int(x) for x in cell.split(",")))


def score(quilt_file: dict) -> dict:
    """The score object of a (valid) quilt file, replaying its placements in order."""
    board = {
        cell: (patch["color"], patch["pattern"])
        for cell, patch in BOARDS[quilt_file["board"]].items()
    }
    owner = {p: entry["cat"] for entry in quilt_file["cats"] for p in entry["patterns"]}
    buttons, cats = [], []
    buttoned, catted = set(), set()
    for placement in quilt_file.get("placements", []):
        cell, color, pattern = placement["cell"], placement["color"], placement["pattern"]
        board[cell] = (color, pattern)
        same_color = {c for c, (col, _) in board.items() if col == color}
        group = bfs_group(cell, same_color)
        if len(group) >= 3 and not group & buttoned:
            buttoned |= group
            buttons.append({"color": color, "cells": cell_order(group)})
        same_pattern = {c for c, (_, pat) in board.items() if pat == pattern}
        group = bfs_group(cell, same_pattern)
        cat = owner[pattern]
        if not group & catted and meets(cat, group):
            catted |= group
            cats.append({"cat": cat, "pattern": pattern, "cells": cell_order(group)})
    goals = []
    if not quilt_file.get("family", False):
        for cell in GOAL_SPACES:
            goal = quilt_file["goals"][cell]
            around = [board.get(n) for n in neighbours(cell)]
            met = goal_score(goal, around) if None not in around else (False, False, 0)
            goals.append(
                {"cell": cell, "goal": goal, "colors": met[0], "patterns": met[1], "points": met[2]}
            )
    rainbow = {b["color"] for b in buttons} == set(COLOR_NAMES)
    goal_points = sum(g["points"] for g in goals)
    cat_points = sum(CAT_TABLE[c["cat"]][0] for c in cats)
    button_points = 3 * len(buttons) + 3 * rainbow
    return {
        "total": goal_points + cat_points + button_points,
        "goal_points": goal_points,
        "cat_points": cat_points,
        "button_points": button_points,
        "goals": goals,
        "cats": cats,
        "buttons": buttons,
        "rainbow": rainbow,
    }


def agrees(engine_score: dict, quilt_file: dict) -> bool:
    """Whether the engine's score object matches this scorer on every key docs/rules.md names."""
    expected = score(quilt_file)
    return {key: engine_score[key] for key in expected} == expected
