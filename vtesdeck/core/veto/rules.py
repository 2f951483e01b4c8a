"""Veto deck legality: the deck-building rules of the "Artykuły Henrykowskie" 3.0.3, in its two formats.

    report = validate(deck, card_list, ruleset="veto")
    report.legal, report.errors, report.warnings, report.to_dict(lang="en")

A format is data (``VetoRuleset``): ``veto`` is the constructed format ("format kwarciany", 101.5.a),
``veto-sealed`` the sealed one ("format wybraniecki", 101.5.b). Every error and warning carries a code,
a message id with its parameters (``messages.render``, Polish or English), the cards it is about (by
full name, "Name, Epithet": Veto cards have no ids) and the articles it enforces.

How the rules are read where the Articles leave room (each decision is also a comment where it is made):

* Each rule looks at the zones its article names. The Kredens (deck) alone for the deck size (204.4),
  copies (101.5.a), Legendary cards (D 401.1.u), Biesiadny cards (D 401.1.a) and alliances (204.7); the
  Kredens and the Sakwa (sideboard) for factions (B 207.3: "do budowy Kredensu i sakwy"), Limited cards
  (D 401.1.v: "w swoim kredensie, oraz sakwie") and the elekt card (B 207.8).
* In the sealed format the Sakwa is the rest of the pool (211.4.a): whatever the packs held. No rule
  looks at it there: an unused off-faction card, a second elekt or a fifth Limited copy is simply what the
  player opened.
* Elekt and strategy cards sit on the Special Cards Field (210.1), never in the Kredens: one listed in
  the deck is reported and left out of every Kredens count. They are counted wherever they are listed
  (among the special cards or in the deck) for "exactly one elekt" (B 207.5) and "one strategy at most"
  (B 206.4); a strategy card in the Sakwa is allowed (B 206.5).
* With no elekt card, or several different ones, no faction can be checked: that error alone is
  reported, not one more for each card.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import Any

from ..names import fold
from .cards import CardType, Keyword, VetoCard, VetoCardList, identity
from .decklist import MAX_LINE_COUNT, MAX_LINE_LENGTH, Section, UnresolvedLine, VetoDeck
from .messages import Lang, cite, format_label, render
from .messages import title as code_title

logger = logging.getLogger(__name__)

ERROR_CODES = (
    "UNKNOWN_CARD",
    "DECK_TOO_SMALL",
    "TOO_MANY_COPIES",
    "ELEKT_COUNT",
    "ELEKT_IN_DECK",
    "STRATEGY_IN_DECK",
    "NOT_SPECIAL_CARD",
    "ELEKT_IN_SIDEBOARD",
    "OFF_FACTION",
    "TOO_MANY_ALLIANCES",
    "LEGENDARY_COPIES",
    "LEGENDARY_TOTAL",
    "LIMITED_COPIES",
    "CONVIVIAL_CARD",
    "SIDEBOARD_SIZE",
    "TOO_MANY_STRATEGIES",
)
WARNING_CODES = ("DUAL_MARK",)

# The articles each code enforces, quoted as the Articles number them; appendices A and B reuse the chapters'
# numbers, hence the letter ("B 207.5" is the elekt card, 207.5 a field of play).
CONSTRUCTED_ARTICLES: dict[str, tuple[str, ...]] = {
    # The Articles have no registration rule (tournaments are Pacta Conventa's, not in the file): a line naming
    # no Veto card of the list is no card of the player's deck "złożonej z kart do SGK Veto".
    "UNKNOWN_CARD": ("101.4",),
    # No maximum (101.7): only the minimum is a rule.
    "DECK_TOO_SMALL": ("101.5.a", "204.4"),
    "TOO_MANY_COPIES": ("101.5.a",),
    "ELEKT_COUNT": ("B 207.5",),
    "ELEKT_IN_DECK": ("B 207.2", "210.1"),
    "STRATEGY_IN_DECK": ("B 206.1", "210.1"),
    "NOT_SPECIAL_CARD": ("210.1",),
    "ELEKT_IN_SIDEBOARD": ("B 207.8",),
    "OFF_FACTION": ("106.6", "204.8", "B 207.3", "A 103.3"),
    "TOO_MANY_ALLIANCES": ("204.7", "A 103.3"),
    "LEGENDARY_COPIES": ("D 401.1.u",),
    "LEGENDARY_TOTAL": ("D 401.1.u",),
    "LIMITED_COPIES": ("D 401.1.v",),
    "CONVIVIAL_CARD": ("D 401.1.a",),
    "SIDEBOARD_SIZE": ("211.3.a",),
    "TOO_MANY_STRATEGIES": ("B 206.4",),
    "DUAL_MARK": ("A 103.3",),  # each warning cites its letter: A 103.3.a or A 103.3.b
}
SEALED_ARTICLES: dict[str, tuple[str, ...]] = {
    **CONSTRUCTED_ARTICLES,
    "DECK_TOO_SMALL": ("101.5.b", "204.5"),
    "TOO_MANY_COPIES": ("101.5.b",),  # any number of copies: never raised, cited for completeness
    "SIDEBOARD_SIZE": ("211.4",),
}


@dataclasses.dataclass(frozen=True, kw_only=True)
class VetoRuleset:
    """The deck-building rules of one Veto format.

    ``copies_per_card``: copies of a name and epithet in the Kredens (None: any number). ``one_alliance``:
    the Kredens holds cards of one alliance at most. ``sideboard_sizes``: the sizes a Sakwa may have (None:
    any). ``sideboard_is_pool``: the Sakwa is the unused rest of a sealed pool, which no rule looks at.
    ``convivial_allowed``: Biesiadny cards may be in the Kredens. ``legendary_per``: one Legendary card per
    so many Kredens cards. ``limited_copies``: copies of a Limited name, whatever the epithet.
    """

    name: str
    deck_min: int
    copies_per_card: int | None
    one_alliance: bool
    sideboard_sizes: frozenset[int] | None
    sideboard_is_pool: bool
    convivial_allowed: bool = False
    legendary_per: int = 15
    limited_copies: int = 3
    articles: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=lambda: CONSTRUCTED_ARTICLES)

    def label(self, lang: Lang = "pl") -> str:
        return format_label(self.name, lang)


# "Format kwarciany" (101.5.a): decks built before the tournament from the player's own cards.
CONSTRUCTED = VetoRuleset(
    name="veto",
    deck_min=60,  # 101.5.a, 204.4
    copies_per_card=3,  # 101.5.a: per name and epithet
    one_alliance=True,  # 204.7
    sideboard_sizes=frozenset({0, 15}),  # 211.3.a
    sideboard_is_pool=False,
    # D 401.1.a: Biesiadny cards stay out of the Kredens "podczas zwykłych turniejów"; both formats are
    # tournament formats (101.5), and these rules are for tournament decks.
    convivial_allowed=False,
    articles=CONSTRUCTED_ARTICLES,
)
# "Format wybraniecki" (101.5.b): decks built at the event from the packs each player receives.
SEALED = VetoRuleset(
    name="veto-sealed",
    deck_min=30,  # 101.5.b, 204.5
    copies_per_card=None,  # 101.5.b: "dowolną liczbę kopii"
    one_alliance=False,  # 204.7: "z dowolnej ilości sojuszy"
    sideboard_sizes=None,  # 211.4: the Sakwa is the rest of the pool, whatever its size
    sideboard_is_pool=True,  # 211.4.a
    # Refused here too: a sealed event is still one of the two tournament formats of 101.5, and D 401.1.a
    # exempts no format. Keywords are printed rules of the card: Legendarny and Limitowany hold here as well.
    convivial_allowed=False,
    articles=SEALED_ARTICLES,
)
RULESETS: dict[str, VetoRuleset] = {"veto": CONSTRUCTED, "veto-sealed": SEALED}


# --- the report --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class VetoIssue:
    """One rule a deck breaks (an error), or how a card was read (a warning). ``cards`` are full names
    ("Name, Epithet"): Veto cards have no ids. Sentences are rendered on demand, in Polish (the default: the
    game's language) or English."""

    code: str
    message_id: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict, compare=False)
    cards: tuple[str, ...] = ()
    articles: tuple[str, ...] = ()

    def message(self, lang: Lang = "pl") -> str:
        return render(self.message_id, self.params, lang)

    def rule(self, lang: Lang = "pl") -> str:
        """ "Artykuły Henrykowskie 3.0.3, 204.7, A 103.3"."""
        return cite(self.articles, lang)

    def title(self, lang: Lang = "pl") -> str:
        return code_title(self.code, lang)

    def to_dict(self, lang: Lang = "pl") -> dict[str, Any]:
        return {
            "code": self.code,
            "title": self.title(lang),
            "message_id": self.message_id,
            "message": self.message(lang),
            "rule": self.rule(lang),
            "rule_url": "",  # the rules have no official page online since the game went out of print
            "articles": list(self.articles),
            "params": dict(self.params),
            "cards": list(self.cards),
        }


