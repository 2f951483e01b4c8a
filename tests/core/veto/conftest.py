"""The invented example card list (vtesdeck/core/veto/data/example.csv), read once, and the legal decks the
rule tests break one rule at a time."""

from __future__ import annotations

import pytest

from vtesdeck.core.veto import VetoCardList, load_example

# A constructed deck ("format kwarciany") that breaks no rule: the Dworscy elekt, one strategy card, 60 cards
# of the Kredens (factionless, Dworscy, and one alliance: Kompania Bursztynowa), four Legendary cards (60 / 15),
# three Limited "Mistrz Fechtunku" across two epithets, and a Sakwa of 15 holding a second strategy card.
LEGAL = """\
Karty specjalne:
1x Wojewoda Mścisław, Elekt Dworski
1x Sejmik Burzliwy

Kredens (60):
3x Podczaszy Ambroży, Wierny Sługa
3x Podczaszy Ambroży, Stary Intrygant
3x Pani Eufrozyna, Dama Dworu
3x Sekretarz Kancelarii
3x Pałac w Zagajniku
3x Szlachcic Zagrodowy
3x Koń Turecki
3x Karabela
3x Kontusz Aksamitny
3x Agitacja na Sejmiku
3x Pchnięcie Sztychem
3x Zasłona Krzyżowa
3x Fortel
3x Łapówka
3x Plotka
3x Faktor Gotfryd, Kupiec z Gdańska
3x Skład Bursztynu
2x Szkuta Wiślana
2x Mistrz Fechtunku, Szkoła Włoska
1x Mistrz Fechtunku, Szkoła Polska
1x Pieczęć Koronna
1x Kanclerz Bonifacy, Szara Eminencja
1x Buława Hetmańska
1x Chorągiew Złota

Sakwa (15):
1x Szkuta Wiślana
1x Róg Obfitości
3x Miecznik Koronny
3x List Żelazny
3x Weksel
3x Pojedynek o Świcie
1x Zgoda, Panowie Bracia
"""

# A sealed deck ("format wybraniecki") that breaks no rule: 30 cards, five copies of a card, two alliances; its
# Sakwa is the rest of the pool, off-faction cards, an elekt, Biesiadny and Limited cards included.
SEALED = """\
Karty specjalne:
1x Wojewoda Mścisław, Elekt Dworski

Kredens (30):
5x Podczaszy Ambroży, Wierny Sługa
5x Koń Turecki
5x Karabela
5x Fortel
3x Faktor Gotfryd, Kupiec z Gdańska
3x Atamanka Hanna, Córka Stepu
4x Plotka

Sakwa:
7x Rotmistrz Kazimierz, Lew Północy
1x Książę Radosław, Elekt Litewski
2x Dzban Miodu
5x Mistrz Fechtunku, Szkoła Polska
"""


@pytest.fixture(scope="session")
def card_list() -> VetoCardList:
    return load_example()
