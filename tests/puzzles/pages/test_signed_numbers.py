"""A signed difference as players read it (issue 35, point 10): a true minus sign, never a
hyphen, in either language; no sign on what rounds to nothing."""

import pytest
from django.utils import translation

from puzzles.templatetags.numbers import signed


@pytest.mark.parametrize(
    ("value", "english", "spanish"),
    [
        (-13.44, "−13.4", "−13,4"),
        (5.4, "+5.4", "+5,4"),
        (-22, "−22", "−22"),
        (0.01, "0", "0"),
        (None, "–", "–"),
    ],
)
def test_a_signed_difference_has_a_true_minus(value, english, spanish):
    for language, expected in (("en", english), ("es", spanish)):
        with translation.override(language):
            assert signed(value) == expected
