from django.apps import AppConfig
from django.utils.translation import gettext_lazy


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


def _delete_account(sender, *, player, **kwargs):
    from .models import VersusGame

    VersusGame.objects.filter(player=player).delete()


def _export(player):
    from .models import VersusGame

    return list(
        VersusGame.objects.filter(player=player)
        .order_by("pk")
        .values("id", "level", "opponents", "status", "goals", "moves", "created_at")
    )


class VersusConfig(AppConfig):
    name = "versus"
    verbose_name = "Versus the solver"
    # What its abuse limits guard, in a refusal's words (core.limits).
    limit_words = {
        "versus": gettext_lazy("new versus tables"),
        "versus-moves": gettext_lazy("versus moves"),
    }

    def ready(self):
        from puzzles.selectors.players import (
            ProfileSection,
            add_export_section,
            add_profile_section,
        )
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import account_deleting, guest_folding

        from .selectors import versus_record
        from .shapes import VersusRecordOut

        guest_folding.connect(_fold_guest, dispatch_uid="versus.fold_guest")
        account_deleting.connect(_delete_account, dispatch_uid="versus.delete_account")
        add_export_section("versus", _export)
        keep_guests_with("versus_games")
        add_profile_section(
            "versus",
            ProfileSection(
                read=versus_record,
                shape=VersusRecordOut,
                template="versus/_profile_record.html",
                help="versus games against the solver, per level",
            ),
        )
