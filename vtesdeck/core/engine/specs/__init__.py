"""Card specs, one module per card type (ENGINE.md: cards as data). Importing this package registers every
spec in ``cards.LIBRARY`` and ``cards.CRYPT``; ``compile.build`` does it once per process.

How to add a card: write its ``card(...)`` line in the module of its type, with one ``Mode`` per way to play
it, from the primitives of ``vocabulary.py`` (add a primitive there when several cards share it, or write a
small function in the spec module for a card that needs code); then add its scenario under
``tests/engine/scenarios/`` (``engine_scenario`` runs it; the registry test fails without one).
"""

from . import action, combat, locations, master, modifier, permanent, political, reaction, vampires  # noqa: F401
