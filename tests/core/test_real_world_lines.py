"""Decklist lines as people really write them: each reads as the card and count its writer meant, a header
as the count it declares, and a total or a header never as an unknown card.

Every row of ``ROWS`` is a line as written, the section it stands in ("crypt", "library", a library card
type, or "none" before any header) and what it must read as: ``card(name, count)``, ``header(section,
count)`` or ``IGNORED`` (kept as text: neither a card nor an unknown card).

Where the rows come from:

* ARCHIVE: the Tournament Winning Deck Archive (../shared/twda). Its crypt rows with their columns (the
  archive's own export, which VDB and krcg also write), "-- comment" tails, names that hold digits or
  brackets ("1x Channel 10", "7x Khazar's Diary (Endless Night)"), its headers; and the lines its winners
  typed in their descriptions: "1 X Anarch Troublemaker" (11672.txt), "2 - Arika" (11040.txt), "Creation
  Rites (Make fledglings …)" (12183.txt), "6 Computer Hacking -- maybe add 1 more" (2k7fsmc.txt),
  "-- 4x Force of Personality" (12239.txt), "1 Spying Mission." (2k7condemtampere.txt).
* TOOLS: the text the deck builders export. VDB ("Crypt (12 cards, min=17 max=30 avg=5.92)"), ARDB
  ("Crypt [12 vampires] Capacity min: 2 max: 10 average: 5.83333", "Library [90 cards]", "Master [12]",
  indented "  2x Name", tab-separated crypt rows with an "Adv" column and names cut at 18 characters),
  Amaranth ("Crypt (12)", "Library (90)"), JOL ("4 x Name", "4xName", a bare name), LackeyCCG ("4<TAB>Name",
  "Crypt:", "Name Adv."), the archive's and VDB's "Master (18; 7 trifle)".
* FORUMS: how hand-typed lists are written on the VEKN forums, mailing lists, Discord and in word
  processors: counts after the name ("Govern the Unaligned x3", "Blood Doll 2", "Blood Doll (2)"), counts
  wrapped or decorated before it ("[2] Blood Doll", "2) Blood Doll", "= 2x Blood Doll", "2xx Blood Doll"),
  bullets, markdown ("## Crypt (12)", "**Library** (90)"), rules ("=== Crypt (12) ==="), totals ("Total:
  90"), parenthesised comments, a column left after the name (clan, disciplines, type, "trifle", cost).
* MANGLED: text damaged on its way: quoted-printable mail (the rec.games.trading-cards.jyhad archives
  show "Evening=92s"), UTF-8 read as Windows-1252 ("DÃ³nal", "Eveningâ€™s"), HTML entities of scraped
  forum pages ("&amp;", "&#39;"), non-breaking and zero-width spaces, accents typed for apostrophes.
"""

from __future__ import annotations

import html
import quopri
import re
import zlib

import pytest

from tests.paths import TWDA
from vtesdeck.core import decklist
from vtesdeck.core.decklist.lines import read_header_line
from vtesdeck.core.decklist.mangled import repair_text


def card(name: str, count: int = 1) -> tuple[str, str, int]:
    return ("card", name, count)


def header(section: str, count: int | None) -> tuple[str, str, int | None]:
    return ("header", section, count)


IGNORED = ("ignored", "", None)

# --- the rows ------------------------------------------------------------------------------------

ARCHIVE_ROWS = [
    # Crypt rows as the archive prints them: name, capacity, disciplines, title, clan:group.
    ("2x Mora, the Death Seer  7  AUS FOR OBL ani      Hecata:6", "crypt", card("Mora, the Death Seer", 2)),
    ("2x Sakhar                6  AUS FOR dom          Salubri:7", "crypt", card("Sakhar", 2)),
    ("5x Lord Tremere           11  ANI AUS DOM THA VIC obe            Tremere:5", "crypt", card("Lord Tremere", 5)),
    (
        "3x Gabrielle di Righetti  10  ANI AUS DOM THA obf pot  justicar  Tremere:5",
        "crypt",
        card("Gabrielle di Righetti", 3),
    ),
    ("4x Anarch Convert      1  -none-           Caitiff:ANY", "crypt", card("Anarch Convert", 4)),
    ("1x  Antonio d'Erlette  5  THA dom for pot          Tremere antitribu:4", "crypt", card("Antonio d'Erlette")),
    (
        "5x Sascha Vykos, The Angel of Caine (ADV)   8  AUS THA VIC ani dom  archbishop  Tzimisce:2",
        "crypt",
        card("Sascha Vykos, The Angel of Caine (ADV)", 5),
    ),
    (
        "1x Enzo Giovanni, Pentex Board of Directors (ADV)  8  DOM NEC POT ani pre tha  Giovanni:2",
        "crypt",
        card("Enzo Giovanni, Pentex Board of Directors (ADV)"),
    ),
    (
        "2x Theo Bell                                7  POT cel dom pre                            Brujah:2",
        "crypt",
        card("Theo Bell (G2)", 2),
    ),
    ("1x Gilbert Duane  7  AUS DOM OBF  prince  Malkavian:1", "crypt", card("Gilbert Duane (G1)")),
    (
        "4x Tupdog                                   1  POT VIS                                    Gargoyle:3",
        "crypt",
        card("Tupdog", 4),
    ),
    # Names that hold digits, brackets, colons and dashes.
    ("1x Channel 10", "Master", card("Channel 10")),
    ("1x AK-47", "Equipment", card("AK-47")),
    ("1x Local 1111", "Equipment", card("Local 1111")),
    ("1x Promise of 1528", "Action Modifier/Reaction", card("Promise of 1528")),
    ("1x Kpist m/45", "Equipment", card("Kpist m/45")),
    ("1x 419 Operation", "Action", card("419 Operation")),
    ("1x 47th Street Royals", "Ally", card("47th Street Royals")),
    ("7x Khazar's Diary (Endless Night)", "Action", card("Khazar's Diary (Endless Night)", 7)),
    ("1x Ohoyo Hopoksia (Bastet)", "Ally", card("Ohoyo Hopoksia (Bastet)")),
    ("1x Lodin (Olaf Holte)", "crypt", card("Lodin (Olaf Holte)")),
    ("2x Pentex(TM) Subversion", "Master", card("Pentex(TM) Subversion", 2)),
    ("1x Pentex(TM) Loves You!", "Master", card("Pentex(TM) Loves You!")),
    ("1x J. S. Simmons, Esq.", "Retainer", card("J. S. Simmons, Esq.")),
    ("3x Fifth Tradition: Hospitality", "Action", card("Fifth Tradition: Hospitality", 3)),
    ("1x Praxis Seizure: Istanbul", "Political Action", card("Praxis Seizure: Istanbul")),
    ("1x Powerbase: Montreal", "Master", card("Powerbase: Montreal")),
    ("1x Rack, The", "Master", card("Rack, The")),
    ("2x Bang Nakh -- Tiger's Claws", "Equipment", card("Bang Nakh — Tiger's Claws", 2)),
    ("1x XTC-Laced Blood", "Master", card("XTC-Laced Blood")),
    ("1x Political Ally", "Ally", card("Political Ally")),
    # "-- comment" tails, as winners annotate their lists.
    ("1x Garibaldi-Meucci Museum -- recursion is still broken", "Master", card("Garibaldi-Meucci Museum")),
    ("10x Platinum Protocol, The -- this card is sooo good", "Master", card("Platinum Protocol, The", 10)),
    (
        "3x Scalpel Tongue -- 6 were too many, 3 is a bit too short, slots are scarce",
        "Combat",
        card("Scalpel Tongue", 3),
    ),
    (
        "3x Elder Impersonation -- would exchange for Faceless Night x4",
        "Action Modifier",
        card("Elder Impersonation", 3),
    ),
    (
        "2x Anarch Manifesto, An -- slotted during last revision (get them AFTER you unlock)",
        "Master",
        card("Anarch Manifesto, An", 2),
    ),
    # Lines the winners typed in their descriptions.
    ("1 X Anarch Troublemaker", "Master", card("Anarch Troublemaker")),
    ("7 X Camarilla's Iron Fist", "Political Action", card("Camarilla's Iron Fist", 7)),
    ("1 X Elysium: The Palace of Versailles", "Master", card("Elysium: The Palace of Versailles")),
    ("2 - Arika", "crypt", card("Arika", 2)),
    ("Creation Rites (Make fledglings and give them Obfuscate.)", "Action", card("Creation Rites")),
    ("Private Audience (You control the vote.)", "Master", card("Private Audience")),
    ("6 Computer Hacking -- maybe add 1 more", "Action", card("Computer Hacking", 6)),
    ("-- 4x Force of Personality", "none", IGNORED),  # the archive's "--" lines are comments on the deck
    ("1 Spying Mission.", "Action", card("Spying Mission")),
    ("+1 Strike with Conviction (since we apperently built an 89 card deck)", "Combat", card("Strike with Conviction")),
    ("Vampiric Disease. . . . .", "Action", card("Vampiric Disease")),
    ('"Legacy of Pander"', "Reaction", card("Legacy of Pander")),
    # Its headers.
    ("Crypt (12 cards, min=17, max=30, avg=5.92)", "none", header("crypt", 12)),
    ("Crypt (12 cards, min=20, max=36, avg=7)", "none", header("crypt", 12)),
    ("Library (80 cards)", "crypt", header("library", 80)),
    ("Library (87; 1 trifle)", "crypt", header("library", 87)),
    ("Master (18; 7 trifle)", "library", header("Master", 18)),
    ("Action Modifier/Combat (3)", "library", header("Action Modifier/Combat", 3)),
    ("Action/Reaction (2)", "library", header("Action/Reaction", 2)),
    ("Combat/Reaction (1)", "library", header("Combat/Reaction", 1)),
    ("Political Action (6)", "library", header("Political Action", 6)),
    ("Conviction (2)", "library", header("Conviction", 2)),
    ("Event (2)", "library", header("Event", 2)),
    # Its prose that opens with a header word stays prose.
    ("Crypt worked well, I don't think I'd change anything. Corine was one of the mainstays.", "library", IGNORED),
    ("Library: Over all, I was pleased with the amount of defense in the deck and its bleed.", "library", IGNORED),
    ("Master Phase: Minion Tap to Appius (with previos Corporal if you have one)", "library", IGNORED),
]

