"""Card names as decklists write them, resolved to official cards.

Decklists are typed by hand or exported by a dozen tools, each with its own spelling: "The Rack" and
"Rack, The", "Dónal O’Connor", "Pentex™ Subversion", "Kemintiri (ADV)", "Theo Bell (G2)", a whole
crypt row pasted from the archive ("Tupdog   1  POT VIS   Gargoyle:3"), ARDB's names cut at 18
characters. ``Resolver`` turns any of them into a ``Card``, or ``None``, and remembers the answer: the
same text is resolved once per card list, however many decklists repeat it.

    resolver = resolver_for(cards)             # one per CardIndex, shared by every parser
    resolver.resolve("Rack, The")              # → the library card
    resolver.resolve("Theo Bell  7  CEL  prince  Brujah:2", section="crypt")  # → Theo Bell (G2)
    resolver.suggest("Govern teh Unaligned")   # → ["Govern the Unaligned", …]
"""

from __future__ import annotations

import bisect
import difflib
import re
import weakref
from collections import Counter

from ..carddb import CardIndex
from ..domain import Card
from ..names import fold, split_version

# Caches are bounded so a stream of hostile, never-repeating names cannot grow a worker's memory
# without end; a full cache is simply emptied (real decklists refill it with the same few thousand names).
MAX_CACHE = 50_000
SUGGESTION_CUTOFF = 0.6

# The tail of a crypt row as the archive, VDB and ARDB print it after the name:
# "  7  CEL DOM POT pre  prince  Brujah:2", ARDB's " Adv 10 AUS DOM  !Toreador:2", "… Follower :4".
_CRYPT_TAIL = re.compile(
    r"""^(?P<name>.+?)\s+
        (?:(?P<adv>adv\.?)\s+)?             # ARDB's advanced column
        (?P<capacity>\d{1,2})\s+            # capacity
        (?P<rest>.*?)                       # disciplines, title, clan
        \s*:\s*(?P<group>\d|any)\s*$        # :group
    """,
    re.IGNORECASE | re.VERBOSE,
)
# Quotes and dashes word processors put in: folding drops apostrophes, but a typographic double quote
# must meet the official straight one ('Anna "Dictatrix11" Suljic').
_TYPOGRAPHY = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'", "`": "'", "–": "-", "—": "-"})
# Set or rarity notes some lists append: "Govern the Unaligned [CE]", "Deflection (KMW:U)".
# In brackets anything goes; in parentheses only "set:rarity", since "(ADV)", "(G2)" and "(Mummy)" are names.
_SET_NOTE = re.compile(r"\s*(?:\[[^\]]*\]|\([^():]*:[^()]*\))\s*$")


