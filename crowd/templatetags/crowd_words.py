from django import template

from puzzles import words

register = template.Library()


@register.filter
def patch_words(patch: dict) -> str:
    """A patch of the story (``{color, pattern}``) in the page's language."""
    return words.patch(patch["color"], patch["pattern"])
