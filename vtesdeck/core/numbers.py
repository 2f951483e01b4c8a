"""Whole numbers typed by people or sent by clients: ids, counts, row numbers.

``str.isdigit()`` is not the test: "²" and "١٢" are digits to it, and ``int("²")`` raises; ``int()`` also refuses
a run of more than 4,300 digits. An id or a count is a short run of ASCII digits, nothing else."""

from __future__ import annotations

__all__ = ["MAX_SEED", "whole_number"]

# The largest seed of a job or a game: seeds are stored in a signed 64-bit column (Simulation.seed). Every door
# that takes a seed (the API, the pages, the CLI, the engine) reads it here.
MAX_SEED = 2**63 - 1


def whole_number(text: str, *, digits: int = 9, signed: bool = False) -> int | None:
    """``text`` (surrounding spaces aside) as a whole number of at most ``digits`` ASCII digits, after a ``+`` or
    ``-`` when ``signed``; else None. Every door that reads a number a person typed or a client sent reads it
    here: no ``int()`` of raw text, which takes "²"-free but odd spellings ("1_000", " +5") and raises on others."""
    text = text.strip()
    body = text[1:] if signed and text[:1] in ("+", "-") else text
    if body.isascii() and body.isdigit() and len(body) <= digits:
        return int(text)
    return None