@dataclasses.dataclass(frozen=True, kw_only=True)
class VetoReport:
    deck: VetoDeck
    ruleset: VetoRuleset
    deck_count: int  # the Kredens as the rules count it: special cards listed there are not Kredens cards
    sideboard_count: int  # every card listed in the Sakwa
    errors: tuple[VetoIssue, ...]
    warnings: tuple[VetoIssue, ...]

    @property
    def legal(self) -> bool:
        return not self.errors

    def to_dict(self, lang: Lang = "pl") -> dict[str, Any]:
        """The report as JSON-ready data, its sentences in ``lang``: the VTES report's shape where it
        applies (``legal``, ``ruleset``, ``errors``, ``warnings``, ``unresolved``), with cards by name."""
        special: dict[str, list[str]] = {kind.value: [] for kind in CardType}
        for card in self.deck.special:
            special[card.type.value].append(card.full_name)
        return {
            "game": "veto",
            "legal": self.legal,
            "ruleset": self.ruleset.name,
            "format": self.ruleset.label(lang),
            "lang": lang,
            "deck_count": self.deck_count,
            "sideboard_count": self.sideboard_count,
            "special": special,
            "deck": _entries(self.deck.deck),
            "sideboard": _entries(self.deck.sideboard),
            "errors": [issue.to_dict(lang) for issue in self.errors],
            "warnings": [issue.to_dict(lang) for issue in self.warnings],
            "unresolved": [line.to_dict() for line in self.deck.unresolved],
        }


