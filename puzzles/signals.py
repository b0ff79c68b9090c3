"""What the daily's app tells the apps built on it (``groups``, ``versus``), which it never
imports (tests/test_import_direction.py): they listen, connected in their ``AppConfig.ready``."""

from django.dispatch import Signal

# A guest folds into the account it logged into (``services.players.do_fold_guest``): sent
# with ``guest`` and ``into`` inside the fold's transaction, the two player rows locked, before
# the guest is deleted. A receiver moves the guest's rows of its app to ``into``.
guest_folding = Signal()

# A player deletes their account (``services.account.do_delete_account``): sent with
# ``player`` inside its transaction, the player's row locked, before their personal data goes.
# A receiver deletes or hands on the player's rows of its app (groups pass to a member).
account_deleting = Signal()
