from django.apps import AppConfig


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


class VersusConfig(AppConfig):
    name = "versus"
    verbose_name = "Versus the solver"

    def ready(self):
        from puzzles.selectors.players import ProfileSection, add_profile_section
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import guest_folding

        from .api import VersusRecordOut
        from .selectors import versus_record

        guest_folding.connect(_fold_guest, dispatch_uid="versus.fold_guest")
        keep_guests_with("versus_games")
        add_profile_section(
            "versus",
            ProfileSection(
                read=versus_record,
                shape=VersusRecordOut(help_text="versus games against the solver, per level"),
                template="versus/_profile_record.html",
            ),
        )