TOOL_ROWS = [
    # VDB's text export and Amaranth's.
    ("Crypt (12 cards, min=17 max=30 avg=5.92)", "none", header("crypt", 12)),
    ("Library (90 cards)", "crypt", header("library", 90)),
    ("Crypt (12)", "none", header("crypt", 12)),
    ("Library (90)", "crypt", header("library", 90)),
    (
        "2x Kemintiri (ADV)                         10  OBF PRE SER THA aus dom             Follower of Set:2",
        "crypt",
        card("Kemintiri (ADV)", 2),
    ),
    # ARDB's text export.
    ("Crypt [12 vampires] Capacity min: 2 max: 10 average: 5.83333", "none", header("crypt", 12)),
    ("Library [90 cards]", "crypt", header("library", 90)),
    ("Master [12]", "library", header("Master", 12)),
    ("Action Modifier [8]", "library", header("Action Modifier", 8)),
    ("  2x Dreams of the Sphinx", "Master", card("Dreams of the Sphinx", 2)),
    ("1x Theo Bell\t\t\tAdv   7 CEL POT PRE aus dom\t\tBrujah:2", "crypt", card("Theo Bell (ADV)")),
    ("2x Kemintiri\t\t\tAdv  10 OBF PRE SER THA aus dom\tFollower of Set:2", "crypt", card("Kemintiri (ADV)", 2)),
    (
        "1x Ambrosio Luis Monç\t  10 DOM OBT POT PRE aus for\tcardinal\tLasombra:2",
        "crypt",
        card("Ambrosio Luis Monçada, Plenipotentiary"),
    ),
    ("2x Dónal O'Connor\t\t   8 CEL DOM POT\t\tprince\tBrujah:2", "crypt", card("Dónal O'Connor (G2)", 2)),
    # JOL.
    ("4 x Govern the Unaligned", "none", card("Govern the Unaligned", 4)),
    ("4xGovern the Unaligned", "none", card("Govern the Unaligned", 4)),
    ("2xDonal O'Connor (G2)", "none", card("Dónal O'Connor (G2)", 2)),
    ("Agent of Power", "none", card("Agent of Power")),
    ("# Bells and Sphinxes, by John Smith", "none", IGNORED),
    # LackeyCCG.
    ("4\tGovern the Unaligned", "library", card("Govern the Unaligned", 4)),
    ("Crypt:", "library", header("crypt", None)),
    ("1\tTheo Bell Adv.", "crypt", card("Theo Bell (ADV)")),
    ("2\tKemintiri Adv.", "crypt", card("Kemintiri (ADV)", 2)),
    ("2\tTheo Bell (G2)", "crypt", card("Theo Bell (G2)", 2)),
    # Names as the tools spell them.
    ("1x Akhenaten, The Sun Pharaoh (Mummy)", "Ally", card("Akhenaten, The Sun Pharaoh")),
    ("1x Carlton Van Wyk (Hunter)", "Ally", card("Carlton Van Wyk")),
    ("1x Pentex™ Subversion", "Master", card("Pentex(TM) Subversion")),
    ("1x The Rack", "Master", card("Rack, The")),
    ("2x Theo Bell (G2 ADV)", "crypt", card("Theo Bell (ADV)", 2)),
    ("1x Kemintiri (advanced)", "crypt", card("Kemintiri (ADV)")),
]

