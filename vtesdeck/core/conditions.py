"""Conditions on an opening hand: a tiny expression language, parsed here (never ``eval``-ed).

An opening hand is the 7 library cards and the 4 crypt cards a player starts with. A condition asks how
many of those cards are of some kind and compares the counts::

    library.type("Master") >= 1 and crypt.capacity("<=6") >= 2
    library.card("Govern the Unaligned") and crypt.discipline("DOM")
    (library.discipline("dom") + library.discipline("pre") >= 3 or crypt.title()) and not crypt.clan("Caitiff")
    library.type("Combat") > library.type("Reaction")

Terms (each one counts the cards of the hand it describes; names are matched without regard to case):

``library.type("Master")``          library cards of that type (a card of two types counts for each)
``library.card("Govern the Unaligned")`` or ``library.card(100853)``  copies of that card (name or VEKN id)
``library.discipline("dom")``       library cards requiring that discipline (trigram or name)
``library.clan("Ventrue")``         library cards requiring that clan
``crypt.card("Anson")``             copies of that vampire (every version of the name the crypt holds)
``crypt.capacity("<=6")``           vampires by capacity: ``<``, ``<=``, ``>``, ``>=``, ``==`` or a bare number
``crypt.clan("Ventrue")``           vampires of that clan
``crypt.discipline("dom")``         vampires with Dominate; ``"DOM"`` (upper case) asks for superior Dominate
``crypt.title()``, ``crypt.title("prince")``  titled vampires, or vampires holding that title
``crypt.sect("Camarilla")``         vampires of that sect

Counts compare with ``>=``, ``>``, ``<=``, ``<``, ``==`` and ``!=`` against whole numbers or other counts,
and may be added with ``+``. A term alone means "at least one" (``library.card("Deflection")`` is
``library.card("Deflection") >= 1``). Comparisons combine with ``and``, ``or``, ``not`` and parentheses;
``not`` binds tightest, then ``and``, then ``or``.

``compile_condition`` resolves the names against a deck (and the card list) once, into a weight per
distinct card of the deck, so evaluating a condition over a million hands is a few array operations:
a comparison's count in a hand is the sum of its weights over the hand's cards. The compiled form is
plain JSON data, so a worker evaluates it with no card list at hand. Any mistake raises
``ConditionError`` with the 0-based character position and a sentence saying what was expected.

The errors of the whole draw simulator live here too (``DrawsError``, ``ConditionError``); ``draws``
re-exports them.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import logging
import re
from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from . import odds
from .carddb import CardIndex
from .domain import DISCIPLINES, SECTS, TITLE_VOTES, TRAITS_BY_NAME, VIRTUES, Card
from .names import fold

logger = logging.getLogger(__name__)

MAX_CONDITIONS = 10
MAX_CONDITION_LENGTH = 300
MAX_NESTING = 20  # parentheses and `not`s inside each other
MAX_TERMS = 16  # terms in one condition (past this, a condition is surely generated, not written)
MAX_NUMBER = 1_000  # no hand holds more cards than this; larger numbers in a comparison are typos
# Exact odds enumerate every joint outcome of the cards a condition looks at; past this many outcomes the
# condition is left to the Monte-Carlo estimate (p_exact null) so an exact report stays instant.
MAX_EXACT_OUTCOMES = 200_000

PARTS = ("library", "crypt")
OPERATORS = (">=", "<=", "==", "!=", ">", "<")
OPENING = {"library": odds.OPENING_HAND, "crypt": 4}


class DrawsError(ValueError):
    """The deck or a parameter cannot be simulated; ``str()`` is a sentence for users."""


class ConditionError(DrawsError):
    """A condition that does not parse or names something unknown.

    ``expression`` is the condition's text, ``position`` the 0-based offset of the mistake in it, and
    ``index`` which condition of a list it was (0-based; None when compiled alone).
    """

    def __init__(self, message: str, *, expression: str, position: int, index: int | None = None) -> None:
        super().__init__(message)
        self.message, self.expression, self.position, self.index = message, expression, position, index


# --- tokens ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Token:
    kind: str  # "name", "number", "string", "op", "punct", "end"
    text: str  # as written
    value: Any  # the number, the unquoted string, the lower-case name
    position: int


_TOKEN = re.compile(
    r"""(?P<space>\s+)
      | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<number>\d+)
      | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
      | (?P<op>>=|<=|==|!=|>|<)
      | (?P<punct>[().,+])""",
    re.VERBOSE,
)
# Spellings from other languages, answered with what this one writes instead.
_FOREIGN = {"&&": "and", "&": "and", "||": "or", "|": "or", "!": "not", "=": "=="}


def tokenize(text: str) -> list[Token]:
    tokens = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            _raise_foreign(text, position)
        assert match is not None
        kind = match.lastgroup or ""
        raw = match.group()
        if kind == "name":
            tokens.append(Token("name", raw, raw.lower(), position))
        elif kind == "number":
            if len(raw) > 9:  # longer than any VEKN id
                raise _error(f"the number {raw} is too large", text, position)
            tokens.append(Token("number", raw, int(raw), position))
        elif kind == "string":
            tokens.append(Token("string", raw, re.sub(r"\\(.)", r"\1", raw[1:-1]), position))
        elif kind in ("op", "punct"):
            tokens.append(Token(kind, raw, raw, position))
        position = match.end()
    tokens.append(Token("end", "", None, len(text)))
    return tokens


def _raise_foreign(text: str, position: int) -> None:
    for spelling, ours in _FOREIGN.items():
        if text.startswith(spelling, position):
            raise _error(f"unexpected '{spelling}'; write '{ours}'", text, position)
    char = text[position]
    if char in "\"'":
        raise _error(f"this text has no closing {char}", text, position)
    raise _error(f"unexpected character {char!r}", text, position)


def _error(message: str, text: str, position: int, hint: str = "") -> ConditionError:
    sentence = f"{message} at {position}" + (f"; {hint}" if hint else "")
    return ConditionError(sentence, expression=text, position=position)


# --- syntax tree -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Term:
    part: str  # "library" or "crypt"
    function: str  # "type", "card", …
    argument: str | int | None
    position: int
    argument_position: int


@dataclasses.dataclass(frozen=True)
class Sum:
    terms: tuple[Term, ...]
    number: int  # the whole numbers added in
    position: int


@dataclasses.dataclass(frozen=True)
class Compare:
    left: Sum
    op: str
    right: Sum
    position: int


@dataclasses.dataclass(frozen=True)
class Logic:
    op: str  # "and", "or", "not"
    items: tuple[Node, ...]


Node = Compare | Logic

FUNCTIONS: dict[str, dict[str, str]] = {
    # function → what its argument is ("" = none allowed, "?" suffix = optional)
    "library": {
        "type": "a card type",
        "card": "a card name or VEKN id",
        "discipline": "a discipline",
        "clan": "a clan",
    },
    "crypt": {
        "card": "a vampire's name or VEKN id",
        "capacity": 'a capacity such as "<=6"',
        "clan": "a clan",
        "discipline": "a discipline",
        "title": "a title?",
        "sect": "a sect",
    },
}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.at = 0
        self.depth = 0
        self.terms = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.at]

    def fail(self, message: str, token: Token | None = None, hint: str = "") -> ConditionError:
        token = token or self.token
        return _error(message, self.text, token.position, hint)

    def expect(self, text: str, what: str) -> Token:
        token = self.token
        if token.text != text:
            raise self.fail(f"expected {what}, found {_shown(token)}")
        self.at += 1
        return token

    def parse(self) -> Node:
        if self.token.kind == "end":
            raise self.fail("the condition is empty", hint='write e.g. library.type("Master") >= 1')
        node = self.disjunction()
        if self.token.kind != "end":
            raise self.fail(f"expected 'and', 'or' or the end, found {_shown(self.token)}")
        return node

    def nested(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.fail(f"the condition nests more than {MAX_NESTING} levels deep")

    def disjunction(self) -> Node:
        items = [self.conjunction()]
        while self.token.kind == "name" and self.token.value == "or":
            self.at += 1
            items.append(self.conjunction())
        return items[0] if len(items) == 1 else Logic("or", tuple(items))

    def conjunction(self) -> Node:
        items = [self.negation()]
        while self.token.kind == "name" and self.token.value == "and":
            self.at += 1
            items.append(self.negation())
        return items[0] if len(items) == 1 else Logic("and", tuple(items))

    def negation(self) -> Node:
        if self.token.kind == "name" and self.token.value == "not":
            self.nested()
            self.at += 1
            node: Node = Logic("not", (self.negation(),))
            self.depth -= 1
            return node
        if self.token.text == "(":
            self.nested()
            self.at += 1
            node = self.disjunction()
            self.expect(")", "')' or 'and' or 'or'")
            self.depth -= 1
            return node
        return self.comparison()

    def comparison(self) -> Compare:
        start = self.token
        left = self.sum()
        if self.token.kind == "op":
            op = self.token.value
            self.at += 1
            right = self.sum()
        elif left.terms:
            # A term alone asks for at least one such card in the hand.
            op, right = ">=", Sum((), 1, start.position)
        else:
            raise self.fail(f"expected a comparison such as '>= 1' after {left.number}")
        if not left.terms and not right.terms:
            raise _error("this compares two numbers; count cards with library.… or crypt.…", self.text, start.position)
        return Compare(left, op, right, start.position)

    def sum(self) -> Sum:
        start = self.token.position
        terms: list[Term] = []
        number = 0
        while True:
            token = self.token
            if token.kind == "number":
                if token.value > MAX_NUMBER:
                    raise self.fail(f"the number {token.text} is too large to count cards (at most {MAX_NUMBER})")
                self.at += 1
                number += token.value
            elif token.kind == "name" and token.value in PARTS:
                terms.append(self.term())
            elif token.kind == "name" and token.value not in ("and", "or", "not"):
                hint = _suggest(token.value, PARTS)
                raise self.fail(f"expected library or crypt, found {_shown(token)}", hint=hint)
            else:
                raise self.fail(f'expected a count such as library.type("Master"), found {_shown(token)}')
            if self.token.text != "+":
                return Sum(tuple(terms), number, start)
            self.at += 1

    def term(self) -> Term:
        part_token = self.token
        part = part_token.value
        self.at += 1
        self.expect(".", f"'.' after {part}")
        name = self.token
        if name.kind != "name" or name.value not in FUNCTIONS[part]:
            options = list(FUNCTIONS[part])
            found = _shown(name)
            hint = _suggest(name.value if name.kind == "name" else "", options) or "one of " + ", ".join(options)
            raise self.fail(f"{part} has no count {found}", name, hint=hint)
        self.at += 1
        self.expect("(", f"'(' after {part}.{name.value}")
        argument: str | int | None = None
        argument_position = self.token.position
        wanted = FUNCTIONS[part][name.value]
        if self.token.kind in ("string", "number"):
            argument = self.token.value
            self.at += 1
        elif not wanted.endswith("?") or self.token.kind == "name":
            hint = f'write it in quotes: "{self.token.text}"' if self.token.kind == "name" else ""
            raise self.fail(f"{part}.{name.value}() needs {wanted.rstrip('?')}, found {_shown(self.token)}", hint=hint)
        self.expect(")", f"')' after the argument of {part}.{name.value}")
        self.terms += 1
        if self.terms > MAX_TERMS:
            raise self.fail(f"a condition may count at most {MAX_TERMS} things", part_token)
        return Term(part, name.value, argument, part_token.position, argument_position)


def _shown(token: Token) -> str:
    return "the end" if token.kind == "end" else f"'{token.text}'"


def _suggest(word: str, options: Sequence[str]) -> str:
    by_fold = {fold(o): o for o in options}
    close = difflib.get_close_matches(fold(word), list(by_fold), n=1, cutoff=0.6)
    return f"did you mean {by_fold[close[0]]}?" if close else ""


def parse(text: str) -> Node:
    """The syntax tree of a condition; raises ``ConditionError``."""
    if not isinstance(text, str):
        raise ConditionError("a condition must be text", expression=repr(text), position=0)
    if len(text) > MAX_CONDITION_LENGTH:
        raise _error(f"the condition is longer than {MAX_CONDITION_LENGTH} characters", text, MAX_CONDITION_LENGTH)
    return _Parser(text).parse()


# --- resolving against a deck ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DeckCards:
    """The deck's distinct cards in the order the plan numbers them, with the card list for names."""

    library: Sequence[Card]
    crypt: Sequence[Card]
    cards: CardIndex


