"""The solver's research: scripts that judge and fit the players (strength, not the service's
speed, which is ``bench/``). Run from the project's root as ``python -m research.NAME``."""
