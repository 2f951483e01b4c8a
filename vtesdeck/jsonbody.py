"""Reading a JSON request body: the one reader behind the API's parser (``vtesdeck.api.JSONParser``) and the
deck editor's endpoints, so that both refuse the same bodies with the same sentences.

Python's ``json`` alone lets three things through that end as a 500 further on:

* JSON nested thousands deep: a ``RecursionError`` instead of a ``ValueError``;
* a lone surrogate (the escape ``"\\ud800"`` without its pair): a ``str`` that cannot be encoded as UTF-8, so
  the database, a template or a JSON answer quoting it fails after the view has run;
* ``NaN`` and ``Infinity``, which are not JSON.

``loads`` refuses each: ``BadJSON`` for a body that is not JSON, ``SurrogateInBody`` (naming where, as
``library[0].name``) for a string no answer could carry. Plain Python and Django: no DRF here.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _

# A lone surrogate in parsed JSON can only come from a \uD800–\uDFFF escape (raw surrogate bytes are no UTF-8),
# so a body without one is not walked at all. False alarms (an escaped backslash before "ud800", a valid pair)
# only cost the walk.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class BadJSON(ValueError):
    """The body is not JSON this site reads (``str()``: why, in DRF's wording ``JSON parse error - …``)."""


class SurrogateInBody(ValueError):
    """A string of the body holds a lone surrogate: ``path`` says which (``""`` for the body itself)."""

    def __init__(self, path: str, character: str) -> None:
        self.path = path
        self.code_point = ord(character)
        # DRF's own message (its CharField refuses the same), translated by DRF's catalogue.
        super().__init__(
            _("Surrogate characters are not allowed: U+{code_point:X}.").format(code_point=self.code_point)
        )


def _no_constant(name: str) -> None:
    raise ValueError(f"Out of range float values are not JSON compliant: {name!r}")


def loads(body: bytes | str, encoding: str = "utf-8") -> Any:
    """The body's JSON value; ``BadJSON`` or ``SurrogateInBody`` when it is none a request may hold."""
    try:
        text = body.decode(encoding) if isinstance(body, bytes) else body
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise BadJSON(_("JSON parse error - nested too deeply.")) from None
    except (ValueError, LookupError) as exc:  # not JSON, not the encoding, a number of 5,000 digits, NaN
        raise BadJSON(f"JSON parse error - {exc}") from None
    if _SURROGATE_ESCAPE.search(text):
        _refuse_surrogates(value)
    return value


def _lone_surrogate(text: str) -> str | None:
    try:
        text.encode("utf-8")  # strict UTF-8 refuses exactly the surrogates, in C
    except UnicodeEncodeError as exc:
        return text[exc.start]
    return None


def _printable(key: str) -> str:
    return key.encode("utf-8", "backslashreplace").decode("utf-8")


def _refuse_surrogates(value: Any) -> None:
    """``SurrogateInBody`` for the first string (or key) holding one, in the body's order. A loop, not
    recursion: the parser allows nesting as deep as Python's stack, with the view's frames already on it."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            if (character := _lone_surrogate(item)) is not None:
                raise SurrogateInBody(path, character)
        elif isinstance(item, dict):
            children = []
            for key, child in item.items():
                name = f"{path}.{key}" if path else key
                if (character := _lone_surrogate(key)) is not None:
                    raise SurrogateInBody(_printable(name), character)
                children.append((name, child))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(f"{path}[{index}]", child) for index, child in enumerate(item)]))
