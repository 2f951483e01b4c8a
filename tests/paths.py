"""Where the test suite finds the shared material (the Tournament Winning Deck Archive).

``VTESDECK_TWDA`` names the folder; otherwise ``../shared/twda`` beside the project, as the brief lays
it out, else ``/work/shared/twda`` (a clone checked out elsewhere on a development machine).
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def _twda() -> Path:
    if os.environ.get("VTESDECK_TWDA"):
        return Path(os.environ["VTESDECK_TWDA"])
    for candidate in (PROJECT.parent / "shared" / "twda", Path("/work/shared/twda")):
        if candidate.is_dir():
            return candidate
    return PROJECT.parent / "shared" / "twda"


TWDA = _twda()
