"""A printing's code in the official card list's Set column, read in one place: its rarity, the precons it came in
with the copies of each, and the names of those precons.

The Set column writes a printing as ``set:code``, the code as ``/``-separated pieces: ``V5:PL7/PM12/PTr12`` is a
Fifth Edition printing with 7 copies in the Lasombra precon, 12 in the Malkavian one and 12 in the Tremere one.
A piece is

* a rarity, with how often it stands on a print sheet: ``C``, ``U2``, ``R``, ``V``, Ebony Kingdom's ``C½``;
* copies in a fixed set: ``25th:2``, a promo's ``1``;
* a precon and its copies: ``PTo3`` (Toreador, 3 copies); without a number, one copy (``C/PA``, as ``PA2`` is two);
  Third Edition's starter kits beside its precons (``Third:PTr5/PTz2/SKTr4/SKTz2``); two of the Sabbat
  Preconstructed decks are coded without their ``P`` (``SP:DoF3``, ``SP:LB2``);
* anything else is kept as the rarity, as written: the reprint bundles' ``KoT:A2``, print on demand's ``POD:DTC``.

The precons' names ("Malkavian", "Starter Kit Tremere antitribu", "Den of Fiends") are the ones the krcg 4.19 wheel
gives their codes, the wheel the official CSVs come from (``carddb``): read from its ``krcg/cards.py`` as a file,
never imported (its top-level ``cards`` package would clash with our Django app). Without the wheel, a precon is
known by its code alone.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import logging
import re
from importlib import metadata
from pathlib import Path

logger = logging.getLogger(__name__)

KRCG_DISTRIBUTION = "krcg"
_NAMES_FILE = ("krcg", "cards.py")
_NAMES_TABLE = "_RARITY_PRECON_CODES"  # krcg's {set: {code: product name}}

_RARITY = re.compile(r"^[CURV](?:\d+|½)?$")
_PIECE = re.compile(r"^(?P<deck>[A-Za-z]+?)(?P<copies>\d+)?$")
_PRECON_OR_KIT = re.compile(r"^(?:P|SK)[A-Za-z]")
# Precons the Set column codes without their "P": the Sabbat Preconstructed decks Den of Fiends and Libertine Ball.
_UNPREFIXED = {"SP": frozenset({"DoF", "LB"})}


@dataclasses.dataclass(frozen=True, kw_only=True)
class PreconCopies:
    """Copies of a card in one precon of a printing: ``PTr12`` → code "PTr", 12 copies."""

    code: str  # "PTr", "SKTr" (a Third Edition starter kit), "DoF"
    copies: int
    name: str = ""  # the precon's name in the card data ("Tremere"), "" when it has none

    @property
    def starter_kit(self) -> bool:
        return self.code.startswith("SK")


@dataclasses.dataclass(frozen=True, kw_only=True)
class CodeReading:
    """What a printing's code says."""

    rarity: str = ""  # "C", "U2"…; any piece that is no count and no precon, as written ("A2", "DTC")
    precons: tuple[PreconCopies, ...] = ()
    copies: int | None = None  # the one precon's copies, or the copies of a fixed set; None with several precons

    @property
    def precon(self) -> str:
        """The precons' deck codes as ``Printing.precon`` has them: "To" for ``PTo3``, "L/M/Tr" for several (the
        Sabbat Preconstructed decks' "PoS" and "PwN" keep their P, which is their name's)."""
        return "/".join(p.code[1:] if p.code[:1] == "P" and p.code[1:2].isupper() else p.code for p in self.precons)


def read_code(abbrev: str, code: str) -> CodeReading:
    """The rarity, precons (with copies and names) and copies a printing's code in set ``abbrev`` says."""
    rarity, copies = "", None
    precons: list[PreconCopies] = []
    named = product_names().get(abbrev, {})
    for piece in code.split("/"):
        piece = piece.strip()
        if not piece:
            continue
        if piece.isdigit():
            copies = int(piece)
        elif _RARITY.match(piece):
            rarity = piece
        elif (match := _PIECE.match(piece)) and (
            _PRECON_OR_KIT.match(deck := match["deck"]) or deck in _UNPREFIXED.get(abbrev, ())
        ):
            count = int(match["copies"]) if match["copies"] else 1
            precons.append(PreconCopies(code=deck, copies=count, name=named.get(deck, "")))
        else:
            rarity = piece
    if precons:
        copies = precons[0].copies if len(precons) == 1 else None
    return CodeReading(rarity=rarity, precons=tuple(precons), copies=copies)


@functools.cache
def product_names() -> dict[str, dict[str, str]]:
    """Set abbreviation → code → name (``"V5"`` → ``"PM"`` → ``"Malkavian"``), from the installed krcg
    wheel; empty without it (or if its table cannot be read: a warning says so)."""
    try:
        dist = metadata.distribution(KRCG_DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return {}
    source = next((entry for entry in dist.files or () if entry.parts == _NAMES_FILE), None)
    if source is None:
        logger.warning("no %s in the %s wheel: precons are known by their codes", "/".join(_NAMES_FILE), dist.version)
        return {}
    try:
        return _names_table(Path(str(dist.locate_file(source))).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError) as exc:
        logger.warning(
            "cannot read the precon names of the %s wheel (%s): precons are known by their codes", dist.version, exc
        )
        return {}


def _names_table(source: str) -> dict[str, dict[str, str]]:
    """krcg's table of precon (and other product) names, read from its source without running it."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == _NAMES_TABLE for t in node.targets):
            table = ast.literal_eval(node.value)
            if not isinstance(table, dict):
                break
            return {
                str(abbrev): {str(code): str(name) for code, name in codes.items() if str(name).strip()}
                for abbrev, codes in table.items()
                if isinstance(codes, dict)
            }
    raise ValueError(f"no {_NAMES_TABLE} table")
