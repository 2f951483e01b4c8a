"""What a deck does, as players say it: tags with scores, and the named archetype it is nearest to.

Pure Python (no Django). ``twda.services`` stores each archive deck's tags and archetype; the deck pages
compute them for any deck.

    scores = tags(deck, cards)                 # {"bleed": 0.82, "stealth": 0.61, "vote": 0.0, …}
    match = classify(scores)                   # Match(slug="stealth-bleed", distance=0.31, …)

Tags — the method
-----------------
Each library card feeds zero or more tags with a weight from 0 to 1, read from its type and its text
(``card_weights``; the table below says which cards and why). A deck's *density* for a tag is the sum of
copies × weight over its library, divided by the library's size; the tag's score is that density over the
tag's *saturation* (the density a deck built around the tag reaches: about the 90th percentile of the
archive's winning decks), capped at 1, plus what the crypt adds (vampires whose own text or title does the
same thing; ``CRYPT_BONUS`` at most). So a score reads "how much of the deck is built for this", 0–1.

====================  ===================================================================  ==========
tag                   cards that feed it (weight)                                          saturation
====================  ===================================================================  ==========
bleed                 "+N bleed" on an action or action modifier, "(D) Bleed" actions (1);  0.30
                      "+N bleed" on any other card (0.5); crypt: "+1 bleed" vampires
stealth               "+N stealth" on an action modifier or reaction (1); a "+1 stealth"    0.30
                      action or "+N stealth" elsewhere (0.25: many actions carry it in
                      passing); crypt: "+1 stealth" vampires
block                 "+N intercept" (1), a locked vampire "wakes" (1), other reactions      0.32
                      (0.25: reaction-heavy decks defend); crypt: "+1 intercept" vampires
vote                  political actions (1), "+N vote(s)" / "additional vote" (1);           0.25
                      crypt: titled vampires (their votes, 3 votes = full bonus)
rush                  actions whose text is "enter combat with" a minion (1), other cards    0.12
                      letting a minion do so as its action (contracts: 0.8); crypt:
                      vampires that may enter combat as a (D) action
combat                combat cards that hurt or keep the fight going (strength, damage,     0.42
                      additional strike, press, maneuver, aggravated: 1), other combat
                      cards (dodge, "combat ends": 0.5), weapons (equipment that strikes:
                      0.8)
ally                  ally cards (1), cards naming allies or "mortal" helpers (0.3)          0.18
swarm                 embraces and "becomes a … vampire" cards (1), allies (0.5); crypt:     0.12
                      the average capacity (capacity 2 or less: full bonus, 7 or more: none)
master                master-phase actions: master cards (0.5), and cards granting an       0.25
                      additional master phase action (1)
acceleration          pool gain ("gain N pool", "to your pool": 1), blood moved onto        0.30
                      uncontrolled vampires ("add N blood … uncontrolled region": 1),
                      blood gain for a minion ("gains N blood": 0.5)
====================  ===================================================================  ==========

Named archetypes — the rule
---------------------------
``data/archetypes.json`` lists the archetypes players name (stealth bleed, wall, vote, …), each with a
description and at least three *reference decks* of the tournament archive, chosen by reading them, each
with a one-line reason. Its ``centroid`` is the mean tag vector of its references (``with_centroids``
recomputes it from the decks; a test checks that the file agrees). A deck's archetype is the one whose centroid is the
nearest to the deck's tags (Euclidean distance over the ten tags); when even the nearest one is further
than ``MAX_DISTANCE``, the deck is ``UNCLASSIFIED``: it does not resemble any named archetype closely enough
to be called one. Ties go to the order of the file.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .carddb import CardIndex
from .deck import Deck
from .domain import Card

__all__ = [
    "DATA_FILE",
    "MAX_DISTANCE",
    "TAGS",
    "UNCLASSIFIED",
    "Match",
    "NamedArchetype",
    "card_weights",
    "centroid",
    "classify",
    "named_archetypes",
    "tags",
    "with_centroids",
]

TAGS = ("bleed", "stealth", "block", "vote", "rush", "combat", "ally", "swarm", "master", "acceleration")
SATURATION: dict[str, float] = {
    "bleed": 0.30,
    "stealth": 0.30,
    "block": 0.32,
    "vote": 0.25,
    "rush": 0.12,
    "combat": 0.42,
    "ally": 0.18,
    "swarm": 0.12,
    "master": 0.25,
    "acceleration": 0.30,
}
CRYPT_BONUS = 0.25  # the most a crypt adds to a tag: the library says what a deck does, the crypt helps
SWARM_FULL_CAPACITY = 2.0  # an average crypt capacity this low: the crypt is all small minions
SWARM_NO_CAPACITY = 7.0  # this high: a few large vampires
FULL_VOTES = 3  # a crypt of 3-vote vampires gives the whole crypt bonus to vote
MAX_DISTANCE = 0.9  # further than this from every centroid: unclassified
UNCLASSIFIED = "unclassified"
DATA_FILE = Path(__file__).resolve().parent / "data" / "archetypes.json"

_BLEED = re.compile(r"\+\s?[\dX]+ bleed|\(D\) bleed", re.IGNORECASE)
_STEALTH = re.compile(r"\+\s?[\dX]+ stealth(?! action)", re.IGNORECASE)
_STEALTH_ACTION = re.compile(r"\+\s?\d+ stealth action", re.IGNORECASE)
_INTERCEPT = re.compile(r"\+\s?[\dX]+ intercept", re.IGNORECASE)
_WAKE = re.compile(r"\bwakes?\b", re.IGNORECASE)
_VOTES = re.compile(r"\+\s?[\dX]+ votes?\b|additional vote", re.IGNORECASE)
_ENTER_COMBAT = re.compile(r"enter combat with", re.IGNORECASE)
_HURTS = re.compile(r"strength|damage|additional strike|\bpress\b|maneuver|aggravated|strike: \d", re.IGNORECASE)
_STRIKES = re.compile(r"strike", re.IGNORECASE)
_ALLY_HELP = re.compile(r"\ballies\b|\bally\b|\bmortal\b", re.IGNORECASE)
_EMBRACE = re.compile(r"becomes? an? [\w -]*vampire|embrace", re.IGNORECASE)
_MASTER_ACTION = re.compile(r"additional master phase action|master phase actions?", re.IGNORECASE)
_POOL = re.compile(r"gain \d+ pool|gain X pool|to (?:your|their) pool", re.IGNORECASE)
_UNCONTROLLED = re.compile(r"add \d+ blood to [^.]*uncontrolled region", re.IGNORECASE)
_BLOOD_GAIN = re.compile(r"gains? \d+ blood", re.IGNORECASE)
_CRYPT_DCOMBAT = re.compile(r"enter combat with any (?:ready )?minion|enter combat with a [^.]*\(D\)", re.IGNORECASE)


def _library_weights(card: Card) -> dict[str, float]:
    """Tag → weight (0–1) of one library card, by the table of the module docstring."""
    text, types = card.text, set(card.types)
    weights: dict[str, float] = {}

    def feed(tag: str, weight: float) -> None:
        weights[tag] = max(weights.get(tag, 0.0), weight)

    acting = bool(types & {"Action", "Action Modifier"})
    if _BLEED.search(text):
        feed("bleed", 1.0 if acting else 0.5)
    if _STEALTH.search(text) and types & {"Action Modifier", "Reaction"}:
        feed("stealth", 1.0)
    elif _STEALTH.search(text) or (_STEALTH_ACTION.search(text) and "Action" in types):
        feed("stealth", 0.25)
    if _INTERCEPT.search(text) or ("Reaction" in types and _WAKE.search(text)):
        feed("block", 1.0)
    elif "Reaction" in types:
        feed("block", 0.25)
    if "Political Action" in types or _VOTES.search(text):
        feed("vote", 1.0)
    if _ENTER_COMBAT.search(text) and not types & {"Combat", "Reaction"}:
        # A rush action, or a card letting a minion rush as its action (a contract, a location).
        feed("rush", 1.0 if "Action" in types else 0.8)
    if "Combat" in types:
        feed("combat", 1.0 if _HURTS.search(text) else 0.5)
    elif "Equipment" in types and _STRIKES.search(text):
        feed("combat", 0.8)
    if "Ally" in types:
        feed("ally", 1.0)
        feed("swarm", 0.5)
    elif _ALLY_HELP.search(text):
        feed("ally", 0.3)
    if _EMBRACE.search(text) and types & {"Action", "Master"}:
        feed("swarm", 1.0)
    if _MASTER_ACTION.search(text):
        feed("master", 1.0)
    elif "Master" in types:
        feed("master", 0.5)
    if _POOL.search(text) or _UNCONTROLLED.search(text):
        feed("acceleration", 1.0)
    elif _BLOOD_GAIN.search(text):
        feed("acceleration", 0.5)
    return weights


def _crypt_weights(card: Card) -> dict[str, float]:
    """Tag → weight of one vampire (or Imbued): what its own text and title bring to the deck's tags."""
    text = card.text
    weights: dict[str, float] = {}
    if re.search(r"\+1 bleed", text, re.IGNORECASE):
        weights["bleed"] = 1.0
    if re.search(r"\+1 stealth", text, re.IGNORECASE):
        weights["stealth"] = 1.0
    if _INTERCEPT.search(text):
        weights["block"] = 1.0
    if card.votes:
        weights["vote"] = min(1.0, card.votes / FULL_VOTES)
    if _CRYPT_DCOMBAT.search(text):
        weights["rush"] = 1.0
    return weights


