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

        from .selectors import versus_record
        from .shapes import VersusRecordOut

        guest_folding.connect(_fold_guest, dispatch_uid="versus.fold_guest")
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
