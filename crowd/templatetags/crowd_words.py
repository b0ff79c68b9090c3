from django import template

from puzzles import words

from ..heat import cell_words as _cell_words

register = template.Library()


@register.filter
def patch_words(patch: dict) -> str:
    """A patch of the story (``{color, pattern}``) in the page's language."""
    return words.patch(patch["color"], patch["pattern"])


@register.filter
def cell_words(name: str) -> str:
    """A cell ``"r,c"`` as a player reads it: "row 3, place 4"."""
    return _cell_words(name)


@register.filter
def button_words(color: str) -> str:
    """A button's colour (``navy``) in the page's language."""
    return words.button_color(color)


@register.filter
def goal_words(goal_id: str) -> str:
    """A design goal's name as the board shows it."""
    return words.goal_name(goal_id)
