"""Cards to add and cards to cut, from the decks most like this one; and what those decks share.

    peers = [Peer(key, similarity, crypt, library, winning), …]     # the nearest decks (``similarity``)
    allowed = lambda ids: legal_adds(deck.crypt, deck.library, ids, cards, ruleset=rules, as_of=day)
    found = suggest(deck.crypt, deck.library, peers, weights, allowed=allowed)
    found.add, found.cut                  # [Suggestion], best first: card, score, "in 34 of 50", usual copies
    common, flex = core_and_flex(deck.crypt, deck.library, peers)

How cards are ranked
--------------------
Of the ``K`` nearest decks, ``d`` play a card: its share among them is ``s = d / K``. Its share in the whole
reference pool (the archive: how common the card is anyway) is ``b``, smoothed as ``(df + 1) / (N + 2)`` so
a card no archive deck plays is not infinitely surprising (with no archive at all, as if half of all decks
played it). The *lift* ``s / b`` says how much more the decks like this one play the card than decks in
general do.

* **Add**: a card the deck lacks, played by at least ``MIN_DECKS`` and ``ADD_SHARE`` of the nearest decks,
  with a lift above 1. Score ``s × ln(lift)``: the lift, weighted by how many of the similar decks play it,
  so that a card in 9 of 10 similar decks (and a third of all decks) ranks beside one in 2 of 10 similar
  decks that almost no other deck plays, not far below it.
* **Cut**: a card the deck plays that at most ``CUT_SHARE`` of the nearest decks play, with a lift below 1
  (decks like this one play it less than decks in general). Score ``1 − lift``: 1 for a card none of them
  plays. Ties: more copies first (more room freed).

* **Cut, from simulated games**: when the deck's cards were measured in simulated games (``measured``: a card
  impact, ``engine.compare.card_impact``, of this very version of the deck), the cuts are its modelled cards whose
  95 % interval of ``vp_delta`` (VP a game as built − with every copy blanked) does not lie above 0, the lowest
  ``vp_delta`` first: the deck did no better with them, or did better without them, as far as those games can
  tell. Score ``−vp_delta``. A card the engine does not model plays as a blank already (a delta of about 0 says
  nothing of its worth), and a card without an interval was measured too little: neither is offered. Each keeps
  the similar decks' figures beside its own, as the other cuts do.

The hard rules come before any score: an add is offered only if ``allowed`` keeps it (``legal_adds``: the
crypt group rule, the format's card pool, bans and release dates on the day, and for a library card a
vampire of this crypt able to play it, per ``eligibility``).
"""

from __future__ import annotations

import dataclasses
import datetime
import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from . import eligibility
from .carddb import CardIndex
from .deck import Deck
from .similarity import Weights
from .validate import Ruleset, out_of_format, validate

__all__ = ["Measured", "Peer", "Suggestion", "Suggestions", "core_and_flex", "legal_adds", "suggest"]

MIN_DECKS = 3
ADD_SHARE = 0.2
CUT_SHARE = 0.1
CORE_SHARE = 0.5


@dataclasses.dataclass(frozen=True)
class Peer:
    """One of the nearest decks, with its cards."""

    key: str
    similarity: float
    crypt: Mapping[int, int]
    library: Mapping[int, int]
    winning: bool = True


@dataclasses.dataclass(frozen=True)
class Suggestion:
    card_id: int
    crypt: bool
    score: float
    decks: int  # nearest decks playing it
    of: int  # nearest decks looked at
    copies: tuple[int, int]  # the usual copies in those decks: lower and upper quartile
    share: float  # decks / of
    base_share: float  # share of the reference pool (the archive) playing it
    lift: float
    in_deck: int = 0  # copies this deck plays (cuts)
    measured: Measured | None = None  # a cut from simulated games: what the card was found to bring


