"""Veto decks: deck building for *Veto* (SGK Veto, a Polish CCG, out of print), checked against a card
list the player supplies. Nothing here is VTES: no rule of one game is shared with the other.

    card_list = parse_card_list(csv_text)
    deck = parse_decklist(decklist_text, card_list)
    report = validate(deck, card_list, ruleset="veto")     # or "veto-sealed"
    report.to_dict(lang="pl")                              # or "en"

Modules:
  * ``cards``    — the card list: a CSV read into ``VetoCard`` records (``parse_card_list``, ``to_csv``);
  * ``decklist`` — decklists as text, in Polish or English (``parse_decklist``, ``to_text``);
  * ``rules``    — the two formats as data (``RULESETS``) and ``validate``, each error citing its article of
    the "Artykuły Henrykowskie" 3.0.3;
  * ``messages`` — every sentence in Polish and English, by message id (``render``), and the citations.

``data/example.csv`` is an invented list (no real card, no real card text) the tests build decks from.
"""

from __future__ import annotations

from .cards import (
    CardListError,
    CardListProblem,
    CardType,
    Keyword,
    VetoCard,
    VetoCardList,
    load_example,
    parse_card_list,
    to_csv,
)
from .decklist import Section, UnresolvedLine, VetoDeck, VetoDecklistError, parse_decklist, to_text
from .messages import LANGUAGES, Lang, cite, render
from .rules import RULESETS, VetoIssue, VetoReport, VetoRuleset, validate

__all__ = [
    "LANGUAGES",
    "RULESETS",
    "CardListError",
    "CardListProblem",
    "CardType",
    "Keyword",
    "Lang",
    "Section",
    "UnresolvedLine",
    "VetoCard",
    "VetoCardList",
    "VetoDeck",
    "VetoDecklistError",
    "VetoIssue",
    "VetoReport",
    "VetoRuleset",
    "cite",
    "load_example",
    "parse_card_list",
    "parse_decklist",
    "render",
    "to_csv",
    "to_text",
    "validate",
]