COUNT_AFTER_ROWS = [
    # A count written after the name is the count.
    ("Govern the Unaligned x3", "Action", card("Govern the Unaligned", 3)),
    ("Govern the Unaligned X3", "Action", card("Govern the Unaligned", 3)),
    ("Govern the Unaligned x 3", "Action", card("Govern the Unaligned", 3)),
    ("Govern the Unaligned ×3", "Action", card("Govern the Unaligned", 3)),
    ("Govern the Unaligned 3x", "Action", card("Govern the Unaligned", 3)),
    ("Blood Doll 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll (2)", "Master", card("Blood Doll", 2)),
    ("Blood Doll(2)", "Master", card("Blood Doll", 2)),
    ("Blood Doll [2]", "Master", card("Blood Doll", 2)),
    ("Blood Doll [x2]", "Master", card("Blood Doll", 2)),
    ("Blood Doll (x2)", "Master", card("Blood Doll", 2)),
    ("Blood Doll (2x)", "Master", card("Blood Doll", 2)),
    ("Blood Doll {2}", "Master", card("Blood Doll", 2)),
    ("Blood Doll - 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll -2", "Master", card("Blood Doll", 2)),
    ("Blood Doll – 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll *2", "Master", card("Blood Doll", 2)),
    ("Blood Doll * 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll = 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll : 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll: 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll, 2", "Master", card("Blood Doll", 2)),
    ("Blood Doll (2 copies)", "Master", card("Blood Doll", 2)),
    ("Blood Doll x2.", "Master", card("Blood Doll", 2)),
    ("Deflection x10", "Reaction", card("Deflection", 10)),
    ("Deflection 10", "Reaction", card("Deflection", 10)),
    ("Wake with Evening's Freshness (4)", "Reaction", card("Wake with Evening's Freshness", 4)),
    ("Kemintiri (ADV) x2", "crypt", card("Kemintiri (ADV)", 2)),
    ("Kemintiri (ADV) 2", "crypt", card("Kemintiri (ADV)", 2)),
    ("Kemintiri (ADV) (2)", "crypt", card("Kemintiri (ADV)", 2)),
    ("Theo Bell (G2) 2", "crypt", card("Theo Bell (G2)", 2)),
    ("Theo Bell (G2) - 2", "crypt", card("Theo Bell (G2)", 2)),
    ("Tupdog 4", "crypt", card("Tupdog", 4)),
    ("Tupdog [4]", "crypt", card("Tupdog", 4)),
    ("Sascha Vykos, The Angel of Caine (ADV) 5", "crypt", card("Sascha Vykos, The Angel of Caine (ADV)", 5)),
    (
        "Enzo Giovanni, Pentex Board of Directors (ADV) - 1",
        "crypt",
        card("Enzo Giovanni, Pentex Board of Directors (ADV)"),
    ),
    # ... but a number or a bracket that belongs to the name is the name's.
    ("Channel 10", "Master", card("Channel 10")),
    ("Channel 10 x2", "Master", card("Channel 10", 2)),
    ("Channel 10 (2)", "Master", card("Channel 10", 2)),
    ("Channel 10 2", "Master", card("Channel 10", 2)),
    ("AK-47", "Equipment", card("AK-47")),
    ("AK-47 x2", "Equipment", card("AK-47", 2)),
    ("AK-47 (2)", "Equipment", card("AK-47", 2)),
    ("Local 1111", "Equipment", card("Local 1111")),
    ("Local 1111 x3", "Equipment", card("Local 1111", 3)),
    ("Promise of 1528", "Reaction", card("Promise of 1528")),
    ("Promise of 1528 - 2", "Reaction", card("Promise of 1528", 2)),
    ("Kpist m/45", "Equipment", card("Kpist m/45")),
    ("419 Operation", "Action", card("419 Operation")),
    ("419 Operation x1", "Action", card("419 Operation")),
    ("419 Operation (2)", "Action", card("419 Operation", 2)),
    ("- 419 Operation", "Action", card("419 Operation")),
    ("47th Street Royals x2", "Ally", card("47th Street Royals", 2)),
    ("Theo Bell (G2)", "crypt", card("Theo Bell (G2)")),
    ("Kemintiri (ADV)", "crypt", card("Kemintiri (ADV)")),
    ("Khazar's Diary (Endless Night)", "Action", card("Khazar's Diary (Endless Night)")),
    ("Khazar's Diary (Endless Night) x7", "Action", card("Khazar's Diary (Endless Night)", 7)),
    ("Khazar's Diary (Endless Night) (7)", "Action", card("Khazar's Diary (Endless Night)", 7)),
    ("Ohoyo Hopoksia (Bastet) 1", "Ally", card("Ohoyo Hopoksia (Bastet)")),
    ("Pentex(TM) Subversion", "Master", card("Pentex(TM) Subversion")),
    ("Pentex(TM) Subversion (2)", "Master", card("Pentex(TM) Subversion", 2)),
    ("Praxis Seizure: Istanbul 2", "Political Action", card("Praxis Seizure: Istanbul", 2)),
    ("J. S. Simmons, Esq. x2", "Retainer", card("J. S. Simmons, Esq.", 2)),
    ("XTC-Laced Blood 3", "Master", card("XTC-Laced Blood", 3)),
    ("Ghoul Escort 2", "Retainer", card("Ghoul Escort", 2)),
    ("Akhenaten, The Sun Pharaoh (Mummy)", "Ally", card("Akhenaten, The Sun Pharaoh")),
    ("Jake Washington (Hunter) x1", "Ally", card("Jake Washington")),
]

