"""The ``<id:...>`` path converter: an id in an address is a row's primary key, bounded as one.
Django's ``<int:...>`` takes any run of digits, and a lookup with one past the database's
integer (30 digits) raised OverflowError, a 500; past the bound this converter does not match,
so the address is a 404 like any other unknown one."""

from django.urls import register_converter

ROW_ID_MAX = 2**63 - 1  # BigAutoField: PostgreSQL's bigint, SQLite's integer


class RowId:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > ROW_ID_MAX:
            raise ValueError(f"{value} is past the largest row id")  # Django: no match, 404
        return number

    def to_url(self, value) -> str:
        return str(value)


register_converter(RowId, "id")