@functools.lru_cache(maxsize=4)
def _vocabulary(cards: CardIndex) -> dict[str, dict[str, str]]:
    """Folded → official spelling of every card type, clan and title the card list knows."""
    types: dict[str, str] = {}
    clans: dict[str, str] = {}
    for card in cards:
        if not card.is_crypt:
            types.update((fold(t), t) for t in card.types)
        clans.update((fold(c), c) for c in (*card.clans, *card.requirements.clans))
    titles = {fold(t): t for t in TITLE_VOTES}
    disciplines = {
        **{code: code for code in TRAITS_BY_NAME.values()},
        **{fold(name): code for code, name in {**DISCIPLINES, **VIRTUES}.items()},
    }
    return {
        "type": types,
        "clan": clans,
        "title": titles,
        "sect": {fold(s): s for s in SECTS},
        "discipline": disciplines,
    }


_WHAT = {"type": "card type", "clan": "clan", "title": "title", "sect": "sect", "discipline": "discipline"}
_CAPACITY = re.compile(r"^\s*(<=|>=|==|<|>|=)?\s*(\d{1,3})\s*$")


def _weights(term: Term, deck: DeckCards, text: str) -> list[int]:
    """1 for each distinct card of the term's part that it counts, else 0."""
    cards = deck.library if term.part == "library" else deck.crypt
    if term.function == "card":
        wanted = _card_ids(term, deck, text)
        return [int(card.id in wanted) for card in cards]
    if term.function == "capacity":
        op, limit = _capacity(term, text)
        return [int(_compare_int(card.capacity or 0, op, limit)) for card in cards]
    if term.function == "title" and term.argument is None:
        return [int(bool(card.title)) for card in cards]
    value = _known(term, deck, text)
    if term.function == "type":
        return [int(value in card.types) for card in cards]
    if term.function == "clan":
        return [int(value in (card.requirements.clans if term.part == "library" else card.clans)) for card in cards]
    if term.function == "title":
        return [int(card.title == value) for card in cards]
    if term.function == "sect":
        return [int(card.sect == value) for card in cards]
    assert term.function == "discipline"
    if term.part == "library":
        return [int(value in card.discipline_requirement.codes) for card in cards]
    superior = isinstance(term.argument, str) and term.argument.isupper() and len(term.argument) == 3
    return [int(card.has_discipline(value, superior=superior)) for card in cards]


