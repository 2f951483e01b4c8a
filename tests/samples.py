"""Decklists (and planner searches) several test modules and benches use, and the archive's 4 Tupdog stored as a
user's deck: one copy each, so a change to a sample is made once."""

import random

from tests.paths import TWDA
from vtesdeck.core import planner

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

# Legal under "vekn" from 2025 on: 12 Tupdog (group 4), 40 Govern the Unaligned and 20 Blood Doll; the events
# tests' list, as small as a legal deck gets.
TUPDOG_GOVERN = """Deck Name: Tupdog Govern
Crypt (12 cards)
12x Tupdog
Library (60 cards)
40x Govern the Unaligned
20x Blood Doll
"""

# A legal crypt and a library 20 cards short, one line of it misspelt: an error and an unknown card.
SHORT_LIBRARY = """Deck Name: Too short
Crypt (12 cards)
12x Tupdog
Library (40 cards)
38x Govern the Unaligned
2x Govern teh Unaligned
"""


# The long queue's tests and bench/fair_queues.py: a planner search that holds its worker.
def hard_plan(seed: int, decks: int = 40) -> dict:
    """A build planner search that uses its whole time budget (40 decks competing for 8 cards, each owned for
    two decks in three: the branch and bound cannot finish in minutes), past its first ticks within a second."""
    rng = random.Random(seed)
    needs = [
        planner.DeckNeeds(
            key=f"deck-{n}",
            name=f"Deck {n}",
            cards={100_000 + card: rng.randint(1, 4) for card in range(8) if rng.random() < 0.6},
        )
        for n in range(decks)
    ]
    return planner.job_plan(needs, {100_000 + card: decks * 2 // 3 for card in range(8)})


def tupdogs(owner, visibility: str = "private", name: str = "4 Tupdog"):
    """The archive's 4 Tupdog (10009.txt: La Marató 2021) stored as ``owner``'s deck: a deck the engine plays, with
    cards it does not model."""
    from decks import services as deck_services  # benches import this module before Django is set up

    return deck_services.create(
        owner, deck_services.parse_text((TWDA / "10009.txt").read_text()), name=name, visibility=visibility
    )