def card_weights(cards: CardIndex) -> dict[int, dict[str, float]]:
    """Card id → tag → weight, for every card of the list (worked out once per card list)."""
    return cards.derived(__name__, _build_weights)


def _build_weights(cards: CardIndex) -> dict[int, dict[str, float]]:
    return {card.id: (_crypt_weights(card) if card.is_crypt else _library_weights(card)) for card in cards}


def tags(deck: Deck, cards: CardIndex) -> dict[str, float]:
    """Every tag of ``TAGS`` with its score (0–1, two decimals), by the module docstring's method."""
    weights = card_weights(cards)
    library = sum(n for card_id, n in deck.library.items() if card_id in weights) or 1
    crypt = sum(n for card_id, n in deck.crypt.items() if card_id in weights) or 1
    density = dict.fromkeys(TAGS, 0.0)
    for card_id, n in deck.library.items():
        for tag, weight in weights.get(card_id, {}).items():
            density[tag] += n * weight
    bonus = dict.fromkeys(TAGS, 0.0)
    capacity = 0.0
    for card_id, n in deck.crypt.items():
        for tag, weight in weights.get(card_id, {}).items():
            bonus[tag] += n * weight
        card = cards.get(card_id)
        capacity += n * ((card.capacity or 0) if card is not None else 0)
    average = capacity / crypt
    swarm = (SWARM_NO_CAPACITY - average) / (SWARM_NO_CAPACITY - SWARM_FULL_CAPACITY)
    bonus["swarm"] = max(0.0, min(1.0, swarm)) * crypt
    scores = {}
    for tag in TAGS:
        score = density[tag] / library / SATURATION[tag] + CRYPT_BONUS * bonus[tag] / crypt
        scores[tag] = round(max(0.0, min(1.0, score)), 2)
    return scores


