"""The one exception the rules engine raises for bad input."""


class RulesError(ValueError):
    """Input that breaks the rules or the file formats; the message names the problem."""
