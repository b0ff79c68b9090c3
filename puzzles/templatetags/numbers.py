"""Numbers as players read them: a signed difference with a true minus sign (U+2212, as the
review's losses), never a hyphen beside a "−5.4"."""

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()
MINUS = "\u2212"


@register.filter
def signed(value, digits="-1") -> str:
    """``value`` with its sign, in the page's language: "+5.4", "−13.4", "0"; "–" for None."""
    if value is None:
        return "–"
    places = abs(int(digits))
    value = round(float(value), places)
    if value == 0:  # rounds to nothing: no sign
        return "0"
    return ("+" if value > 0 else MINUS) + floatformat(abs(value), digits)
