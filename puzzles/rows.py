"""Model rows read by SQL written once, for the requests every player makes many times (a move,
a game read, a token check): there Django's compiler took longer to build the query than the
database took to answer it (bench/api_profile.py). Every other read stays on the ORM.

The SQL selects whole rows, column for column as the model declares them, and the values
pass through the same converters the ORM applies, so the instances are the ones a queryset
would give.
"""

import json
from functools import lru_cache
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.models.signals import post_save, pre_save
from rest_framework.authtoken.models import Token

from .models import Challenge, Game, Player, SolverRun, par_sql

_converters: WeakKeyDictionary = WeakKeyDictionary()  # per connection (one per thread)


def columns(model) -> str:
    """The model's columns, as ``model.from_db`` takes them, for a SELECT list."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    return ", ".join(f"{table}.{quote(field.column)}" for field in model._meta.concrete_fields)


def width(model) -> int:
    return len(model._meta.concrete_fields)


def instance(model, values):
    """A model instance from its columns' raw values (in ``columns`` order)."""
    values = list(values)
    for position, converters, expression in _field_converters(model):
        value = values[position]
        for converter in converters:
            value = converter(value, expression, connection)
        values[position] = value
    return model.from_db(connection.alias, None, values)


def _field_converters(model) -> list:
    """The ORM's converters of each column that has any (JSON, dates on SQLite, ...)."""
    wrapper = connections[DEFAULT_DB_ALIAS]  # this thread's connection, not the proxy
    cache = _converters.get(wrapper)
    if cache is None:
        cache = _converters[wrapper] = {}
    if model not in cache:
        table = model._meta.db_table
        found = []
        for position, field in enumerate(model._meta.concrete_fields):
            expression = field.get_col(table)
            converters = connection.ops.get_db_converters(expression)
            converters += expression.get_db_converters(connection)
            if converters:
                found.append((position, converters, expression))
        cache[model] = found
    return cache[model]


def game_with_par(game_id: int, player_id: int, *, lock: bool = False):
    """The player's game with its challenge and the day's par (``GameQuerySet.with_par``'s
    ``par_status``, ``par_score``), in one query; None if there is no such game of theirs.
    ``lock``: the game row only is locked (``FOR UPDATE OF`` the game) until the transaction
    ends; the challenge row is shared by every game of the day."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    if not low <= game_id <= high:  # as the ORM: no such row, rather than the database's error
        return None
    params = [SolverRun.Kind.PAR.value] * 3 + [game_id, player_id]
    with connection.cursor() as cursor:
        cursor.execute(_game_sql(connection.vendor, lock), params)
        row = cursor.fetchone()
    if row is None:
        return None
    games = width(Game)
    game = instance(Game, row[:games])
    challenge = None if game.challenge_id is None else instance(Challenge, row[games:-3])
    Game._meta.get_field("challenge").set_cached_value(game, challenge)
    game.par_status, game.par_score, figures = row[-3:]
    game.par_figures = json.loads(figures) if isinstance(figures, str) else figures
    return game


@lru_cache(maxsize=8)
def _game_sql(vendor: str, lock: bool) -> str:
    par = f", ({par_sql('status')}), ({par_sql('score')}), ({par_sql('figures')})"
    sql = _joined(Game, Challenge, "LEFT OUTER JOIN", ("challenge_id", "id"), par)
    sql += _where(Game, "id", "player_id")
    if lock and connection.features.has_select_for_update:  # SQLite has none: a write locks it all
        sql += f" FOR UPDATE OF {connection.ops.quote_name(Game._meta.db_table)}"
    return sql


def _joined(first, second, join: str, on: tuple[str, str], extra: str = "") -> str:
    """SELECT every column of ``first``, then of ``second`` (then ``extra``), joined where
    ``first``'s column ``on[0]`` is ``second``'s ``on[1]``."""
    quote = connection.ops.quote_name
    one, two = quote(first._meta.db_table), quote(second._meta.db_table)
    return (
        f"SELECT {columns(first)}, {columns(second)}{extra} FROM {one} {join} {two}"
        f" ON ({one}.{quote(on[0])} = {two}.{quote(on[1])})"
    )


def _where(model, *names: str) -> str:
    """WHERE each of the model's columns ``names`` is a parameter, in that order."""
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    return " WHERE " + " AND ".join(f"{table}.{quote(name)} = %s" for name in names)


def token_with_player(key: str):
    """The API token ``key`` with its player (``token.user``), in one query; None if there is
    no such token. Read at every request, never cached: a revoked token fails at once."""
    with connection.cursor() as cursor:
        cursor.execute(_token_sql(connection.vendor), [key])
        row = cursor.fetchone()
    if row is None:
        return None
    tokens = width(Token)
    token = instance(Token, row[:tokens])
    Token._meta.get_field("user").set_cached_value(token, instance(Player, row[tokens:]))
    return token


@lru_cache(maxsize=4)
def _token_sql(vendor: str) -> str:
    return _joined(Token, Player, "INNER JOIN", ("user_id", "id")) + _where(Token, "key")


def save_fields(instance, fields: tuple[str, ...]) -> None:
    """``instance.save(update_fields=fields)`` by an UPDATE written once per model and field
    list (the values prepared by the fields, as the ORM does). Falls back on ``save`` when a
    ``pre_save``/``post_save`` receiver listens to the model, which this would skip."""
    model = type(instance)
    if pre_save.has_listeners(model) or post_save.has_listeners(model):
        instance.save(update_fields=fields)
        return
    sql, prepared = _update_sql(connection.vendor, model, fields)
    values = [
        field.get_db_prep_save(field.pre_save(instance, False), connection) for field in prepared
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, instance.pk])
        if cursor.rowcount != 1:  # as save(update_fields=...) when the row is gone
            raise DatabaseError("Save with update_fields did not affect any rows.")


@lru_cache(maxsize=16)
def _update_sql(vendor: str, model, fields: tuple[str, ...]) -> tuple[str, list]:
    quote = connection.ops.quote_name
    prepared = [model._meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in prepared)
    sql = (
        f"UPDATE {quote(model._meta.db_table)} SET {assignments}"
        f" WHERE {quote(model._meta.pk.column)} = %s"
    )
    return sql, prepared


def challenge_with_runs(date):
    """The challenge of ``date`` with its solver runs (as ``prefetch_related("solver_runs")``
    leaves them: ``challenge.solver_runs.all()`` reads no more), in one query; None if there
    is no challenge that day."""
    day = Challenge._meta.get_field("date").get_db_prep_value(date, connection)
    with connection.cursor() as cursor:
        cursor.execute(_challenge_sql(connection.vendor), [day])
        rows = cursor.fetchall()
    if not rows:
        return None
    challenges = width(Challenge)
    challenge = instance(Challenge, rows[0][:challenges])
    runs = [instance(SolverRun, row[challenges:]) for row in rows if row[challenges] is not None]
    for run in runs:
        SolverRun._meta.get_field("challenge").set_cached_value(run, challenge)
    cached = SolverRun.objects.filter(challenge=challenge)  # what a filter() on it narrows
    cached._result_cache, cached._prefetch_done = runs, True
    challenge._prefetched_objects_cache = {"solver_runs": cached}
    return challenge


@lru_cache(maxsize=4)
def _challenge_sql(vendor: str) -> str:
    sql = _joined(Challenge, SolverRun, "LEFT OUTER JOIN", ("id", "challenge_id"))
    quote = connection.ops.quote_name
    return (
        sql
        + _where(Challenge, "date")
        + f" ORDER BY {quote(SolverRun._meta.db_table)}.{quote('id')}"
    )