@dataclasses.dataclass(frozen=True)
class Measured:
    """What a card of the deck brought in simulated games (a card impact's row): VP a game as built − with every
    copy blanked, its 95 % interval, the games for each version, whether the engine models the card."""

    card_id: int
    vp_delta: float | None
    ci95: tuple[float, float] | None
    games: int
    modelled: bool = True

    @property
    def cut(self) -> bool:
        """A cut candidate: modelled, with an interval that does not lie above 0."""
        return self.modelled and self.vp_delta is not None and self.ci95 is not None and self.ci95[0] <= 0


@dataclasses.dataclass(frozen=True)
class Suggestions:
    add: list[Suggestion]
    cut: list[Suggestion]
    neighbours: int  # how many nearest decks were read
    winning: bool  # every one of them a tournament-winning deck


def suggest(
    crypt: Mapping[int, int],
    library: Mapping[int, int],
    peers: Sequence[Peer],
    weights: Weights,
    *,
    allowed: Callable[[Sequence[int]], Collection[int]] | None = None,
    limit: int = 10,
    measured: Sequence[Measured] | None = None,
) -> Suggestions:
    """Cards to add and to cut (at most ``limit`` each), best first (see the module's docstring); the cuts from
    ``measured`` when the deck's cards were measured in simulated games."""
    k = len(peers)
    in_deck = {**crypt, **library}
    copies: dict[int, list[int]] = {}
    is_crypt: dict[int, bool] = {}
    for peer in peers:
        for part, crypt_part in ((peer.crypt, True), (peer.library, False)):
            for card_id, n in part.items():
                if n > 0:
                    copies.setdefault(card_id, []).append(n)
                    is_crypt[card_id] = crypt_part
    base = weights.decks + 2

    def lift_of(card_id: int, decks: int) -> tuple[float, float, float]:
        share = decks / k if k else 0.0
        smoothed = (weights.df.get(card_id, 0) + 1) / base
        return share, weights.share(card_id), share / smoothed

    def suggestion(
        card_id: int,
        counts: list[int],
        figures: tuple[float, float, float],
        *,
        crypt: bool,
        score: float,
        in_deck: int = 0,
        measured: Measured | None = None,
    ) -> Suggestion:
        """A card to add or cut, its ``score`` beside the similar decks' figures of it (``lift_of``), rounded alike
        whatever the reason it is offered."""
        share, base_share, lift = figures
        return Suggestion(
            card_id=card_id,
            crypt=crypt,
            score=round(score, 4),
            decks=len(counts),
            of=k,
            copies=_quartiles(counts),
            share=round(share, 4),
            base_share=round(base_share, 4),
            lift=round(lift, 2),
            in_deck=in_deck,
            measured=measured,
        )

    adds: list[Suggestion] = []
    needed = max(MIN_DECKS, math.ceil(ADD_SHARE * k))
    for card_id, counts in copies.items():
        if in_deck.get(card_id, 0) > 0 or len(counts) < needed:
            continue
        figures = lift_of(card_id, len(counts))
        share, _base_share, lift = figures
        if lift <= 1.0:
            continue
        adds.append(suggestion(card_id, counts, figures, crypt=is_crypt[card_id], score=share * math.log(lift)))
    adds.sort(key=lambda s: (-s.score, -s.decks, s.card_id))
    if allowed is not None and adds:
        kept = set(allowed([s.card_id for s in adds]))
        adds = [s for s in adds if s.card_id in kept]

    cuts: list[Suggestion] = []
    if measured is not None:
        for found in sorted(
            (m for m in measured if m.cut), key=lambda m: (m.vp_delta, -in_deck.get(m.card_id, 0), m.card_id)
        ):
            n = in_deck.get(found.card_id, 0)
            if n <= 0:
                continue  # measured on another version of the deck: no longer in it
            counts = copies.get(found.card_id, [])
            cuts.append(
                suggestion(
                    found.card_id,
                    counts,
                    lift_of(found.card_id, len(counts)),
                    crypt=found.card_id in crypt,
                    score=-(found.vp_delta or 0.0),
                    in_deck=n,
                    measured=found,
                )
            )
    elif k:
        for part, crypt_part in ((crypt, True), (library, False)):
            for card_id, n in part.items():
                counts = copies.get(card_id, [])
                if n <= 0 or len(counts) > CUT_SHARE * k:
                    continue
                figures = lift_of(card_id, len(counts))
                lift = figures[2]
                if lift >= 1.0:
                    continue
                cuts.append(suggestion(card_id, counts, figures, crypt=crypt_part, score=1.0 - lift, in_deck=n))
    if measured is None:
        cuts.sort(key=lambda s: (-s.score, -s.in_deck, s.card_id))
    return Suggestions(add=adds[:limit], cut=cuts[:limit], neighbours=k, winning=all(p.winning for p in peers))


