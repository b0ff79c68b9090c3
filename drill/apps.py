from django.apps import AppConfig


def _fold_guest(sender, *, guest, into, **kwargs):
    from .models import DrillAnswer

    DrillAnswer.objects.filter(player=guest).update(player=into)


def _delete_account(sender, *, player, **kwargs):
    from .models import DrillAnswer

    DrillAnswer.objects.filter(player=player).delete()


class DrillConfig(AppConfig):
    name = "drill"
    verbose_name = "A drill of your own mistakes"

    def ready(self):
        from puzzles.selectors.players import add_export_section
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import account_deleting, guest_folding

        from .selectors import answers_of

        guest_folding.connect(_fold_guest, dispatch_uid="drill.fold_guest")
        account_deleting.connect(_delete_account, dispatch_uid="drill.delete_account")
        keep_guests_with("drill_answers")
        add_export_section("drill", answers_of)