def _known(term: Term, deck: DeckCards, text: str) -> str:
    vocabulary = _vocabulary(deck.cards)[term.function]
    what = _WHAT[term.function]
    if not isinstance(term.argument, str):
        raise _error(f"{term.part}.{term.function}() needs a {what} in quotes", text, term.argument_position)
    found = vocabulary.get(fold(term.argument))
    if found is None:
        # Disciplines are suggested by name ("Dominate"), whatever the user typed.
        options = list({**DISCIPLINES, **VIRTUES}.values()) if what == "discipline" else list(vocabulary.values())
        raise _error(
            f"unknown {what} '{term.argument}'", text, term.argument_position, _suggest(term.argument, options)
        )
    return found


def _card_ids(term: Term, deck: DeckCards, text: str) -> set[int]:
    part_cards = deck.library if term.part == "library" else deck.crypt
    argument = term.argument
    if isinstance(argument, int) or (isinstance(argument, str) and argument.strip().isdigit()):
        card = deck.cards.get(int(argument))
        found = [card] if card else []
    else:
        assert argument is not None
        found = deck.cards.find(argument)
    if not found:
        hint = _suggest(str(argument), [c.name for c in part_cards])
        raise _error(f"no card is named '{argument}'", text, term.argument_position, hint)
    in_deck = {card.id for card in part_cards} & {card.id for card in found}
    if not in_deck:
        other = "crypt" if term.part == "library" else "library"
        if found[0].is_crypt != (term.part == "crypt"):
            raise _error(
                f"{found[0].name} is a {other} card; count it with {other}.card(…)", text, term.argument_position
            )
        hint = _suggest(str(argument), [c.name for c in part_cards])
        raise _error(f"{found[0].name} is not in this deck's {term.part}", text, term.argument_position, hint)
    return in_deck