def _quartiles(counts: list[int]) -> tuple[int, int]:
    """The lower and upper quartile of the copies (nearest rank): "usually 2–4 copies"."""
    if not counts:
        return (0, 0)
    ordered = sorted(counts)
    last = len(ordered) - 1
    return ordered[round(last * 0.25)], ordered[round(last * 0.75)]


def core_and_flex(
    crypt: Mapping[int, int], library: Mapping[int, int], peers: Sequence[Peer], *, share: float = CORE_SHARE
) -> tuple[list[tuple[int, int, int]], list[int]]:
    """The *core*: cards at least ``share`` of the nearest decks play, as (card id, decks playing it, copies
    this deck plays), most played first; and the *flex*: cards this deck plays that none of them does."""
    decks: dict[int, int] = {}
    for peer in peers:
        for card_id in {*(i for i, n in peer.crypt.items() if n > 0), *(i for i, n in peer.library.items() if n > 0)}:
            decks[card_id] = decks.get(card_id, 0) + 1
    mine = {**crypt, **library}
    common = [(card_id, d, mine.get(card_id, 0)) for card_id, d in decks.items() if peers and d >= share * len(peers)]
    common.sort(key=lambda row: (-row[1], row[0]))
    flex = [card_id for card_id, n in mine.items() if n > 0 and card_id not in decks] if peers else []
    return common, flex


def legal_adds(
    crypt: Mapping[int, int],
    library: Mapping[int, int],
    candidates: Iterable[int],
    cards: CardIndex,
    *,
    ruleset: str | Ruleset = "vekn",
    as_of: datetime.date | None = None,
) -> set[int]:
    """The candidates a deck may take in: in the format's pool on ``as_of`` (not banned, already legal, in
    its sets or cards); for a vampire, keeping the crypt within the group window (or adding no group it does
    not already span); for a library card, playable by some card of this crypt (``eligibility``, counting the
    become-Anarch action as the validator does). Each rule is the validator's own: the pool is
    ``validate.out_of_format``, the groups ``validate`` of each vampire beside this crypt."""
    day = as_of or datetime.date.today()
    known = [card_id for card_id in dict.fromkeys(candidates) if card_id in cards]
    vampires = [card_id for card_id in known if cards[card_id].is_crypt]
    others = [card_id for card_id in known if not cards[card_id].is_crypt]
    refused = set(out_of_format(ruleset, cards, day).intersection(known))
    refused.update(eligibility.for_cards(cards).unplayable(crypt, others, may_become_anarch=True))
    if vampires:
        before = validate(Deck(crypt=dict(crypt)), cards, ruleset=ruleset, as_of=day).groups
        for card_id in vampires:
            if card_id in refused:
                continue
            after = validate(
                Deck(crypt={**crypt, card_id: crypt.get(card_id, 0) + 1}), cards, ruleset=ruleset, as_of=day
            )
            if any(issue.code == "CRYPT_GROUPS" for issue in after.errors) and after.groups != before:
                refused.add(card_id)
    return {card_id for card_id in known if card_id not in refused}
