"""Decklists several test modules check: one copy each, so a change to a sample is made once."""

# 80 library cards of which 4 are the only Action; a crypt of 12 with 4 copies of Anson (the Draws tab's and
# the simulation queues' tests).
FOUR_GOVERNS = """Deck Name: Four Governs
Crypt (12 cards)
8x Tupdog
4x Anson
Library (80 cards)
4x Govern the Unaligned
40x Blood Doll
36x Deflection
"""

# A legal crypt and a library 20 cards short, one line of it misspelt: an error and an unknown card.
SHORT_LIBRARY = """Deck Name: Too short
Crypt (12 cards)
12x Tupdog
Library (40 cards)
38x Govern the Unaligned
2x Govern teh Unaligned
"""
