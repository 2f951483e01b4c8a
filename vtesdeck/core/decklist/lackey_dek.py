"""Format ``lackey-dek``: the XML ``.dek`` file LackeyCCG saves, one ``<card>`` element per copy.

    <deck version="0.8">
      <meta><game>vtes</game></meta>
      <superzone name="Deck">
        <card><name id="100199">Bum's Rush</name><set>Jyhad</set></card>
        …
      </superzone>
      <superzone name="Crypt">
        <card><name id="200076">Anson</name><set>VTES</set></card>
      </superzone>
    </deck>

The "Deck" superzone is the library, "Crypt" the crypt. Cards are found by the name Lackey shows; the
``id`` attribute (Lackey's image key; we write the VEKN id there) is only a fallback, as other tools put
their own keys in it.

Security: an uploaded XML file could declare entities that expand to gigabytes ("billion laughs") or
fetch external files. Entities can only be declared in a document type declaration, which a deck file
never holds, so any ``<!DOCTYPE``/``<!ENTITY`` is refused before ``xml.etree.ElementTree`` sees the text.
"""

from __future__ import annotations

import logging
import re
from xml.etree import ElementTree
from xml.sax.saxutils import escape, quoteattr

from ..carddb import CardIndex
from ..deck import Deck
from ..messages import gettext_noop
from ..versions import settle
from .base import DecklistError, Format
from .entries import Entries, check_copies

logger = logging.getLogger(__name__)

_DECLARATION = re.compile(r"<!\s*(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST)", re.IGNORECASE)
_ZONES = {"crypt": "crypt", "deck": "library", "library": "library"}


def detect(text: str) -> float:
    head = text[:1024]
    # A Lackey file is XML from its first character: "<deck" further on may be a deck's name in another format.
    if not head.lstrip()[:1] == "<" or "<deck" not in head:
        return 0.0
    return 1.0 if "<superzone" in head or "<game>vtes" in head else 0.9


def parse(text: str, cards: CardIndex) -> Deck:
    if _DECLARATION.search(text):
        raise DecklistError.of("XML_DECLARATIONS")
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        line, column = exc.position
        message = str(exc).split(":", 1)[0]
        raise DecklistError.of("DEK_NOT_XML", detail=message, line=line, column=column + 1) from exc
    if root.tag != "deck":
        raise DecklistError.of("NOT_LACKEY_DECK", tag=root.tag)
    # (section, name, Lackey's id) → copies, in the order the file lists them.
    copies: dict[tuple[str, str, str], int] = {}
    for zone in root.iter("superzone"):
        section = _ZONES.get((zone.get("name") or "").strip().lower(), "")
        for node in zone.iter("card"):
            element = node.find("name")
            if element is None:
                continue
            key = (section, " ".join("".join(element.itertext()).split()), (element.get("id") or "").strip())
            copies[key] = copies.get(key, 0) + 1
    deck = Deck()
    entries = Entries(deck, cards)
    for (section, name, lackey_id), count in copies.items():
        card = entries.by_name(name, section) if name else None
        if card is None:
            card = entries.by_id(lackey_id)
        line = 0 if card is not None else _line_of(text, name or lackey_id)
        entries.add(card, count, line=line, text=name or f"id {lackey_id}", section=section, name=name)
    return settle(deck, cards)  # bare shared vampire names: see versions


def _line_of(text: str, name: str) -> int:
    """The line where ``name`` first appears, as written or escaped (0 when not found): the tree keeps no
    positions, and only unresolved cards need one."""
    for form in (name, escape(name), escape(name, {"'": "&apos;", '"': "&quot;"})):
        at = text.find(form) if form else -1
        if at >= 0:
            return text.count("\n", 0, at) + 1
    return 0


def export(deck: Deck, cards: CardIndex) -> str:
    check_copies(deck, "lackey-dek")
    lines = ['<deck version="0.8">', "\t<meta>", "\t\t<game>vtes</game>", "\t</meta>"]
    for zone, part in (("Deck", deck.library), ("Crypt", deck.crypt)):
        lines.append(f"\t<superzone name={quoteattr(zone)}>")
        for card_id, count in part.items():
            card = cards.get(card_id)
            name = escape(card.unique_name) if card else ""
            card_set = escape(card.printings[-1].set) if card and card.printings else ""
            element = f'\t\t<card><name id="{card_id}">{name}</name><set>{card_set}</set></card>'
            lines.extend([element] * count)
        lines.append("\t</superzone>")
    lines.append("</deck>")
    return "\n".join(lines) + "\n"


FORMATS = (
    Format(
        name="lackey-dek",
        label=gettext_noop("LackeyCCG deck file (.dek)"),
        extension="dek",
        media_type="application/xml",
        parse=parse,
        detect=detect,
        export=export,
    ),
)
