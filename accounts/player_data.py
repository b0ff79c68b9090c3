"""The player-data protocol: what each app holds of a player, declared on its ``AppConfig`` and
found over ``apps.get_app_configs()`` (as Django's admin finds each app's ``admin`` module). No
registry, no signal: an app that holds nothing of a player declares nothing. The members, each
optional (docs/design.md, "A player's data"):

- ``keeps_guests``: reverse names on ``Player`` through which a row makes a guest used (kept
  from pruning).
- ``fold_guest(guest, into)``: move the guest's rows to the account it logged into (inside the
  fold's transaction, both player rows locked; apps in ``INSTALLED_APPS`` order, so the daily's
  games have moved before an app built on them looks).
- ``delete_player(player)``: delete (or hand on) the player's rows (inside the deletion's
  transaction, the row locked; apps in reverse order, the apps built on the daily first).
- ``deletes_for``: the labels of installed apps whose rows of a player that ``delete_player``
  removes (apps whose ``AppConfig`` is not ours: ``admin``, ``authtoken``).
- ``export_player(player) -> dict`` and ``export_sections``: the sections of the player's
  export (``GET /api/me/export/``), named for the schema.
- ``profile_sections() -> {name: ProfileSection}``: the sections of a profile (read by
  ``puzzles.selectors.players``, as the daily's profile never imports an app built on it).
- ``account_section(request) -> dict``: a section of the account page: ``template`` and what
  it shows.
"""

from django.apps import apps
from django.contrib.auth import get_user_model


def declaring(member: str) -> list:
    """The installed apps' configs that declare ``member``, in ``INSTALLED_APPS`` order."""
    return [config for config in apps.get_app_configs() if hasattr(config, member)]


def fold_guest(guest, into) -> None:
    for config in declaring("fold_guest"):
        config.fold_guest(guest, into)


def delete_player(player) -> None:
    for config in reversed(declaring("delete_player")):
        config.delete_player(player)


def export_player(player) -> dict:
    sections = {}
    for config in declaring("export_player"):
        sections.update(config.export_player(player))
    return sections


def export_names() -> list[str]:
    return [name for config in declaring("export_sections") for name in config.export_sections]


def guest_keepers() -> list[str]:
    """The reverse names on ``Player`` through which a row keeps a guest."""
    return [relation for config in declaring("keeps_guests") for relation in config.keeps_guests]


def account_sections(request) -> list[dict]:
    return [config.account_section(request) for config in declaring("account_section")]


def player_holders() -> dict[str, list]:
    """Each installed app's models with a relation to ``Player`` (a foreign key, one-to-one or
    many-to-many, its own through tables included), by app label."""
    player = get_user_model()
    found: dict[str, list] = {}
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields(include_hidden=True):
            if field.is_relation and field.concrete and field.related_model is player:
                found.setdefault(model._meta.app_label, []).append(model)
                break
    return found


def undeclared_holders() -> list[str]:
    """The apps that hold rows of a player and that no ``delete_player`` answers for: a
    deletion would leave their rows behind."""
    answered = {config.label for config in declaring("delete_player")}
    answered |= {label for config in declaring("deletes_for") for label in config.deletes_for}
    return sorted(set(player_holders()) - answered)
