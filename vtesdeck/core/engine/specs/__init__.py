"""Card specs, one module per card type (ENGINE.md: cards as data). Importing this package registers every
spec in ``cards.LIBRARY`` and ``cards.CRYPT``; ``compile.build`` does it once per process.

How to add a card (engine/README.md, with a worked example of each kind): write its ``card(...)`` line in the
module of its type, with one ``Mode`` per way to play it, from the words of ``vocabulary.py`` (add a word there
when other cards say the same thing, or write a small function in the spec module for what is the card's own);
never a bot score (``playbook.effect_score`` judges a mode by its effects; a card-specific score goes in
``plays/``); then add its scenario under ``tests/engine/scenarios/`` (``engine_scenario`` runs it; the registry
test fails without one).
"""

from . import action, combat, locations, master, modifier, permanent, political, reaction, vampires  # noqa: F401