class Resolver:
    """Card names → cards for one ``CardIndex``. Cheap to call again: answers are cached by the raw text."""

    def __init__(self, cards: CardIndex) -> None:
        self.cards = cards
        # section preference → raw text → card (None = no such card)
        self._cache: dict[str, dict[str, Card | None]] = {"": {}, "crypt": {}, "library": {}}
        # Whole decklist lines already read, per section kind: parsers keep their parsed form here so a
        # line seen in an earlier decklist costs one dict lookup (see ``lines.LineReader``).
        self.lines: dict[str, dict[str, tuple]] = {"": {}, "crypt": {}, "library": {}}
        self._suggestions: dict[str, list[str]] = {}
        self._forms: list[str] | None = None
        self._form_cards: list[Card] = []
        self._trigrams: dict[str, list[int]] = {}
        self._crypt_forms: list[tuple[str, int]] | None = None

    def resolve(self, name: str, *, section: str = "") -> Card | None:
        """The card ``name`` means, or None. ``section`` ("crypt", "library" or a library card type)
        says which kind the list expects there, and wins when a name exists as both kinds."""
        kind = section if section in ("crypt", "") else "library"
        cache = self._cache[kind]
        try:
            return cache[name]
        except KeyError:
            pass
        card = self._lookup(name, kind)
        if len(cache) >= MAX_CACHE:
            cache.clear()
        cache[name] = card
        return card

    def _lookup(self, name: str, kind: str) -> Card | None:
        text = name.translate(_TYPOGRAPHY).strip().strip("*•").strip()
        if not text:
            return None
        found = self.cards.find(text)
        if found:
            return _prefer(found, kind)
        if kind != "library" and (row := _CRYPT_TAIL.match(text)):
            card = self._crypt_row(row)
            if card is not None:
                return card
        bare = _SET_NOTE.sub("", text)
        if bare != text and (found := self.cards.find(bare)):
            return _prefer(found, kind)
        return None

    def _crypt_row(self, row: re.Match[str]) -> Card | None:
        """A vampire from its crypt row: the name before capacity, the group after the clan."""
        name, group = row["name"].strip(), row["group"].upper()
        advanced = bool(row["adv"]) or split_version(name)[2]
        candidates = [c for c in self.cards.find(name) if c.is_crypt]
        if not candidates:
            candidates = self._truncated(name)
        if not candidates:
            return None
        by_group = [c for c in candidates if c.group == group] or candidates
        if advanced:
            by_group = [c for c in by_group if c.advanced] or by_group
        else:
            by_group = [c for c in by_group if not c.advanced] or by_group
        return by_group[0]

    def _truncated(self, name: str) -> list[Card]:
        """Vampires whose name begins with ``name``: ARDB prints names cut at 18 characters."""
        key = _prefix_form(split_version(name)[0])
        if len(key) < 12:  # short names are whole names; a prefix search would only guess
            return []
        if self._crypt_forms is None:
            self._crypt_forms = sorted((_prefix_form(c.name), c.id) for c in self.cards if c.is_crypt)
        forms = self._crypt_forms
        start = bisect.bisect_left(forms, (key, 0))
        found: list[Card] = []
        for form, card_id in forms[start : start + 50]:
            if not form.startswith(key):
                break
            found.append(self.cards[card_id])
        return found

    # --- suggestions ---------------------------------------------------------------------------

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Official names close to ``name``, best first (for lines that name no card)."""
        key = fold(split_version(name.translate(_TYPOGRAPHY))[0])
        if not key:
            return []
        cached = self._suggestions.get(key)
        if cached is None:
            cached = self._rank(key)
            if len(self._suggestions) >= MAX_CACHE:
                self._suggestions.clear()
            self._suggestions[key] = cached
        return cached[:n]

    def _rank(self, key: str) -> list[str]:
        if self._forms is None:
            self._index()
        assert self._forms is not None
        # Candidates share the most character trigrams with the text; difflib then orders the few
        # dozen best, so a suggestion costs a millisecond rather than a pass over every name.
        shared: Counter[int] = Counter()
        for gram in _trigrams(key):
            shared.update(self._trigrams.get(gram, ()))
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(key)
        scored: list[tuple[float, str]] = []
        for index, _ in shared.most_common(60):
            matcher.set_seq1(self._forms[index])
            ratio = matcher.ratio()
            if ratio >= SUGGESTION_CUTOFF:
                scored.append((ratio, self._form_cards[index].unique_name))
        scored.sort(key=lambda item: -item[0])
        return list(dict.fromkeys(name for _, name in scored))[:10]

    def _index(self) -> None:
        forms, owners = [], []
        for card in self.cards:
            for form in card.name_forms:
                forms.append(form)
                owners.append(card)
        trigrams: dict[str, list[int]] = {}
        for index, form in enumerate(forms):
            for gram in _trigrams(form):
                trigrams.setdefault(gram, []).append(index)
        self._forms, self._form_cards, self._trigrams = forms, owners, trigrams


def _prefix_form(name: str) -> str:
    """``fold`` for comparing starts of names: the words kept in their written order. A cut name may end
    in "The" ("Sascha Vykos, The" of "Sascha Vykos, The Angel of Caine"), which ``fold`` would move to
    the front as it does for "Rack, The"; a word after it keeps the article in place."""
    return fold(f"{name} x")[:-2]


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _prefer(found: list[Card], kind: str) -> Card:
    if kind == "crypt":
        return next((c for c in found if c.is_crypt), found[0])
    if kind == "library":
        return next((c for c in found if not c.is_crypt), found[0])
    return found[0]


_RESOLVERS: weakref.WeakKeyDictionary[CardIndex, Resolver] = weakref.WeakKeyDictionary()


def resolver_for(cards: CardIndex) -> Resolver:
    """The shared resolver of a card list (made on first use, gone with the card list)."""
    resolver = _RESOLVERS.get(cards)
    if resolver is None:
        resolver = _RESOLVERS[cards] = Resolver(cards)
    return resolver
