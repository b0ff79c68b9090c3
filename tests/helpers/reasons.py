"""Reasons as the engine stores them, for the tests of their words (the server's and the page's)."""

# One stored reason of each kind, as the engine says it, and a Spanish phrase it becomes.
SAMPLES = {
    "goal": (
        {"goal": "AAA-BB-C", "by": "colours and patterns", "points": 11},
        "completa el objetivo de diseño AAA-BB-C con colores y estampados: +11",
    ),
    "cat": ({"cat": "Millie", "pattern": "dots", "points": 3}, "consigue a Millie con lunares: +3"),
    "button": ({"color": "yellow", "points": 3}, "un botón amarillo: +3"),
    "rainbow": ({"color": "purple", "points": 6}, "un botón morado y el botón arcoíris: +6"),
    "cat-group": (
        {"pattern": "ferns", "size": 2, "needed": 3, "cat": "Rumi"},
        "grupo de helechos: 2 de 3 para Rumi",
    ),
    "cat-start": (
        {"pattern": "vines", "cat": "Coconut"},
        "empieza un grupo de enredaderas para Coconut",
    ),
    "pair": ({"color": "pink"}, "dos losetas rosas: una más para un botón"),
    "goal-open": (
        {"filled": 4, "goal": "A-B-C-D-E-F", "open": "colours"},
        "4 de 6 alrededor de A-B-C-D-E-F, aún posible con colores",
    ),
    "take": (
        {"color": "yellow", "pattern": "quatrefoil"},
        "toma la loseta amarilla de cuadrifolios para el siguiente turno",
    ),
}
