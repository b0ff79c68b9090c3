"""The six tiers, lowest first: a new player starts in the first."""

from django.utils.translation import gettext_lazy as _

from .models import TIERS

NAMES = (_("Seeds"), _("Sprouts"), _("Ferns"), _("Maples"), _("Oaks"), _("Redwoods"))
assert len(NAMES) == TIERS
LOWEST, HIGHEST = 1, TIERS


def tier_name(tier: int) -> str:
    return str(NAMES[tier - 1])


def next_tier(tier: int, outcome: str) -> int:
    """The tier a member of a settled league of ``tier`` plays in next (within the six)."""
    step = {"promoted": 1, "relegated": -1}.get(outcome, 0)
    return min(HIGHEST, max(LOWEST, tier + step))
