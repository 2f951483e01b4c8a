"""Format ``vdb-url``: the deck-in-a-link VDB shares, cards as ``id=count`` pairs in the URL's fragment.

    https://vdb.im/decks/deck?name=Nosferatu%20Royalty&author=Jane#200076=2;201328=1;100199=4

The query carries the name, author and description (URL-encoded); the fragment the counts by VEKN id.
Read as well: the fragment alone (``#200076=2;100199=4``) or the bare pairs, and a link wrapped over
several lines by a mail client. A link to a deck saved on vdb.im (``/decks/<id>``) holds no cards: it
must be fetched from VDB, which the core never does, so it is refused with a sentence saying so.
"""

from __future__ import annotations

import logging
import re
import urllib.parse

from ..carddb import CardIndex
from ..deck import Deck
from ..messages import gettext_noop
from .base import DecklistError, Format
from .entries import Entries, parse_count

logger = logging.getLogger(__name__)

BASE_URL = "https://vdb.im/decks/deck"
_HOSTS = re.compile(r"\A\s*(?:https?://)?(?:www\.)?vdb\.(?:im|smeea\.casa)/decks?\b", re.IGNORECASE)
_PAIRS = re.compile(r"\A\s*#?\s*\d{6}=\d+\s*(?:;|\Z)")
_WHITESPACE = re.compile(r"\s+")


def detect(text: str) -> float:
    head = text[:1024]
    if _HOSTS.match(head):
        return 1.0
    return 1.0 if _PAIRS.match(head) else 0.0


def parse(text: str, cards: CardIndex) -> Deck:
    # A URL holds no whitespace: any is line wrapping, and the description's spaces are encoded.
    link = _WHITESPACE.sub("", text)
    deck = Deck()
    if "#" in link:
        address, fragment = link.split("#", 1)
    elif _HOSTS.match(link):
        address, fragment = link, ""
    else:
        address, fragment = "", link
    if address:
        parts = urllib.parse.urlsplit(address if "://" in address else "https://" + address)
        query = urllib.parse.parse_qs(parts.query, keep_blank_values=True)
        if not fragment:
            saved = query.get("id", [""])[0] or parts.path.rstrip("/").rsplit("/", 1)[-1]
            raise DecklistError.of("VDB_SAVED_DECK", saved=saved or parts.path)
        deck.name = query.get("name", [""])[0]
        deck.author = query.get("author", [""])[0]
        deck.description = query.get("description", [""])[0]
    entries = Entries(deck, cards)
    for pair in urllib.parse.unquote(fragment).split(";"):
        if not pair:
            continue
        card_id, _, count = pair.partition("=")
        card = entries.by_id(card_id)
        entries.add(card, parse_count(count) if count else None, line=1, text=pair, name="")
    return deck


def export(deck: Deck, cards: CardIndex) -> str:
    """Every text exactly: URL encoding holds any character."""
    params = {
        key: value
        for key, value in (("name", deck.name), ("author", deck.author), ("description", deck.description))
        if value
    }
    query = "&".join(f"{key}={_quote(value)}" for key, value in params.items())
    pairs = ";".join(f"{card_id}={count}" for part in (deck.crypt, deck.library) for card_id, count in part.items())
    return f"{BASE_URL}{'?' + query if query else ''}#{pairs}\n"


# "name=3D…", "author=C9x": after the "=" of the query, a value's first two characters may read as a
# quoted-printable escape, and ``decode`` would take the whole link for damaged mail (and its counts with it).
_QP_LIKE = re.compile(r"[89A-F][0-9A-F]|3D")


def _quote(value: str) -> str:
    quoted = urllib.parse.quote(value, safe="")
    return f"%{ord(quoted[0]):02X}{quoted[1:]}" if _QP_LIKE.match(quoted) else quoted


FORMATS = (
    Format(
        name="vdb-url",
        label=gettext_noop("VDB deck link"),
        extension="txt",
        media_type="text/uri-list",
        parse=parse,
        detect=detect,
        export=export,
    ),
)