# --- named archetypes ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class NamedArchetype:
    slug: str
    name: str
    description: str
    references: tuple[tuple[str, str], ...]  # (archive deck id, why it is a reference)
    centroid: tuple[float, ...]  # one score per tag of TAGS


@dataclasses.dataclass(frozen=True)
class Match:
    slug: str  # a named archetype's slug, or UNCLASSIFIED
    distance: float  # to the nearest centroid
    nearest: str  # the nearest named archetype, even when too far to be the deck's


@cache
def named_archetypes(path: Path = DATA_FILE) -> tuple[NamedArchetype, ...]:
    """The curated list (``data/archetypes.json``), in the file's order."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for entry in data["archetypes"]:
        centroid = entry.get("centroid") or {}
        found.append(
            NamedArchetype(
                slug=entry["slug"],
                name=entry["name"],
                description=entry["description"],
                references=tuple((str(ref["id"]), str(ref["why"])) for ref in entry["references"]),
                centroid=tuple(float(centroid.get(tag, 0.0)) for tag in TAGS),
            )
        )
    return tuple(found)


def _vector(scores: Mapping[str, float]) -> tuple[float, ...]:
    return tuple(float(scores.get(tag, 0.0)) for tag in TAGS)


def centroid(vectors: Iterable[Mapping[str, float]]) -> dict[str, float]:
    """The mean tag scores of decks (three decimals)."""
    rows = [_vector(v) for v in vectors]
    if not rows:
        return dict.fromkeys(TAGS, 0.0)
    return {tag: round(sum(row[i] for row in rows) / len(rows), 3) for i, tag in enumerate(TAGS)}


def classify(
    scores: Mapping[str, float],
    named: Sequence[NamedArchetype] | None = None,
    *,
    max_distance: float = MAX_DISTANCE,
) -> Match:
    """The named archetype nearest to ``scores`` (the module docstring's rule)."""
    named = named_archetypes() if named is None else named
    point = _vector(scores)
    best, best_distance = "", math.inf
    for archetype in named:
        distance = math.dist(point, archetype.centroid)
        if distance < best_distance:
            best, best_distance = archetype.slug, distance
    if not best:
        return Match(slug=UNCLASSIFIED, distance=math.inf, nearest="")
    slug = best if best_distance <= max_distance else UNCLASSIFIED
    return Match(slug=slug, distance=round(best_distance, 3), nearest=best)


def with_centroids(
    named: Sequence[NamedArchetype], vectors: Mapping[str, Mapping[str, float]]
) -> tuple[NamedArchetype, ...]:
    """``named`` with each centroid recomputed from its references' tags (``vectors``: deck id → tags);
    references missing from ``vectors`` are left out of the mean."""
    result = []
    for archetype in named:
        found = [vectors[deck_id] for deck_id, _why in archetype.references if deck_id in vectors]
        mean = centroid(found)
        result.append(dataclasses.replace(archetype, centroid=_vector(mean)))
    return tuple(result)
