"""Card names as decklists write them, resolved to official cards.

Decklists are typed by hand or exported by a dozen tools, each with its own spelling: "The Rack" and
"Rack, The", "Dónal O’Connor", "Pentex™ Subversion", "Kemintiri (ADV)", "Theo Bell (G2)", a whole
crypt row pasted from the archive ("Tupdog   1  POT VIS   Gargoyle:3"), ARDB's names cut at 18
characters. ``Resolver`` turns any of them into a ``Card``, or ``None``, and remembers the answer: the
same text is resolved once per card list, however many decklists repeat it.

    resolver = resolver_for(cards)             # one per CardIndex, shared by every parser
    resolver.resolve("Rack, The")              # → the library card
    resolver.resolve("Theo Bell  7  CEL  prince  Brujah:2", section="crypt")  # → Theo Bell (G2)
    resolver.versions("Theo Bell")             # → (Theo Bell (G2), Theo Bell (G6)): the deck decides
    resolver.suggest("Govern teh Unaligned")   # → ["Govern the Unaligned", …]
    resolver.typed_name("2nd Tradition")       # → "Second Tradition: Domain"

A bare name that two groups of one vampire share ("Theo Bell") names no single card: ``versions`` gives
its candidates, cached like every answer, and the deck being read settles which one it holds once its
whole crypt is known (``versions.settle``). ``resolve`` alone, with no deck to ask, answers what the rule
answers for no date and no crypt: the earliest printing.

A name matching no card as written may still name one as people type it: numbers as digits ("Mask of 1000
Faces", "2nd Tradition"), no article ("Return to Innocence"), a Tradition without its title ("Fifth
Tradition"). ``typed_name`` reads such a name, only when exactly one card's name reads so (a bare "Praxis
Seizure" names a dozen and stays unknown); parsers ask it last, when no reading of a line named a card.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections import Counter
from typing import Any

from .. import memo
from ..carddb import CardIndex
from ..domain import DISCIPLINES, VIRTUES, Card
from ..names import fold, split_version, typed_form
from ..versions import choose, printing_order

# Caches are bounded so a stream of hostile, never-repeating names cannot grow a worker's memory
# without end; a full cache is simply emptied (real decklists refill it with the same few thousand names).
# A name longer than ``memo.LONGEST_KEPT`` is never kept: the bound is on entries times their size.
MAX_CACHE = 50_000
SUGGESTION_CUTOFF = 0.6
ARDB_NAME_WIDTH = 18  # ARDB's text export cuts vampire names at this many characters

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
# A crypt row trimmed of its "Clan:group" column ("Darius Shirazzi  6  ANI FOR PRE"): a name, a capacity,
# then a discipline. Only suggestions read it (a row without its group is no row to resolve).
_CRYPT_ROW = re.compile(
    rf"^(?P<name>.*?\S)\s+(?:(?P<adv>adv\.?)\s+)?\d{{1,2}}\s+(?:-none-|(?:{'|'.join([*DISCIPLINES, *VIRTUES])})\b)",
    re.IGNORECASE,
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
        # section preference → raw text → the versions a bare shared name may mean (only such names)
        self._versions: dict[str, dict[str, tuple[Card, ...]]] = {"": {}, "crypt": {}, "library": {}}
        # Whole decklist lines already read, per section kind: parsers keep their parsed form here so a
        # line seen in an earlier decklist costs one dict lookup (see ``lines.LineReader``).
        self.lines: dict[str, dict[str, tuple[Any, ...]]] = {"": {}, "crypt": {}, "library": {}}
        self._suggestions: dict[str, list[Card]] = {}
        self._forms: list[str] | None = None
        self._form_cards: list[Card] = []
        self._trigrams: dict[str, list[int]] = {}
        self._crypt_forms: list[tuple[str, int]] | None = None
        self._typed: dict[str, str | None] | None = None

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
        if not memo.keeps(name):  # no card is named so long: looked up again rather than kept
            return choose(card)[0] if isinstance(card, tuple) else card
        if len(cache) >= MAX_CACHE:
            cache.clear()
            self._versions[kind].clear()  # never larger than the cache: emptied with it
        if isinstance(card, tuple):
            self._versions[kind][name] = card
            card = choose(card)[0]
        cache[name] = card
        return card

    def versions(self, name: str, *, section: str = "") -> tuple[Card, ...]:
        """The vampires ``name`` may mean when it is a name two groups share, written without its group
        ("Theo Bell"), earliest printing first; () when the name means one card or none."""
        kind = section if section in ("crypt", "") else "library"
        if not memo.keeps(name):
            found = self._lookup(name, kind)
            return found if isinstance(found, tuple) else ()
        if name not in self._cache[kind]:
            self.resolve(name, section=section)
        return self._versions[kind].get(name, ())

    def _lookup(self, name: str, kind: str) -> Card | tuple[Card, ...] | None:
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

    # --- names as people type them ----------------------------------------------------------------

    def typed_name(self, name: str) -> str | None:
        """The official name ``name`` spells as people type it (``names.typed_form``), or None when it spells
        no card's, or several cards' (then no card is guessed)."""
        if self._typed is None:
            self._typed = _typed_names(self.cards)
        text = name.translate(_TYPOGRAPHY).strip().strip("*•").strip()
        if text[-1:] in ")]":
            text = _SET_NOTE.sub("", text)  # "Mask of 1000 Faces [KMW]"
        return self._typed.get(typed_form(fold(text)))

    # --- suggestions ---------------------------------------------------------------------------

    def suggest(self, name: str, n: int = 3, *, section: str = "") -> list[str]:
        """Official names close to ``name``, best first (for lines that name no card).

        A pasted crypt row (the archive's, VDB's, ARDB's: "Darius Shirazzi  6  ANI FOR PRE  Gangrel:5") is
        matched by its name alone, vampires first. Where a vampire has several versions, the one of the
        row's group, or of a "(G2)" mark, and of its advanced mark comes first; a name listed in the
        crypt (``section``) puts vampires first too."""
        text = name.translate(_TYPOGRAPHY).strip()
        group, advanced, crypt, cut = None, False, section == "crypt", False
        if row := _CRYPT_TAIL.match(text) or _CRYPT_ROW.match(text):
            text, crypt, advanced = row["name"].strip(), True, bool(row["adv"])
            group = row.groupdict().get("group")
            # ARDB's row may hold a name cut short (its trailing space or comma then dropped): its start
            # is matched against the start of each name.
            cut = ARDB_NAME_WIDTH - 2 <= len(text) <= ARDB_NAME_WIDTH
        text, marked_group, marked_advanced = split_version(text)
        key = _prefix_form(text) if cut else fold(text)
        if not key:
            return []
        cache_key = f"{key}\x00cut" if cut else key
        ranked = self._suggestions.get(cache_key)
        if ranked is None:
            ranked = self._rank(key, cut=cut)
            if memo.keeps(cache_key):
                if len(self._suggestions) >= MAX_CACHE:
                    self._suggestions.clear()
                self._suggestions[cache_key] = ranked
        group = (group or marked_group or "").upper() or None
        if crypt or group or marked_advanced:
            ranked = _vampires_first(ranked, group, advanced or marked_advanced)
        return [card.unique_name for card in ranked[:n]]

    def _rank(self, key: str, *, cut: bool = False) -> list[Card]:
        if self._forms is None:
            self._index()
        assert self._forms is not None
        # Candidates share the most character trigrams with the text; difflib then orders the few
        # dozen best, so a suggestion costs a millisecond rather than a pass over every name.
        shared: Counter[int] = Counter()
        # In a fixed order: ties among the 60 kept are broken by first sighting, and a set's order changes
        # with each process's string hashing (the same text got other suggestions from run to run).
        for gram in sorted(_trigrams(key)):
            shared.update(self._trigrams.get(gram, ()))
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(key)
        scored: list[tuple[float, Card]] = []
        for index, _ in shared.most_common(60):
            form = self._forms[index]
            ratio = _ratio(matcher, form)
            if cut and len(form) > len(key):
                ratio = max(ratio, _ratio(matcher, form[: len(key)]))
            if ratio >= SUGGESTION_CUTOFF:
                scored.append((ratio, self._form_cards[index]))
        scored.sort(key=lambda item: -item[0])
        best: dict[str, Card] = {}  # one card a name, at its best ratio
        for _, card in scored:
            best.setdefault(card.unique_name, card)
        return list(best.values())[:10]

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


def _ratio(matcher: difflib.SequenceMatcher[str], form: str) -> float:
    """``matcher.ratio()`` of ``form`` against the key, or 0 when it is surely under the cutoff: the quick
    ratios are upper bounds of the real one and cost a pass over the letters, where ``ratio`` costs a search
    for matching blocks. Most candidates of a name that is no card's stop here (the same suggestions, in a
    third of the time)."""
    matcher.set_seq1(form)
    if matcher.real_quick_ratio() < SUGGESTION_CUTOFF or matcher.quick_ratio() < SUGGESTION_CUTOFF:
        return 0.0
    return matcher.ratio()


def _vampires_first(ranked: list[Card], group: str | None, advanced: bool) -> list[Card]:
    """Suggestions for a crypt line: vampires before library cards, each name where its best version
    ranked, and among a name's versions those of the line's group and advanced mark first."""
    vampires = [card for card in ranked if card.is_crypt]
    place: dict[str, int] = {}
    for index, card in enumerate(vampires):
        place.setdefault(card.name, index)
    vampires.sort(key=lambda c: (place[c.name], group is not None and c.group != group, c.advanced != advanced))
    return vampires + [card for card in ranked if not card.is_crypt]


def _typed_names(cards: CardIndex) -> dict[str, str | None]:
    """``typed_form`` of every name a card goes by → the name to resolve (None: the form of several cards').

    A card goes by its ``name_forms``, and by the part of its name before a colon ("Second Tradition" of
    "Second Tradition: Domain") when no other card's name has that part. A vampire's plain name stands for
    all its versions, for the deck to settle (``resolve``); its other forms for that version alone.
    """
    found: dict[str, str | None] = {}
    owner: dict[str, str] = {}  # typed form → the official name of the card(s) it belongs to
    for card in cards:
        plain = fold(card.name)
        heads = [fold(name.split(":", 1)[0]) for name in (card.name, card.printed_name) if ":" in name]
        for form in (*card.name_forms, *heads):
            key = typed_form(form)
            if key not in owner:
                owner[key] = card.name
                found[key] = card.name if form == plain and not card.advanced else card.unique_name
            elif owner[key] != card.name:
                found[key] = None  # two cards' names read alike: neither is meant
    found.pop("", None)
    return found


def _prefix_form(name: str) -> str:
    """``fold`` for comparing starts of names: the words kept in their written order. A cut name may end
    in "The" ("Sascha Vykos, The" of "Sascha Vykos, The Angel of Caine"), which ``fold`` would move to
    the front as it does for "Rack, The"; a word after it keeps the article in place."""
    return fold(f"{name} x")[:-2]


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _prefer(found: list[Card], kind: str) -> Card | tuple[Card, ...]:
    """The card the list means among those a name matches; for a vampire's name that several groups share,
    all its base versions (earliest printing first), for the deck to settle."""
    if kind == "crypt":
        card = next((c for c in found if c.is_crypt), found[0])
    elif kind == "library":
        card = next((c for c in found if not c.is_crypt), found[0])
    else:
        card = found[0]
    if card.is_crypt and not card.advanced:
        versions = [c for c in found if c.is_crypt and not c.advanced]
        if len(versions) > 1:
            return tuple(sorted(versions, key=printing_order))
    return card


def resolver_for(cards: CardIndex) -> Resolver:
    """The shared resolver of a card list (made on first use, gone with the card list)."""
    return cards.derived(__name__, Resolver)