def _entries(cards: Mapping[VetoCard, int]) -> list[dict[str, Any]]:
    return [{"name": card.name, "epithet": card.epithet, "count": n} for card, n in cards.items()]


# --- validation --------------------------------------------------------------------------------


def validate(deck: VetoDeck, card_list: VetoCardList, ruleset: str | VetoRuleset = "veto") -> VetoReport:
    """Check ``deck`` against the rules of ``ruleset`` (a name of ``RULESETS`` or a ``VetoRuleset``), each
    card as ``card_list`` describes it; a card the list does not hold is an error, like a line not read."""
    rules = _ruleset(ruleset)
    errors = [_unresolved_issue(rules, line) for line in deck.unresolved]
    missing: list[VetoCard] = []
    listed = {section: _as_listed(deck.section(section), card_list, missing) for section in Section}
    errors += [_issue(rules, "UNKNOWN_CARD", "CARD_NOT_IN_LIST", [c], name=c.full_name) for c in missing]
    kredens = {card: n for card, n in listed[Section.DECK].items() if not card.is_special}
    # Elekt and strategy cards never join the Kredens: the rules of its content pass them by.
    sakwa = {} if rules.sideboard_is_pool else {c: n for c, n in listed[Section.SIDEBOARD].items() if not c.is_special}
    deck_count = sum(kredens.values())
    sideboard_count = sum(listed[Section.SIDEBOARD].values())

    special_errors, elekt = _special_cards(rules, listed)
    errors += special_errors
    if deck_count < rules.deck_min:
        errors.append(
            _issue(
                rules,
                "DECK_TOO_SMALL",
                count=deck_count,
                min=rules.deck_min,
                short=rules.deck_min - deck_count,
                ruleset=rules.name,
            )
        )
    if rules.copies_per_card is not None:
        errors += [
            _issue(rules, "TOO_MANY_COPIES", cards=[card], name=card.full_name, count=n, max=rules.copies_per_card)
            for card, n in kredens.items()
            if n > rules.copies_per_card
        ]
    affiliation_errors, warnings = _affiliations(rules, elekt, kredens, sakwa)
    errors += affiliation_errors
    errors += _keywords(rules, kredens, sakwa, deck_count)
    if rules.sideboard_sizes is not None and sideboard_count not in rules.sideboard_sizes:
        errors.append(
            _issue(
                rules,
                "SIDEBOARD_SIZE",
                count=sideboard_count,
                allowed=sorted(rules.sideboard_sizes),
                ruleset=rules.name,
            )
        )
    return VetoReport(
        deck=deck,
        ruleset=rules,
        deck_count=deck_count,
        sideboard_count=sideboard_count,
        errors=tuple(errors),
        warnings=tuple(warnings),
    )


