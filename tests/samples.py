"""Decklists several test modules check: one copy each, so a change to a sample is made once."""

# A legal crypt and a library 20 cards short, one line of it misspelt: an error and an unknown card.
SHORT_LIBRARY = """Deck Name: Too short
Crypt (12 cards)
12x Tupdog
Library (40 cards)
38x Govern the Unaligned
2x Govern teh Unaligned
"""
