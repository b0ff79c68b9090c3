from django.apps import AppConfig


def _delete_account(sender, *, player, **kwargs):
    from .models import PushSubscription, Reminder

    Reminder.objects.filter(player=player).delete()
    PushSubscription.objects.filter(player=player).delete()  # the player row itself stays


def _account_section(request) -> dict:
    from .selectors import account_section

    return account_section(request.user)


class RemindersConfig(AppConfig):
    name = "reminders"
    verbose_name = "Daily reminders"

    def ready(self):
        from puzzles.selectors.players import add_export_section
        from puzzles.signals import account_deleting
        from puzzles.web.account import add_account_section

        from .selectors import push_subscriptions_of, reminders_of

        account_deleting.connect(_delete_account, dispatch_uid="reminders.delete_account")
        add_export_section("reminders", reminders_of)
        add_export_section("push_subscriptions", push_subscriptions_of)
        add_account_section("reminders", "reminders/_account_section.html", _account_section)