def _ruleset(ruleset: str | VetoRuleset) -> VetoRuleset:
    if isinstance(ruleset, VetoRuleset):
        return ruleset
    found = RULESETS.get(ruleset)
    if found is None:
        raise ValueError(f"Unknown Veto ruleset {ruleset!r}; known rulesets: {', '.join(RULESETS)}.")
    return found


def _issue(
    rules: VetoRuleset,
    code: str,
    message_id: str | None = None,
    cards: list[VetoCard] | tuple[VetoCard, ...] = (),
    *,
    articles: tuple[str, ...] | None = None,
    **params: Any,
) -> VetoIssue:
    return VetoIssue(
        code=code,
        message_id=message_id or code,
        params=params,
        cards=tuple(card.full_name for card in cards),
        articles=articles if articles is not None else rules.articles[code],
    )


def _as_listed(cards: Mapping[VetoCard, int], card_list: VetoCardList, missing: list[VetoCard]) -> dict[VetoCard, int]:
    """The cards as ``card_list`` describes them (a deck read against an older list keeps its names)."""
    found: dict[VetoCard, int] = {}
    for card, n in cards.items():
        listed = card_list.get(card.name, card.epithet)
        if listed is None:
            missing.append(card)
        else:
            found[listed] = found.get(listed, 0) + n
    return found


def _unresolved_issue(rules: VetoRuleset, line: UnresolvedLine) -> VetoIssue:
    text = line.text if len(line.text) <= 120 else line.text[:117] + "…"
    if line.reason == "count":
        return _issue(
            rules, "UNKNOWN_CARD", "BAD_COUNT", line=line.line, text=text, count=line.count, max=MAX_LINE_COUNT
        )
    if line.reason == "too_long":
        return _issue(
            rules,
            "UNKNOWN_CARD",
            "LINE_TOO_LONG",
            line=line.line,
            text=text,
            length=len(line.text),
            limit=MAX_LINE_LENGTH,
        )
    message_id = "AMBIGUOUS_CARD" if line.reason == "ambiguous" else "UNKNOWN_CARD"
    return _issue(rules, "UNKNOWN_CARD", message_id, line=line.line, text=text, suggestions=list(line.suggestions))


