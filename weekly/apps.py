from django.apps import AppConfig


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


class WeeklyConfig(AppConfig):
    """The weekly special: one of the rulebook's solo scenarios on a seeded deal per ISO week."""

    name = "weekly"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from puzzles.game_state import SECRET_SEEDS
        from puzzles.services.games import add_starter
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import guest_folding

        from .services import do_start_weekly, seed_is_open

        add_starter("weekly", do_start_weekly)
        SECRET_SEEDS.append(seed_is_open)
        keep_guests_with("weekly_entries")
        guest_folding.connect(_fold_guest, dispatch_uid="weekly.fold_guest")
