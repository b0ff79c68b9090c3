"""A visitor becomes a player by a page's first write (``puzzles.auth.acting_player``): a guest,
which the accounts app later claims with a username or folds into an account."""

import secrets

from core import limits

from ..models import GUEST_PREFIX, Player


def do_create_guest(address: str) -> Player:
    """A new guest player, for a page's first write (a page view makes none, nor does an API
    client; the caller logs it into the browser's session). Counted towards the guest limit
    of the client ``address`` and of its IPv6 network, so that a script cannot fill the table
    (nor the boards) from one address or one customer's /48."""
    limits.enforce("guests", **limits.address_keys(address))
    guest = Player(username=f"{GUEST_PREFIX}{secrets.token_hex(6)}", is_guest=True)
    guest.set_unusable_password()
    guest.save()
    return guest
