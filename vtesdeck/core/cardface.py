"""A card's face as text: what a text card shows, and where its lines go.

The web's text card (``/cards/<id>/face.svg``: hovers, card pages) and the proxies' text cards (``proxies``)
draw the same face from ``face(card)``: the printed name (an Advanced vampire's marked "(Adv.)"), the costs,
the types, and for a vampire its capacity, disciplines, clan, group, title and sect, for a library card the
disciplines and clans it asks for, then the card text. Laying the text out (``fit_text``) is plain arithmetic
on an estimated character width, so an SVG (which cannot wrap text itself) and a PDF wrap the same way without
a font file.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Callable, Sequence

from .domain import Card, Cost

__all__ = ["ADVANCED_MARK", "CardFace", "FittedText", "face", "fit_text", "slug"]

# Average advance of a character of a sans-serif face (Helvetica, Arial, DejaVu Sans), in ems: a little wide
# on purpose, so that an estimated line never overflows the box the real font draws it in.
CHAR_WIDTH_EM = 0.5
LINE_HEIGHT = 1.22  # line pitch, in font sizes
ADVANCED_MARK = "(Adv.)"  # after an Advanced vampire's name, where the printed card has its symbol


@dataclasses.dataclass(frozen=True, kw_only=True)
class CardFace:
    """The fields of a text card, each a short printable string ("" when the card has none)."""

    id: int
    kind: str  # "crypt" or "library"
    name: str  # as printed: "The Rack"; an Advanced vampire's with its mark: "Alan Sovereign (Adv.)"
    types: str  # "Action Modifier / Reaction", "Vampire"
    costs: tuple[str, ...]  # ("2 pool",), ("1 blood",), ("X pool",)
    capacity: str  # crypt: "8" (life for the Imbued)
    group: str  # crypt: "1".."7", "ANY"
    clan: str  # crypt: the clan or creed; library: the clans it asks for ("Toreador or Ventrue")
    disciplines: str  # crypt: "aus dom CEL PRE"; library: "dom", "aus & dom", "aus / dom"
    title: str  # crypt: "Prince, Camarilla", "Independent"
    paragraphs: tuple[str, ...]  # the card text, one string per printed paragraph
    printing: str = ""  # the set (and printing code) chosen, when one was: "Jyhad:V"

    @property
    def header(self) -> str:
        """The line under the name: types, then the crypt's clan and group (or the library card's cost)."""
        if self.kind == "crypt":
            parts = [self.clan, self.types]
            if self.group:
                parts.append(f"G{self.group}" if self.group != "ANY" else "G*")
            return " · ".join(p for p in parts if p)
        return " · ".join(p for p in (self.types, *self.costs) if p)

    @property
    def requirement(self) -> str:
        """Library: what a minion needs to play it ("dom · Tremere"); crypt: its disciplines."""
        if self.kind == "crypt":
            return self.disciplines
        return " · ".join(p for p in (self.disciplines, self.clan) if p)


def face(card: Card, *, printing: str = "") -> CardFace:
    """The text card of ``card``; ``printing`` names the chosen printing, printed at the foot."""
    if card.is_crypt:
        disciplines = " ".join(sorted((str(d) for d in card.disciplines), key=lambda code: (code.islower(), code)))
        title = ", ".join(p for p in (card.title.title(), card.sect) if p)
        # The printed card marks an Advanced vampire with a symbol beside its name: without a mark the text card
        # of the Advanced one would read the same as its base card's.
        name = f"{card.printed_name} {ADVANCED_MARK}" if card.advanced else card.printed_name
        return CardFace(
            id=card.id,
            kind="crypt",
            name=name,
            types=" / ".join(card.types),
            costs=(),
            capacity="" if card.capacity is None else str(card.capacity),
            group=card.group,
            clan=" / ".join(card.clans),
            disciplines=disciplines,
            title=title,
            paragraphs=_paragraphs(card.text),
            printing=printing,
        )
    requirement = card.discipline_requirement
    joint = " & " if requirement.mode == "all" else " / "
    costs = tuple(f"{cost} {cost.kind}" for cost in _costs(card))
    clans = " or ".join(card.requirements.clans or card.clans)
    return CardFace(
        id=card.id,
        kind="library",
        name=card.printed_name,
        types=" / ".join(card.types),
        costs=costs,
        capacity="",
        group="",
        clan=clans,
        disciplines=joint.join(requirement.codes),
        title="",
        paragraphs=_paragraphs(card.text),
        printing=printing,
    )


def _costs(card: Card) -> list[Cost]:
    return [cost for cost in (card.pool_cost, card.blood_cost, card.conviction_cost) if cost is not None]


def _paragraphs(text: str) -> tuple[str, ...]:
    # The card list marks card names with slashes (/Minion Tap/): printed cards set them in italics.
    return tuple(re.sub(r"/([^/\n]+)/", r"\1", line).strip() for line in text.splitlines() if line.strip())


@dataclasses.dataclass(frozen=True)
class FittedText:
    size: float  # font size, in the box's units
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * LINE_HEIGHT


def estimated_width(text: str) -> float:
    """A text's width at font size 1, estimated (``CHAR_WIDTH_EM`` per character): for an SVG, which the
    browser draws in whatever sans-serif it has."""
    return len(text) * CHAR_WIDTH_EM


def fit_text(
    paragraphs: Sequence[str],
    width: float,
    height: float,
    *,
    largest: float,
    smallest: float,
    measure: Callable[[str], float] = estimated_width,
    ellipsis: str = "…",
) -> FittedText:
    """The largest font size from ``largest`` down to ``smallest`` (in steps of a tenth) at which the
    paragraphs, wrapped to ``width``, fit in ``height``. ``measure(text)`` is a text's width at font size 1
    (the real font's metrics when the caller has them, as the PDF does); at ``smallest`` the lines that do not
    fit are cut and the last one ends with ``ellipsis`` (a card text is never that long at a card's size)."""
    words = [paragraph.split() for paragraph in paragraphs]
    widths = {word: measure(word) for paragraph in words for word in paragraph}
    space, tail = measure(" "), measure(" " + ellipsis)
    size = largest
    while True:
        room = width / size  # the line's width at font size 1
        lines = [line for paragraph in words for line in _wrap(paragraph, room, widths, space)]
        rows = int(height // (size * LINE_HEIGHT))
        if len(lines) <= rows:
            return FittedText(size, tuple(lines))
        if size - 0.1 < smallest:
            kept = lines[: max(rows, 1)]
            last = kept[-1].split()
            while len(last) > 1 and sum(widths[w] for w in last) + space * (len(last) - 1) + tail > room:
                last.pop()
            kept[-1] = " ".join(last) + " " + ellipsis
            return FittedText(size, tuple(kept))
        size = round(size - 0.1, 2)


def _wrap(words: list[str], room: float, widths: dict[str, float], space: float) -> list[str]:
    """Greedy: as many words on each line as fit (a single word wider than the line gets a line of its own)."""
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    for word in words:
        needed = widths[word] + (space if line else 0.0)
        if line and used + needed > room:
            lines.append(" ".join(line))
            line, used = [word], widths[word]
        else:
            line.append(word)
            used += needed
    lines.append(" ".join(line))
    return lines


def slug(card: Card) -> str:
    """The card as image mirrors name their files (krcg's scheme): the official name with the crypt's group
    and "ADV" appended, folded to ASCII, lower case, letters and digits only ("Rack, The" → "rackthe",
    Anson → "ansong1", Alan Sovereign (ADV) → "alansovereigng3adv")."""
    name = card.name
    if card.is_crypt:
        suffix = [f"G{card.group}" if card.group not in ("", "ANY") else card.group] + (
            ["ADV"] if card.advanced else []
        )
        name += " " + " ".join(s for s in suffix if s)
    return re.sub(r"[^a-z0-9]", "", _ascii(name).lower())


def _ascii(text: str) -> str:
    # Letters with marks lose them (é → e); ligatures and the few letters NFKD keeps whole are spelt out.
    text = text.translate(_SPELT)
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


_SPELT = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss"})
