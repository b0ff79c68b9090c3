from django.apps import AppConfig


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups of friends"

    def ready(self):
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import guest_folding

        guest_folding.connect(_fold_guest, dispatch_uid="groups.fold_guest")
        # an owner is a member too: said twice, so that neither is relied on
        keep_guests_with("memberships", "owned_groups")
