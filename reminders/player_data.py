"""The reminders' part of a player (``accounts.player_data``): their reminder, their push
subscriptions, and the account page's form that chooses them."""

from .models import PushSubscription, Reminder
from .selectors import account_section as section_of
from .selectors import push_subscriptions_of, reminders_of


def delete_player(player) -> None:
    Reminder.objects.filter(player=player).delete()
    PushSubscription.objects.filter(player=player).delete()  # the player row itself stays


def export_player(player) -> dict:
    return {"reminders": reminders_of(player), "push_subscriptions": push_subscriptions_of(player)}


def account_section(request) -> dict:
    return {"template": "reminders/_account_section.html", **section_of(request.user)}