def _special_cards(
    rules: VetoRuleset, listed: Mapping[Section, Mapping[VetoCard, int]]
) -> tuple[list[VetoIssue], VetoCard | None]:
    """The elekt and strategy cards: where they are listed and how many; and the elekt whose faction the
    deck is built for (None unless exactly one elekt card is named)."""
    errors = []
    in_play = {**listed[Section.SPECIAL]}
    for card, n in listed[Section.DECK].items():
        if card.is_special:
            code = "ELEKT_IN_DECK" if card.type is CardType.ELEKT else "STRATEGY_IN_DECK"
            errors.append(_issue(rules, code, cards=[card], name=card.full_name))
            in_play[card] = in_play.get(card, 0) + n
    errors += [
        _issue(rules, "NOT_SPECIAL_CARD", cards=[card], name=card.full_name)
        for card in listed[Section.SPECIAL]
        if not card.is_special
    ]
    elekts = {card: n for card, n in in_play.items() if card.type is CardType.ELEKT}
    strategies = {card: n for card, n in in_play.items() if card.type is CardType.STRATEGY}
    copies = sum(elekts.values())
    if copies == 0:
        errors.append(_issue(rules, "ELEKT_COUNT", "ELEKT_MISSING"))
    elif copies > 1:
        names = [card.full_name for card in elekts]
        errors.append(_issue(rules, "ELEKT_COUNT", "ELEKT_TOO_MANY", list(elekts), count=copies, names=names))
    if sum(strategies.values()) > 1:
        names = [card.full_name for card in strategies]
        errors.append(
            _issue(rules, "TOO_MANY_STRATEGIES", cards=list(strategies), count=sum(strategies.values()), names=names)
        )
    if not rules.sideboard_is_pool:
        errors += [
            _issue(rules, "ELEKT_IN_SIDEBOARD", cards=[card], name=card.full_name)
            for card in listed[Section.SIDEBOARD]
            if card.type is CardType.ELEKT
        ]
    elekt = next(iter(elekts)) if len(elekts) == 1 else None
    return errors, elekt


def _affiliations(
    rules: VetoRuleset, elekt: VetoCard | None, kredens: Mapping[VetoCard, int], sakwa: Mapping[VetoCard, int]
) -> tuple[list[VetoIssue], list[VetoIssue]]:
    """Crests (106.6, 204.8, B 207.3) and alliances (204.7), with the dual-mark exception (A 103.3): a card
    bearing a crest and an alliance mark joins a Kredens that holds cards of its faction or of its alliance.
    Of the elekt's faction, it may always be read as a faction card alone (A 103.3.b); of another faction,
    it is read as an alliance card alone (A 103.3.a), which needs another card of its alliance in the Kredens
    (the article speaks of the Kredens the card joins, so for a Sakwa card too)."""
    errors: list[VetoIssue] = []
    warnings: list[VetoIssue] = []
    home = {fold(faction) for faction in elekt.factions} if elekt is not None else None
    bearers: dict[str, set[tuple[str, str]]] = {}
    for card in kredens:
        for alliance in card.alliances:
            bearers.setdefault(fold(alliance), set()).add(card.key)

    def of_home(card: VetoCard) -> bool:
        return home is not None and bool(home & {fold(faction) for faction in card.factions})

    def joined_by_alliance(card: VetoCard) -> bool:
        return any(bearers.get(fold(alliance), set()) - {card.key} for alliance in card.alliances)

    refused: set[VetoCard] = set()
    read_as_alliance: set[VetoCard] = set()
    for section, cards in ((Section.DECK, kredens), (Section.SIDEBOARD, sakwa)):
        for card in cards:
            if elekt is None or not card.factions or of_home(card):
                continue
            params: dict[str, Any] = {"name": card.full_name, "factions": list(card.factions)}
            if card.alliances:
                params["alliances"] = list(card.alliances)
            if card.alliances and joined_by_alliance(card):
                if card in read_as_alliance:
                    continue  # listed in the Kredens and the Sakwa: read once
                read_as_alliance.add(card)
                warnings.append(
                    _issue(
                        rules,
                        "DUAL_MARK",
                        "DUAL_MARK_ALLIANCE_ONLY",
                        [card],
                        articles=("A 103.3.a",),
                        **params,
                        elekt_factions=list(elekt.factions),
                    )
                )
                continue
            refused.add(card)
            if card.alliances:
                message_id = "OFF_FACTION_DUAL"
            else:
                message_id = "OFF_FACTION" if section is Section.DECK else "OFF_FACTION_SIDEBOARD"
            errors.append(
                _issue(
                    rules,
                    "OFF_FACTION",
                    message_id,
                    [card],
                    **params,
                    elekt=elekt.full_name,
                    elekt_factions=list(elekt.factions),
                )
            )

    # 204.7 counts the Kredens's alliance cards. A dual-mark card of the elekt's faction is left out: should
    # its mark differ from the other alliance cards', A 103.3.b reads it as a faction card alone.
    counted = {card: n for card, n in kredens.items() if card.alliances and card not in refused and not of_home(card)}
    written: dict[str, str] = {}
    for card in counted:
        for alliance in card.alliances:
            written.setdefault(fold(alliance), alliance)
    common = set(written)
    for card in counted:
        common &= {fold(alliance) for alliance in card.alliances}
    if rules.one_alliance and counted and not common:
        # The alliance holding the most copies is taken as the deck's, named first: the cards outside it are the ones
        # to cut.
        copies = {key: sum(n for card, n in counted.items() if key in map(fold, card.alliances)) for key in written}
        ranked = sorted(written, key=lambda key: -copies[key])  # stable: ties keep the list's order
        outside = [card for card in counted if ranked[0] not in map(fold, card.alliances)]
        errors.append(
            _issue(
                rules,
                "TOO_MANY_ALLIANCES",
                cards=outside,
                alliances=[written[key] for key in ranked],
                count=len(written),
                ruleset=rules.name,
            )
        )
    if common:
        others = [written[key] for key in written if key in common]
        for card in dict.fromkeys((*kredens, *sakwa)):
            if card.alliances and of_home(card) and not common & {fold(alliance) for alliance in card.alliances}:
                warnings.append(
                    _issue(
                        rules,
                        "DUAL_MARK",
                        "DUAL_MARK_FACTION_ONLY",
                        [card],
                        articles=("A 103.3.b",),
                        name=card.full_name,
                        factions=list(card.factions),
                        alliances=list(card.alliances),
                        others=others,
                    )
                )
    return errors, warnings


