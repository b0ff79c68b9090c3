"""The rating history as an SVG polyline's points (locale-neutral numbers, whatever the
page's language)."""

from django import template

register = template.Library()
WIDTH, HEIGHT, PAD = 300, 80, 6


@register.filter
def rating_points(history: list[dict]) -> str:
    """``x,y x,y …`` in a WIDTH × HEIGHT box, the lowest rating at the bottom."""
    values = [point["value"] for point in history]
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    span = max(high - low, 1)
    step = (WIDTH - 2 * PAD) / (len(values) - 1)
    return " ".join(
        f"{PAD + i * step:.1f},{HEIGHT - PAD - (v - low) / span * (HEIGHT - 2 * PAD):.1f}"
        for i, v in enumerate(values)
    )
