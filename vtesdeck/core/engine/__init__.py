"""The VTES rules engine (issue 15): pure Python, no Django. Design and layout: docs/engine-design.md.

Built so far: ``state`` (the table, its zones and counters, the seeded RNG, set-up, the audit and the state
hash) and ``economy`` (unlock, influence, discard, ousting, victory points, the round cap).
"""

from . import native

native.install()  # the compiled game and vocabulary modules when built and fresh (native.py), before they are imported