def _keywords(
    rules: VetoRuleset, kredens: Mapping[VetoCard, int], sakwa: Mapping[VetoCard, int], deck_count: int
) -> list[VetoIssue]:
    errors: list[VetoIssue] = []
    # D 401.1.u: one copy of each Legendary card, and one Legendary card per 15 cards of the Kredens.
    legendary = {card: n for card, n in kredens.items() if Keyword.LEGENDARY in card.keywords}
    errors += [
        _issue(rules, "LEGENDARY_COPIES", cards=[card], name=card.full_name, count=n)
        for card, n in legendary.items()
        if n > 1
    ]
    allowed = deck_count // rules.legendary_per
    if sum(legendary.values()) > allowed:
        errors.append(
            _issue(
                rules,
                "LEGENDARY_TOTAL",
                cards=list(legendary),
                count=sum(legendary.values()),
                max=allowed,
                per=rules.legendary_per,
                names=[card.full_name for card in legendary],
            )
        )
    # D 401.1.v: three copies of a Limited name in the Kredens and the Sakwa, whatever the epithet. "The same
    # name" is 104.2's "identical spelling": compared as the card list compares names.
    by_name: dict[str, dict[VetoCard, int]] = {}
    for cards in (kredens, sakwa):
        for card, n in cards.items():
            if Keyword.LIMITED in card.keywords:
                versions = by_name.setdefault(identity(card.name)[0], {})
                versions[card] = versions.get(card, 0) + n
    for versions in by_name.values():
        count = sum(versions.values())
        if count > rules.limited_copies:
            errors.append(
                _issue(
                    rules,
                    "LIMITED_COPIES",
                    "LIMITED_COPIES_DECK" if rules.sideboard_is_pool else "LIMITED_COPIES",
                    list(versions),
                    name=next(iter(versions)).name,
                    count=count,
                    max=rules.limited_copies,
                    versions=[card.full_name for card in versions],
                )
            )
    # D 401.1.a: no Biesiadny card in a tournament Kredens. The article names the Kredens only.
    if not rules.convivial_allowed:
        errors += [
            _issue(rules, "CONVIVIAL_CARD", cards=[card], name=card.full_name, count=n)
            for card, n in kredens.items()
            if Keyword.CONVIVIAL in card.keywords
        ]
    return errors
