"""Reads: plain JSON-ready dicts for the API, built from rows and the engine."""
