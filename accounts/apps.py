from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Signup, log-in, API tokens, email, password reset, settings, guests (their folding and
    pruning), deleting an account and its export. Built on the daily (``Player`` keeps its
    table in ``puzzles``); every app's part of a player is declared on its own config
    (``accounts.player_data``)."""

    name = "accounts"
    verbose_name = "Accounts"

    # the rows of a player kept by apps whose config is not ours: the admin's log, API tokens
    deletes_for = ("admin", "authtoken")

    def ready(self):
        from .services import account  # noqa: F401  (its receiver revokes tokens on a new password)

    def delete_player(self, player):
        from .services.account import do_delete_sign_ins

        do_delete_sign_ins(player)