COUNT_BEFORE_ROWS = [
    # A count wrapped or decorated before the name is the count.
    ("[2] Blood Doll", "Master", card("Blood Doll", 2)),
    ("[ 2 ] Blood Doll", "Master", card("Blood Doll", 2)),
    ("(2) Blood Doll", "Master", card("Blood Doll", 2)),
    ("{2} Blood Doll", "Master", card("Blood Doll", 2)),
    ("<2> Blood Doll", "Master", card("Blood Doll", 2)),
    ("[x2] Blood Doll", "Master", card("Blood Doll", 2)),
    ("(2x) Blood Doll", "Master", card("Blood Doll", 2)),
    ("2) Blood Doll", "Master", card("Blood Doll", 2)),
    ("2. Blood Doll", "Master", card("Blood Doll", 2)),
    ("2: Blood Doll", "Master", card("Blood Doll", 2)),
    ("2 - Blood Doll", "Master", card("Blood Doll", 2)),
    ("2 – Blood Doll", "Master", card("Blood Doll", 2)),
    ("- 2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("- 2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("* 2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("* 2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("• 2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("= 2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("=2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("> 2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("+ 2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("2xx Blood Doll", "Master", card("Blood Doll", 2)),
    ("2XX Blood Doll", "Master", card("Blood Doll", 2)),
    ("x2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("X2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("x 2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("x2) Blood Doll", "Master", card("Blood Doll", 2)),
    ("2 x Blood Doll", "Master", card("Blood Doll", 2)),
    ("2 X Blood Doll", "Master", card("Blood Doll", 2)),
    ("2X Blood Doll", "Master", card("Blood Doll", 2)),
    ("2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("2xBlood Doll", "Master", card("Blood Doll", 2)),
    ("2* Blood Doll", "Master", card("Blood Doll", 2)),
    ("2 Blood Doll", "Master", card("Blood Doll", 2)),
    ("2\tBlood Doll", "Master", card("Blood Doll", 2)),
    ("2 \t Blood Doll", "Master", card("Blood Doll", 2)),
    ("\t2x\tBlood Doll", "Master", card("Blood Doll", 2)),
    ("   2x    Blood Doll   ", "Master", card("Blood Doll", 2)),
    ("2 x Xaviar", "crypt", card("Xaviar", 2)),
    ("2 Xaviar", "crypt", card("Xaviar", 2)),
    ("[3] Deflection", "Reaction", card("Deflection", 3)),
    ("(12) Deflection", "Reaction", card("Deflection", 12)),
    ("3) Wake with Evening's Freshness", "Reaction", card("Wake with Evening's Freshness", 3)),
    ("[1] 419 Operation", "Action", card("419 Operation")),
    ("(1) Channel 10", "Master", card("Channel 10")),
    ("2) AK-47", "Equipment", card("AK-47", 2)),
    ("2. J. S. Simmons, Esq.", "Retainer", card("J. S. Simmons, Esq.", 2)),
    ("[2] Kemintiri (ADV)", "crypt", card("Kemintiri (ADV)", 2)),
    ("(1) Sascha Vykos, The Angel of Caine (ADV)", "crypt", card("Sascha Vykos, The Angel of Caine (ADV)")),
    ("= 4x Tupdog", "crypt", card("Tupdog", 4)),
    ("4xx Tupdog", "crypt", card("Tupdog", 4)),
    # A signed count is a change to a deck ("+1 Eyes of the Wild", "-1 Organized Resistance"): the card is
    # known, and a count below one is kept for the judge to see, never dropped.
    ("+1 Eyes of the Wild", "Reaction", card("Eyes of the Wild")),
]

HEADER_ROWS = [
    # A section header, its count in any bracket or none.
    ("Master (12)", "library", header("Master", 12)),
    ("Master [7]", "library", header("Master", 7)),
    ("Master {12}", "library", header("Master", 12)),
    ("Master <12>", "library", header("Master", 12)),
    ("Master: 12", "library", header("Master", 12)),
    ("Master 12", "library", header("Master", 12)),
    ("Master - 12", "library", header("Master", 12)),
    ("Master = 12", "library", header("Master", 12)),
    ("Master x12", "library", header("Master", 12)),
    ("Masters x12", "library", header("Master", 12)),
    ("Masters: 12 cards", "library", header("Master", 12)),
    ("Master cards (12)", "library", header("Master", 12)),
    ("Master (12 cards)", "library", header("Master", 12)),
    ("Master (12, 3 trifles)", "library", header("Master", 12)),
    ("Master: 12 (3 trifle)", "library", header("Master", 12)),
    ("MASTER (12)", "library", header("Master", 12)),
    ("master:", "library", header("Master", None)),
    ("Masters", "library", header("Master", None)),
    ("-- Master (12) --", "library", header("Master", 12)),
    ("-- Master --", "library", header("Master", None)),
    ("== Master (12) ==", "library", header("Master", 12)),
    ("=== Crypt (12) ===", "none", header("crypt", 12)),
    ("=== Crypt ===", "none", header("crypt", None)),
    ("*** Library (90) ***", "crypt", header("library", 90)),
    ("**Library** (90)", "crypt", header("library", 90)),
    ("**Library (90)**", "crypt", header("library", 90)),
    ("__Crypt__ (12)", "none", header("crypt", 12)),
    ("*Crypt* [12]", "none", header("crypt", 12)),
    ("# Crypt (12)", "none", header("crypt", 12)),
    ("## Crypt (12)", "none", header("crypt", 12)),
    ("### Library (90)", "crypt", header("library", 90)),
    ("## Action Modifiers (10)", "library", header("Action Modifier", 10)),
    ("[Crypt]", "none", header("crypt", None)),
    ("[Library] (90)", "crypt", header("library", 90)),
    ("~~ Combat (8) ~~", "library", header("Combat", 8)),
    ("| Reaction | 10 |", "library", header("Reaction", 10)),
    ("> Reactions (10)", "library", header("Reaction", 10)),
    ("• Allies (3)", "library", header("Ally", 3)),
    ("Crypt 12 cards", "none", header("crypt", 12)),
    ("Crypt: 12 cards", "none", header("crypt", 12)),
    ("Crypt: 12 cards, capacity 24-40", "none", header("crypt", 12)),
    ("Crypt (12 cards; groups 4-5)", "none", header("crypt", 12)),
    ("Crypt (12) - avg cap 6.5", "none", header("crypt", 12)),
    ("Crypt: 12 vampires", "none", header("crypt", 12)),
    ("Crypt [12]", "none", header("crypt", 12)),
    ("Crypt {12}", "none", header("crypt", 12)),
    ("Crypt - 12", "none", header("crypt", 12)),
    ("Crypt -- 12 cards", "none", header("crypt", 12)),
    ("Crypt x12", "none", header("crypt", 12)),
    ("Crypt\t12", "none", header("crypt", 12)),
    ("Crypt (12):", "none", header("crypt", 12)),
    ("Vampires (12)", "none", header("crypt", 12)),
    ("Vampires:", "none", header("crypt", None)),
    ("Imbued (12)", "none", header("crypt", 12)),
    ("Crypt cards: 12", "none", header("crypt", 12)),
    ("Library: 90 cards", "crypt", header("library", 90)),
    ("Library [90]", "crypt", header("library", 90)),
    ("Library 90", "crypt", header("library", 90)),
    ("Library - 90 cards", "crypt", header("library", 90)),
    ("Library (88/90)", "crypt", header("library", 88)),
    ("Allies (3)", "library", header("Ally", 3)),
    ("Allys (3)", "library", header("Ally", 3)),
    ("Ally [3]", "library", header("Ally", 3)),
    ("Equipment x2", "library", header("Equipment", 2)),
    ("Retainers: 2", "library", header("Retainer", 2)),
    ("Political Actions - 6", "library", header("Political Action", 6)),
    ("Politics (6)", "library", header("Political Action", 6)),
    ("Action Modifier / Combat (3)", "library", header("Action Modifier/Combat", 3)),
    ("Reactions / Combat:", "library", header("Combat/Reaction", None)),
    ("Combat & Reaction (4)", "library", header("Combat/Reaction", 4)),
    ("Events (2)", "library", header("Event", 2)),
    ("Powers (1)", "library", header("Power", 1)),
    ("Convictions (2)", "library", header("Conviction", 2)),
    # A section's total is its header's count.
    ("Library total: 90", "crypt", header("library", 90)),
    ("Crypt total 12", "none", header("crypt", 12)),
    ("Crypt total: 12", "none", header("crypt", 12)),
    ("Total library: 90", "crypt", header("library", 90)),
    ("Total crypt: 12", "none", header("crypt", 12)),
    ("Library size: 90", "crypt", header("library", 90)),
]

TOTAL_ROWS = [
    # A total of the whole deck is no card.
    ("Total: 90", "library", IGNORED),
    ("Total 90 cards", "library", IGNORED),
    ("Total: 102 cards", "library", IGNORED),
    ("TOTAL: 90", "library", IGNORED),
    ("90 cards", "library", IGNORED),
    ("(90 cards)", "library", IGNORED),
    ("= 90 cards", "library", IGNORED),
    ("90 cards total", "library", IGNORED),
    ("12 vampires", "crypt", IGNORED),
    ("Total cards: 102", "library", IGNORED),
    ("Cards: 90", "library", IGNORED),
    ("Deck size: 102", "library", IGNORED),
    ("Deck total: 102", "library", IGNORED),
    ("12 crypt / 90 library", "none", IGNORED),
    ("12 crypt, 90 library", "none", IGNORED),
    ("Sum: 90", "library", IGNORED),
    # Lines without a letter name no card.
    ("12", "library", IGNORED),
    ("90", "library", IGNORED),
    ("x2", "library", IGNORED),
    ("(2)", "library", IGNORED),
    ("=====", "library", IGNORED),
    ("-----", "library", IGNORED),
    ("- - -", "library", IGNORED),
    ("***", "library", IGNORED),
    ("-- 3 --", "library", IGNORED),
    # Comments on the deck.
    ("# my best deck", "none", IGNORED),
    ("// played at the 2023 EC", "none", IGNORED),
    ("-- 1GW3 + 1GW3.5 in final", "none", IGNORED),
]

COLUMN_ROWS = [
    # A column left after the name is not part of it: a clan, disciplines, a type, "trifle", a cost.
    ("Tupdog  Gargoyle", "crypt", card("Tupdog")),
    ("Tupdog\tGargoyle", "crypt", card("Tupdog")),
    ("4x Tupdog  Gargoyle", "crypt", card("Tupdog", 4)),
    ("4x Tupdog Gargoyle", "crypt", card("Tupdog", 4)),
    ("4x Tupdog  1  POT VIS", "crypt", card("Tupdog", 4)),
    ("4x Tupdog 1 POT VIS Gargoyle", "crypt", card("Tupdog", 4)),
    ("Tupdog  1  POT VIS  Gargoyle", "crypt", card("Tupdog")),
    ("2x Sakhar  6  AUS FOR dom  Salubri", "crypt", card("Sakhar", 2)),
    ("2x Mora, the Death Seer  7  AUS FOR OBL ani  Hecata", "crypt", card("Mora, the Death Seer", 2)),
    ("2x Lord Tremere 11 ANI AUS DOM THA VIC obe Tremere", "crypt", card("Lord Tremere", 2)),
    ("1x Ambrogino Giovanni  Giovanni", "crypt", card("Ambrogino Giovanni")),
    ("1x Ambrogino Giovanni Giovanni:4", "crypt", card("Ambrogino Giovanni")),
    ("1x Anson  Toreador", "crypt", card("Anson")),
    ("2x Arika  Ventrue  Sabbat", "crypt", card("Arika", 2)),
    ("1x Hermana Hambrienta Mayor  Ahrimane", "crypt", card("Hermana Hambrienta Mayor")),
    ("1x Brooke  Tremere antitribu", "crypt", card("Brooke")),
    ("1x Brooke !Tremere", "crypt", card("Brooke")),
    ("2x Bolesław Gutowski  Tzimisce", "crypt", card("Bolesław Gutowski", 2)),
    ("Govern the Unaligned  dom", "Action", card("Govern the Unaligned")),
    ("Govern the Unaligned  DOM", "Action", card("Govern the Unaligned")),
    ("4x Govern the Unaligned dom", "Action", card("Govern the Unaligned", 4)),
    ("4x Govern the Unaligned DOM/PRE", "Action", card("Govern the Unaligned", 4)),
    ("4x Govern the Unaligned  Dominate", "Action", card("Govern the Unaligned", 4)),
    ("Deflection [DOM]", "Reaction", card("Deflection")),
    ("Deflection (DOM)", "Reaction", card("Deflection")),
    ("8x Deflection [dom]", "Reaction", card("Deflection", 8)),
    ("8x Deflection  dom  Reaction", "Reaction", card("Deflection", 8)),
    ("Deflection  Reaction", "library", card("Deflection")),
    ("Blood Doll  Master", "library", card("Blood Doll")),
    ("Blood Doll\tMaster", "library", card("Blood Doll")),
    ("4x Blood Doll Master", "library", card("Blood Doll", 4)),
    ("4x Blood Doll  Master  trifle", "library", card("Blood Doll", 4)),
    ("Villein  trifle", "Master", card("Villein")),
    ("Villein  Trifle", "Master", card("Villein")),
    ("6x Villein trifle", "Master", card("Villein", 6)),
    ("6x Villein (trifle)", "Master", card("Villein", 6)),
    ("6x Villein  Master: trifle", "Master", card("Villein", 6)),
    ("3x Information Highway  Master  unique", "Master", card("Information Highway", 3)),
    ("2x Blood Doll 1 pool", "Master", card("Blood Doll", 2)),
    ("2x Ashur Tablets  pool 1", "Master", card("Ashur Tablets", 2)),
    ("2x Zillah's Valley  cost 2", "Master", card("Zillah's Valley", 2)),
    ("3x Skin of Night  1 blood  Combat", "Combat", card("Skin of Night", 3)),
    ("1x Toreador Grand Ball  Toreador", "Master", card("Toreador Grand Ball")),
    ("2x Anarch Troublemaker  Anarch", "Master", card("Anarch Troublemaker", 2)),
    ("2x Ivory Bow  Equipment", "Equipment", card("Ivory Bow", 2)),
    ("1x J. S. Simmons, Esq.  Retainer", "Retainer", card("J. S. Simmons, Esq.")),
    ("2x Carrion Crows  ani  Combat", "Combat", card("Carrion Crows", 2)),
    ("2x Conservative Agitation  Political Action", "Political Action", card("Conservative Agitation", 2)),
    ("2x Freak Drive  Action Modifier", "Action Modifier", card("Freak Drive", 2)),
    ("2x Promise of 1528  Action Modifier/Reaction", "library", card("Promise of 1528", 2)),
    ("1x Channel 10  Master", "Master", card("Channel 10")),
    ("1x 419 Operation  Action", "Action", card("419 Operation")),
    ("1x Pentex(TM) Subversion  Master", "Master", card("Pentex(TM) Subversion")),
    # A line with no count keeps its words, but for what a wide gap or brackets set apart: a title is no card.
    ("Arika - Tremere votes", "crypt", ("unresolved", "", 1)),
    ("Tom: Brujah Anarch Combat", "crypt", ("unresolved", "", 1)),
    ("Arishat + Barons", "crypt", ("unresolved", "", 1)),
]

COMMENT_ROWS = [
    # A comment after the name is the card's comment (``test_comments_after_a_name_are_kept``), not its name.
    ("Deflection (great card)", "Reaction", card("Deflection")),
    ("Wake with Evening's Freshness (3 is enough)", "Reaction", card("Wake with Evening's Freshness")),
    ("4x Wake with Evening's Freshness (3 is enough)", "Reaction", card("Wake with Evening's Freshness", 4)),
    ("Deflection (best card in the game!)", "Reaction", card("Deflection")),
    ("Deflection [maybe cut one]", "Reaction", card("Deflection")),
    ("Ascendance (Mummy)", "Master", card("Ascendance")),
    ("Ghoul Escort (for the Tremere)", "Retainer", card("Ghoul Escort")),
    ("Channel 10 (the best)", "Master", card("Channel 10")),
    ("Khazar's Diary (Endless Night) (never drawn)", "Action", card("Khazar's Diary (Endless Night)")),
    ("Theo Bell (G2) (the bleeder)", "crypt", card("Theo Bell (G2)")),
    ("Deflection -- the best", "Reaction", card("Deflection")),
    ("3x Deflection -- the best", "Reaction", card("Deflection", 3)),
    ("3x Deflection - the best", "Reaction", card("Deflection", 3)),
    ("3x Deflection – the best", "Reaction", card("Deflection", 3)),
    ("3x Deflection | bounce", "Reaction", card("Deflection", 3)),
    ("Deflection # the best", "Reaction", card("Deflection")),
    ("Deflection #bounce", "Reaction", card("Deflection")),
    ("3x Deflection # bounce", "Reaction", card("Deflection", 3)),
    ("3x Deflection // bounce", "Reaction", card("Deflection", 3)),
    ("Deflection x3 (never enough)", "Reaction", card("Deflection", 3)),
    ("Deflection (3) -- never enough", "Reaction", card("Deflection", 3)),
    ("Blood Doll 2 (cheap pool)", "Master", card("Blood Doll", 2)),
    ("Blood Doll - 2 - cheap pool", "Master", card("Blood Doll", 2)),
    ("[2] Blood Doll (cheap pool)", "Master", card("Blood Doll", 2)),
    ("2x Bang Nakh -- Tiger's Claws -- for the Tzimisce", "Equipment", card("Bang Nakh — Tiger's Claws", 2)),
    ("2x Praxis Seizure: Istanbul - like the Justicar votes", "Political Action", card("Praxis Seizure: Istanbul", 2)),
    ("2x AK-47 - a classic", "Equipment", card("AK-47", 2)),
    ("1x 419 Operation (a test)", "Action", card("419 Operation")),
]

MANGLED_ROWS = [
    # Quoted-printable mail.
    ("2x Wake with Evening=92s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Evening=E2=80=99s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("1x D=F3nal O'Connor (G2)", "crypt", card("Dónal O'Connor (G2)")),
    ("1x Ambrosio Luis Mon=E7ada, Plenipotentiary", "crypt", card("Ambrosio Luis Monçada, Plenipotentiary")),
    ("1x Grooming the Prot=E9g=E9", "Master", card("Grooming the Protégé")),
    ("3x R=F6tschreck", "Master", card("Rötschreck", 3)),
    ("3x R=C3=B6tschreck", "Master", card("Rötschreck", 3)),
    ("2x Saulot=92s Guiding Wisdom", "Master", card("Saulot's Guiding Wisdom", 2)),
    ("4x Govern the Unaligned=20", "Action", card("Govern the Unaligned", 4)),
    ("Crypt (12 cards, min=3D17, max=3D30, avg=3D5.92)", "none", header("crypt", 12)),
    # UTF-8 read as Windows-1252 or Latin-1, once or twice.
    ("2x DÃ³nal O'Connor (G2)", "crypt", card("Dónal O'Connor (G2)", 2)),
    ("2x DÃƒÂ³nal O'Connor (G2)", "crypt", card("Dónal O'Connor (G2)", 2)),
    ("2x Wake with Eveningâ€™s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Eveningâ\x80\x99s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("1x Ambrosio Luis MonÃ§ada, Plenipotentiary", "crypt", card("Ambrosio Luis Monçada, Plenipotentiary")),
    ("2x Frau SchÃ¤del", "crypt", card("Frau Schädel", 2)),
    ("1x BolesÅ‚aw Gutowski", "crypt", card("Bolesław Gutowski")),
    ("1x Bang Nakh â€” Tigerâ€™s Claws", "Equipment", card("Bang Nakh — Tiger's Claws")),
    ("1x Pentexâ„¢ Subversion", "Master", card("Pentex(TM) Subversion")),
    ("1x Grooming the ProtÃ©gÃ©", "Master", card("Grooming the Protégé")),
    ("1x SacrÃ©-CÅ“ur Cathedral, France", "Equipment", card("Sacré-Cœur Cathedral, France")),
    ("2x KuyÃ©n              6  ANI PRO          baron  Gangrel:6", "crypt", card("Kuyén", 2)),
    ("1x JoaquÃ\xadn de CÃ¡diz   3  for pro                 Gangrel:6", "crypt", card("Joaquín de Cádiz")),
    # HTML entities of web pages.
    ("2x Wake with Evening&#39;s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Evening&#x27;s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Evening&rsquo;s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("1x Grooming the Prot&eacute;g&eacute;", "Master", card("Grooming the Protégé")),
    ("1x Auto-da-f&#233;", "Political Action", card("Auto-da-fé")),
    ("1x Anna &quot;Dictatrix11&quot; Suljic", "crypt", card('Anna "Dictatrix11" Suljic')),
    ("1x Pentex&trade; Subversion", "Master", card("Pentex(TM) Subversion")),
    ("1x Bang Nakh &mdash; Tiger&#8217;s Claws", "Equipment", card("Bang Nakh — Tiger's Claws")),
    ("2x&nbsp;Blood Doll", "Master", card("Blood Doll", 2)),
    # Spaces that are not spaces, and apostrophes typed as accents.
    ("2x\u00a0Blood\u00a0Doll", "Master", card("Blood Doll", 2)),
    ("2x Blood\u202fDoll", "Master", card("Blood Doll", 2)),
    ("2x Blood \u200bDoll", "Master", card("Blood Doll", 2)),
    ("2x Blood Do\u00adll", "Master", card("Blood Doll", 2)),
    ("\ufeff2x Blood Doll", "Master", card("Blood Doll", 2)),
    ("2x Wake with Evening´s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Evening′s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Eveningʼs Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Evening‘s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("2x Wake with Evening’s Freshness", "Reaction", card("Wake with Evening's Freshness", 2)),
    ("1x Anna “Dictatrix11” Suljic", "crypt", card('Anna "Dictatrix11" Suljic')),
]

TYPED_ROWS = [
    # Counts as a peer parser's (krcg's) own tests write them.
    ("xx2 Deny", "Action Modifier", card("Deny", 2)),
    ("XX2 Deny", "Action Modifier", card("Deny", 2)),
    ("Deny x2,", "Action Modifier", card("Deny", 2)),
    ("Deny 2,", "Action Modifier", card("Deny", 2)),
    ("Deny -- 2", "Action Modifier", card("Deny", 2)),
    ("Deny // 2", "Action Modifier", card("Deny", 2)),
    ("Deny // x2", "Action Modifier", card("Deny", 2)),
    # Numbers as digits or ordinals, a Tradition without its title, no article: what people type for a name.
    ("2nd tradition", "Action", card("Second Tradition: Domain")),
    ("2nd Tradition: Domain", "Action", card("Second Tradition: Domain")),
    ("Second Tradition", "Action", card("Second Tradition: Domain")),
    ("3x 5th Tradition", "Action", card("Fifth Tradition: Hospitality", 3)),
    ("The Fifth Tradition x2", "Action", card("Fifth Tradition: Hospitality", 2)),
    ("return to innocence", "Action", card("Return to Innocence, The")),
    ("1x Mask of 1000 Faces", "Action Modifier", card("Mask of a Thousand Faces")),
    ("1x Mask of a 1000 Faces", "Action Modifier", card("Mask of a Thousand Faces")),
    ("2 Truth of 1000 Lies", "Action Modifier", card("Truth of a Thousand Lies", 2)),
    ("1x Malkavian 7 Miseries", "Master", card("Malkavian Seven Miseries, The")),
    ("In Memory of the 2 Lands x2", "Master", card("In Memory of the Two Lands", 2)),
    ("An Anarch Manifesto", "Equipment", card("Anarch Manifesto, An")),
    ("Golconda", "Master", card("Golconda: Inner Peace")),
    # ... but a name several cards' names read as, and two cards on one line, name no card.
    ("Praxis Seizure", "Political Action", ("unresolved", "", 1)),
    ("2x Powerbase", "Master", ("unresolved", "", 2)),
    ("Elysium", "Master", ("unresolved", "", 1)),
    ("Deny x2, Confusion x4", "Action Modifier", ("unresolved", "", 4)),
]

ROWS = ARCHIVE_ROWS + TOOL_ROWS + COUNT_AFTER_ROWS + COUNT_BEFORE_ROWS + HEADER_ROWS + TOTAL_ROWS + COLUMN_ROWS
ROWS += COMMENT_ROWS + MANGLED_ROWS + TYPED_ROWS


def row_id(row: tuple) -> str:
    line, section, _ = row
    return f"{section}: {line!r}"


def in_section(line: str, section: str) -> str:
    """The line as a decklist holds it: under a header naming its section, or first of all."""
    return line if section == "none" else f"{'Crypt' if section == 'crypt' else section.title()}:\n{line}"


def read(text: str, cards, format: str = "plain"):
    return decklist.parse(text, cards, format=format)


# --- the table -----------------------------------------------------------------------------------


def test_the_table_holds_a_few_hundred_real_world_lines():
    assert len(ROWS) >= 300
    assert len({(line, section) for line, section, _ in ROWS}) == len(ROWS)  # no row twice


@pytest.mark.parametrize(("line", "section", "expected"), ROWS, ids=[row_id(row) for row in ROWS])
def test_each_line_reads_as_its_writer_meant(cards, line, section, expected):
    deck = read(in_section(line, section), cards)
    kind, name, count = expected
    if kind == "card":
        assert [(u.text, u.suggestions) for u in deck.unresolved] == []
        official = cards.lookup(name)
        assert official is not None, name
        assert {**deck.crypt, **deck.library} == {official.id: count}
    elif kind == "header":
        assert (deck.crypt, deck.library, deck.unresolved) == ({}, {}, [])
        declared = deck.declared
        stated = {"crypt": declared.crypt, "library": declared.library}.get(name, declared.sections.get(name))
        assert stated == count
        # The header opened its section: a line after it is listed there.
        after = read(in_section(f"{line}\nQwxzv Plmkj\n", section), cards)
        assert [u.section for u in after.unresolved] == ["crypt" if name == "crypt" else "library"]
    elif kind == "unresolved":
        assert (deck.crypt, deck.library) == ({}, {})
        assert [(u.text, u.count) for u in deck.unresolved] == [(line.strip(), count)]
    else:
        assert (deck.crypt, deck.library, deck.unresolved) == ({}, {}, [])
        assert (deck.declared.crypt, deck.declared.library, deck.declared.sections) == (None, None, {})


# The archive's own layout reads its card lines with the same grammar; lines it keeps as notes by its own
# convention ("--" and "#" comments, "[ … ]" breakdowns) are no card lines there.
ARCHIVE_NOTES = re.compile(r"^\s*(?:--|#|\[(?!\s*x?\d+\s*x?\]))")
TWD_HEAD = "Grand Prix Lisbon 2025\nLisbon, Portugal\nMay 3rd 2025\n3R+F\n15 players\nJane Doe\n\n"
CARD_ROWS = [row for row in ROWS if row[2][0] == "card" and row[1] != "none" and not ARCHIVE_NOTES.match(row[0])]


@pytest.mark.parametrize(("line", "section", "expected"), CARD_ROWS, ids=[row_id(row) for row in CARD_ROWS])
def test_each_card_line_reads_the_same_in_the_archives_layout(cards, line, section, expected):
    text = TWD_HEAD + "Crypt (1 cards, min=1, max=1, avg=1)\n" + in_section(line, section)
    deck = read(text, cards, format="twd")
    assert deck.event is not None and deck.event.name == "Grand Prix Lisbon 2025"
    assert [u.text for u in deck.unresolved] == []
    assert {**deck.crypt, **deck.library} == {cards.lookup(expected[1]).id: expected[2]}


@pytest.mark.parametrize(
    ("line", "comment"),
    [
        ("Deflection (great card)", "great card"),
        ("Wake with Evening's Freshness (3 is enough)", "3 is enough"),
        ("3x Deflection - the best", "the best"),
        ("Deflection # the best", "the best"),
        ("3x Deflection // bounce", "bounce"),
        ("Blood Doll - 2 - cheap pool", "cheap pool"),
        ("Channel 10 (the best)", "the best"),
        ("Creation Rites (Make fledglings and give them Obfuscate.)", "Make fledglings and give them Obfuscate."),
        ("Deflection x3 (never enough) # really", "never enough; really"),
        ("2x Bang Nakh -- Tiger's Claws -- for the Tzimisce", "for the Tzimisce"),
    ],
)
def test_comments_after_a_name_are_kept_on_the_card(cards, line, comment):
    deck = read(f"Library\n{line}\n", cards)
    assert deck.unresolved == []
    assert list(deck.comments.values()) == [comment]


def test_a_column_is_not_a_comment(cards):
    deck = read("Crypt\nTupdog  Gargoyle\nLibrary\nDeflection [DOM]\n6x Villein  trifle\n4x Tupdog 1 POT VIS\n", cards)
    assert deck.unresolved == []
    assert deck.comments == {}


def test_a_misspelt_line_keeps_the_count_written_after_its_name_and_gets_suggestions(cards):
    deck = read("Library\nBlood Dol 2\nGovern teh Unaligned (3)\n", cards)
    assert [(u.text, u.count, u.suggestions[0]) for u in deck.unresolved] == [
        ("Blood Dol 2", 2, "Blood Doll"),
        ("Govern teh Unaligned (3)", 3, "Govern the Unaligned"),
    ]


# --- headers and totals are never unknown cards --------------------------------------------------

SECTION_WORDS = [
    "Crypt",
    "Vampires",
    "Library",
    "Master",
    "Masters",
    "Action",
    "Actions",
    "Action Modifier",
    "Action Modifiers",
    "Political Action",
    "Politics",
    "Ally",
    "Allies",
    "Equipment",
    "Retainers",
    "Reaction",
    "Reactions",
    "Combat",
    "Event",
    "Events",
    "Power",
    "Conviction",
    "Action Modifier/Combat",
    "Combat/Reaction",
    "Master cards",
]
COUNT_SPELLINGS = [
    "",
    ":",
    " (12)",
    " [12]",
    " {12}",
    ": 12",
    " 12",
    " - 12",
    " x12",
    " (12 cards)",
    ": 12 cards",
    " (12; 3 trifle)",
    " = 12",
]
DECORATIONS = [
    ("", ""),
    ("## ", ""),
    ("**", "**"),
    ("=== ", " ==="),
    ("-- ", " --"),
    ("* ", ""),
    ("[", "]"),
    ("__", "__"),
    ("", ":"),
]


def test_every_header_spelling_opens_its_section_and_is_never_an_unknown_card(cards):
    missed = []
    for word in SECTION_WORDS:
        for count in COUNT_SPELLINGS:
            for before, after in DECORATIONS:
                if after == ":" and count.startswith(":"):
                    continue
                line = f"{before}{word}{after}{count}" if after != ":" else f"{word}{count}:"
                deck = read(f"{line}\n", cards)
                if read_header_line(line.strip()) is None or deck.unresolved or deck.crypt or deck.library:
                    missed.append(line)
    assert missed == []


@pytest.mark.parametrize(
    "total",
    [
        "Total: {n}",
        "Total {n} cards",
        "{n} cards",
        "Total cards: {n}",
        "Deck size: {n}",
        "({n} cards)",
        "Cards: {n}",
        "= {n} cards",
        "TOTAL {n}",
    ],
)
@pytest.mark.parametrize("section", ["crypt", "library", "Master", "none"])
def test_a_total_is_never_an_unknown_card(cards, total, section):
    for n in (12, 40, 60, 90, 102):
        deck = read(in_section(total.format(n=n), section), cards)
        assert (deck.crypt, deck.library, deck.unresolved) == ({}, {}, [])
        assert deck.description.endswith(total.format(n=n))  # kept as the writer's text


# --- whole texts damaged on their way --------------------------------------------------------------

# Longer than the 76 characters a quoted-printable line may hold: the mail program cuts it with a soft break.
LONG_LINE = (
    "Évora’s finest. Bang Nakh — Tiger’s Claws for everyone; a very long line that a mail program will cut "
    "into two at its seventy-sixth column, as quoted-printable does."
)
DAMAGED = f"""\
Deck Name: Dónal’s Brujah – “Bells”
Author: Frau Schädel
Description: {LONG_LINE}

Crypt (6 cards)
2x Dónal O'Connor (G2)
2x Ambrosio Luis Monçada, Plenipotentiary
1x Kuyén
1x Joaquín de Cádiz

Library (8 cards)
2x Wake with Evening’s Freshness
2x Rötschreck
1x Bang Nakh — Tiger's Claws
1x Grooming the Protégé
1x Sacré-Cœur Cathedral, France
1x Pentex™ Subversion
"""


def as_windows_1252(data: bytes) -> str:
    """Bytes read as Windows reads them in its code page: the five bytes cp1252 leaves undefined become the
    control characters of the same number."""
    return "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data)


def damage(text: str, how: str) -> str:
    if how == "quoted-printable":
        return quopri.encodestring(text.encode("utf-8")).decode("ascii")
    if how == "quoted-printable cp1252":
        return quopri.encodestring(text.encode("cp1252")).decode("ascii")
    if how == "utf-8 read as cp1252":
        return as_windows_1252(text.encode("utf-8"))
    if how == "utf-8 read as latin-1":
        return text.encode("utf-8").decode("latin-1")
    if how == "utf-8 read as cp1252 twice":
        return as_windows_1252(as_windows_1252(text.encode("utf-8")).encode("utf-8"))
    if how == "html entities":
        return "\n".join(html.escape(line).encode("ascii", "xmlcharrefreplace").decode() for line in text.splitlines())
    if how == "non-breaking spaces":
        return text.replace(" ", "\u00a0")
    raise AssertionError(how)


@pytest.mark.parametrize(
    "how",
    [
        "quoted-printable",
        "quoted-printable cp1252",
        "utf-8 read as cp1252",
        "utf-8 read as latin-1",
        "utf-8 read as cp1252 twice",
        "html entities",
        "non-breaking spaces",
    ],
)
def test_a_damaged_decklist_reads_as_the_deck_it_was(cards, how):
    original = read(DAMAGED, cards)
    assert original.unresolved == [] and original.crypt_count == 6 and original.library_count == 8
    damaged = damage(DAMAGED, how)
    assert damaged != DAMAGED
    deck = read(damaged, cards)
    assert [u.text for u in deck.unresolved] == []
    assert (deck.crypt, deck.library) == (original.crypt, original.library)
    assert (deck.declared.crypt, deck.declared.library) == (6, 8)
    if how not in ("html entities", "non-breaking spaces"):  # repaired only where they name a card
        assert (deck.name, deck.author, deck.description) == (original.name, original.author, original.description)


@pytest.mark.parametrize("how", ["quoted-printable", "utf-8 read as cp1252"])
def test_a_damaged_archive_decklist_keeps_its_event(cards, how):
    text = "Torneio de Évora\nÉvora, Portugal\nMay 3rd 2025\n3R+F\n15 players\nJoão Bilé\n\n" + DAMAGED
    event = read(damage(text, how), cards, format=None).event
    assert (event.name, event.place, event.winner) == ("Torneio de Évora", "Évora, Portugal", "João Bilé")


def test_text_that_was_never_damaged_comes_back_unchanged():
    samples = [
        DAMAGED,
        "Crypt (12 cards, min=20, max=38, avg=5.92)\n",
        "Tomáš Kubec\nLukáš Vrbický - Banu Haqim\n",
        "https://vdb.im/decks/deck?name=BBB#201658=2;100952=10\n",
        "Ça va, Ärger, Åbo, â la carte\n",
        "====================\n",
        "Price: 3 = 2 + 1\n",
    ]
    assert [repair_text(text) for text in samples] == samples


def test_no_archive_decklist_is_taken_for_damaged_text():
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    changed = [path.name for path in sorted(TWDA.iterdir()) if repair_text(text := path.read_text("utf-8")) != text]
    assert changed == []


# --- the archive's event header ------------------------------------------------------------------


@pytest.mark.parametrize(
    "event",
    [
        "Event 3",
        "Action Jackson Cup",
        "Master Class",
        "Library 2024",
        "Crypt Crawl 5",
        "Combat Zone",
        "Reaction (2nd edition)",
        "Vampires 12",
        "Allies 3",
        "Political Action",
        "Master (12)",
        "Crypt: 12 cards",
    ],
)
def test_an_event_named_like_a_library_section_is_still_the_event(cards, event):
    text = f"{event}\nLisbon, Portugal\nMay 3rd 2025\n3R+F\n15 players\nJane Doe\n\n" + DAMAGED
    deck = read(text, cards, format=None)
    assert deck.source_format == "twd"
    assert (deck.event.name, deck.event.place, deck.event.winner, deck.event.players) == (
        event,
        "Lisbon, Portugal",
        "Jane Doe",
        15,
    )
    assert (deck.crypt_count, deck.library_count, deck.declared.crypt, deck.unresolved) == (6, 8, 6, [])


def test_a_header_first_and_no_date_is_no_event(cards):
    deck = read("Event (2)\n1x Anarch Troublemaker\n1x Blood Doll\n", cards)
    assert deck.event is None
    assert deck.declared.sections == {"Event": 2}


# --- real decks written the ways people write them -----------------------------------------------

ARCHIVE_CARD = re.compile(r"^(\d+)x (.*?)(?: -- (.*))?$")
ARCHIVE_HEADER = re.compile(r"^(Crypt|Library|[A-Z][A-Za-z /]+) \((\d+)[^)]*\)\s*$")
WRITINGS = {
    "counts after the name": [
        "{name} {n}",
        "{name} ({n})",
        "{name} [x{n}]",
        "{name} - {n}",
        "{name} *{n}",
        "{name} : {n}",
        "{name} ({n} copies)",
        "{name} x{n}",
        "{name} {n}x",
        "{name} x {n}",
    ],
    "counts before the name": [
        "[{n}] {name}",
        "({n}) {name}",
        "{n}) {name}",
        "- {n}x {name}",
        "* {n} {name}",
        "= {n}x {name}",
        "{n}xx {name}",
        "x{n} {name}",
        "{n} x {name}",
        "{n}\t{name}",
        "{n}. {name}",
        "{n} - {name}",
    ],
    "columns and comments": [
        "{n}x {name}  {type}",
        "{n}x {name} (great card)",
        "{n}x {name} # why not",
        "{n}x {name}  trifle",
        "{n}x {name} - the best",
    ],
}
HEADERS = [
    "=== {t} ({n}) ===",
    "{t} [{n}]",
    "**{t}** ({n})",
    "{t}: {n}",
    "-- {t} ({n}) --",
    "{t} {{{n}}}",
    "## {t} ({n})",
    "{t} {n}",
    "{t} x{n}",
    "{t}\t{n}",
    "[{t}] ({n})",
]


def pick(spellings: list[str], line: str) -> str:
    return spellings[zlib.crc32(line.encode()) % len(spellings)]


def rewrite(text: str, writing: str, cards) -> str:
    """An archive decklist's crypt and library as a forum post might write them, each line its own way."""
    out = []
    for line in text[text.index("Crypt (") :].splitlines():
        if found := ARCHIVE_CARD.match(line):
            count, rest, _ = found.groups()
            row = re.match(r"(.*?\S)\s{2,}(\d+\s.*?)\s*:\s*(?:\d|ANY)\s*$", rest)
            name = row[1] if row else rest
            official = cards.lookup(name)
            kind = row[2] if row else (official.types[0] if official else "")
            out.append(pick(WRITINGS[writing], line).format(name=name, n=count, type=kind))
        elif found := ARCHIVE_HEADER.match(line):
            out.append(pick(HEADERS, line).format(t=found[1], n=found[2]))
        else:
            out.append(line)
    return "\n".join(out)


@pytest.fixture(scope="module")
def archive_sample(cards):
    if not TWDA.is_dir():
        pytest.skip(f"the tournament archive is not at {TWDA}")
    paths = sorted(TWDA.iterdir())[::25]  # every 25th deck: some 160 decks, all eras of the archive
    return [(path.name, path.read_text("utf-8"), decklist.parse(path.read_bytes(), cards)) for path in paths]


def by_name(deck, cards) -> tuple[dict[str, int], dict[int, int]]:
    """Crypt by name (a row written without its group may mean another printing) and library by card."""
    crypt: dict[str, int] = {}
    for card_id, count in deck.crypt.items():
        name = cards[card_id].name + (" (ADV)" if cards[card_id].advanced else "")
        crypt[name] = crypt.get(name, 0) + count
    return crypt, dict(deck.library)


@pytest.mark.parametrize("writing", WRITINGS)
def test_every_sampled_archive_deck_written_as_people_write_it_reads_back_the_same(cards, archive_sample, writing):
    different = []
    for name, text, original in archive_sample:
        deck = read(rewrite(text, writing, cards), cards)
        if deck.unresolved or by_name(deck, cards) != by_name(original, cards):
            different.append((name, [u.text for u in deck.unresolved][:3]))
    assert len(archive_sample) > 150
    assert different == []
