from django.apps import AppConfig
from django.utils.translation import gettext_lazy


def _fold_guest(sender, *, guest, into, **kwargs):
    from .services import do_fold_guest

    do_fold_guest(guest, into=into)


def _delete_account(sender, *, player, **kwargs):
    from .services import do_leave_all

    do_leave_all(player)


def _export(player):
    from .selectors import group_summary, groups_of

    return [group_summary(group) for group in groups_of(player)]


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups of friends"
    limit_words = {"groups": gettext_lazy("new groups")}  # its abuse limit's (core.limits)

    def ready(self):
        from puzzles.selectors.players import add_export_section
        from puzzles.services.guests import keep_guests_with
        from puzzles.signals import account_deleting, guest_folding

        guest_folding.connect(_fold_guest, dispatch_uid="groups.fold_guest")
        account_deleting.connect(_delete_account, dispatch_uid="groups.delete_account")
        add_export_section("groups", _export)
        # an owner is a member too: said twice, so that neither is relied on
        keep_guests_with("memberships", "owned_groups")