def _capacity(term: Term, text: str) -> tuple[str, int]:
    argument = term.argument
    match = _CAPACITY.match(str(argument)) if argument is not None else None
    if match is None:
        raise _error(f'\'{argument}\' is not a capacity; write e.g. "<=6", ">8" or "5"', text, term.argument_position)
    return {None: "==", "=": "=="}.get(match[1], match[1]), int(match[2])


def _compare_int(value: int, op: str, limit: int) -> bool:
    return bool(_COMPARE[op](value, limit))


_COMPARE = {
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
    "<=": lambda a, b: a <= b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def compile_condition(text: str, deck: DeckCards, *, index: int | None = None) -> dict[str, Any]:
    """Parse ``text`` and resolve it against ``deck`` into plain data (see ``evaluate``).

    Each comparison becomes weights over the deck's distinct library and crypt cards and a number:
    it holds when Σ library weights·copies + Σ crypt weights·copies ``op`` number, for the copies a hand
    holds (both sides of the comparison moved to the left).
    """
    try:
        tree = parse(text)
        comparisons: list[dict[str, Any]] = []
        program = _compile(tree, deck, text, comparisons)
    except ConditionError as exc:
        exc.index = index
        raise
    return {"expression": text, "comparisons": comparisons, "program": program}


def _compile(node: Node, deck: DeckCards, text: str, comparisons: list[dict[str, Any]]) -> list[Any]:
    if isinstance(node, Logic):
        return [node.op, [_compile(item, deck, text, comparisons) for item in node.items]]
    library = [0] * len(deck.library)
    crypt = [0] * len(deck.crypt)
    for side, sign in ((node.left, 1), (node.right, -1)):
        for term in side.terms:
            target = library if term.part == "library" else crypt
            for i, weight in enumerate(_weights(term, deck, text)):
                target[i] += sign * weight
    comparisons.append(
        {"library": library, "crypt": crypt, "op": node.op, "value": node.right.number - node.left.number}
    )
    return ["cmp", len(comparisons) - 1]


# --- evaluating --------------------------------------------------------------------------------


def evaluate(condition: dict[str, Any], values: Sequence[np.ndarray]) -> np.ndarray:
    """Whether the condition holds, hand by hand, given each comparison's weighted count per hand."""

    def run(node: list[Any]) -> np.ndarray:
        if node[0] == "cmp":
            comparison = condition["comparisons"][node[1]]
            # ``_COMPARE``'s operators are untyped (they serve plain numbers too): on an array, an array.
            hands: np.ndarray = _COMPARE[comparison["op"]](values[node[1]], comparison["value"])
            return hands
        results = [run(item) for item in node[1]]
        if node[0] == "not":
            return ~results[0]
        out = results[0].copy()
        for result in results[1:]:
            if node[0] == "and":
                out &= result
            else:
                out |= result
        return out

    return np.asarray(run(condition["program"]), dtype=bool)


def exact_probability(condition: dict[str, Any], library: Sequence[int], crypt: Sequence[int]) -> float | None:
    """The exact probability that an opening hand meets the condition, or None when it would take more than
    ``MAX_EXACT_OUTCOMES`` joint outcomes to count.

    ``library`` and ``crypt`` are the copies of each distinct card. Cards the condition weighs alike are
    pooled (an "atom"); every outcome of the multivariate hypergeometric law over the atoms is counted, in
    the library and the crypt apart (they are shuffled apart), and the condition decides each pair.
    """
    parts = []
    for part, counts in (("library", library), ("crypt", crypt)):
        profiles: dict[tuple[int, ...], int] = {}
        for i, copies in enumerate(counts):
            profile = tuple(c[part][i] for c in condition["comparisons"])
            if any(profile):
                profiles[profile] = profiles.get(profile, 0) + copies
        parts.append((sum(counts), OPENING[part], profiles))
    if np.prod([odds.outcome_count(list(p.values()), n) for _, n, p in parts], dtype=np.float64) > MAX_EXACT_OUTCOMES:
        return None
    enumerated = []
    for population, draws, profiles in parts:
        outcomes = list(odds.count_distribution(population, list(profiles.values()), draws))
        counts_drawn = np.array([o for o, _ in outcomes], dtype=np.int64).reshape(len(outcomes), len(profiles))
        weights = np.array(list(profiles), dtype=np.int64).reshape(len(profiles), len(condition["comparisons"]))
        enumerated.append((counts_drawn @ weights, [w for _, w in outcomes], comb(population, draws)))
    (lib_values, lib_ways, lib_total), (crypt_values, crypt_ways, crypt_total) = enumerated
    # Every (library outcome, crypt outcome) pair at once: comparisons on a grid.
    values = [lib_values[:, i, None] + crypt_values[None, :, i] for i in range(len(condition["comparisons"]))]
    holds = evaluate(condition, values) if values else np.ones((len(lib_ways), len(crypt_ways)), bool)
    holds = np.broadcast_to(holds, (len(lib_ways), len(crypt_ways)))
    ways = 0
    for i, row in enumerate(holds):
        ways += lib_ways[i] * sum(w for w, hit in zip(crypt_ways, row, strict=True) if hit)
    return float(Fraction(ways, lib_total * crypt_total))
