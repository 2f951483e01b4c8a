"""The examples Swagger UI's "Try it out" fills in at /api/docs/: request bodies and parameters that work as
they stand, on an install with the official card list (and, for /twda/, the tournament archive).

Without them Swagger UI makes a body up from the schema (``{"text": "string", "crypt": [{"id": 0, …}]}``),
which every endpoint refuses. They live here, in one table keyed by operation id, and reach the schema
through ``add_examples``, a drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS``).
tests/api/test_openapi_examples.py sends every one of them to its operation and expects a 2xx.

Card ids are VEKN ids, which never change; names are official names.
"""

from __future__ import annotations

# A small legal deck whose every card its crypt can play: no error, no warning.
ROCK_DROP = (
    "Deck Name: Rock drop\n"
    "Crypt (12 cards)\n"
    "12x Tupdog\n"
    "Library (60 cards)\n"
    "Master (10)\n"
    "10x Blood Doll\n"
    "Action (30)\n"
    "20x Bum's Rush\n"
    "10x Dive Bomb\n"
    "Combat (20)\n"
    "20x Immortal Grapple\n"
)
TUPDOG, BLOOD_DOLL, BUMS_RUSH, DIVE_BOMB, IMMORTAL_GRAPPLE = 201393, 100199, 100266, 100561, 100959
GOVERN_THE_UNALIGNED = 100845
ARCHIVE_DECK = "10009"  # "4 Tupdog", La Marató 2021, in the archive's files as 10009.txt


def _example(summary: str, value: dict, description: str = "") -> dict:
    example = {"summary": summary, "value": value}
    if description:
        example["description"] = description
    return example


# operation id → example name → example, for the operation's JSON request body (the first Swagger UI shows).
REQUEST_BODIES: dict[str, dict[str, dict]] = {
    "decklists_validate": {
        "decklist": _example("A decklist, checked today", {"text": ROCK_DROP, "ruleset": "vekn"}),
        "as_of": _example(
            "Checked as of a day, for a table of 4",
            {"text": ROCK_DROP, "ruleset": "vekn", "as_of": "2021-12-15", "players": 4},
        ),
    },
    "decklists_parse": {"decklist": _example("A decklist", {"text": ROCK_DROP})},
    "decklists_convert": {"decklist": _example("A decklist (written in the format `to` names)", {"text": ROCK_DROP})},
    "decks_create": {
        "text": _example("From a decklist", {"name": "Rock drop", "visibility": "private", "text": ROCK_DROP}),
        "ids": _example(
            "From card ids",
            {
                "name": "Rock drop",
                "visibility": "private",
                "crypt": [{"id": TUPDOG, "count": 12}],
                "library": [
                    {"id": BLOOD_DOLL, "count": 10},
                    {"id": BUMS_RUSH, "count": 20},
                    {"id": DIVE_BOMB, "count": 10},
                    {"id": IMMORTAL_GRAPPLE, "count": 20},
                ],
            },
        ),
        "names": _example(
            "From card names",
            {
                "name": "Rock drop",
                "visibility": "private",
                "crypt": [{"name": "Tupdog", "count": 12}],
                "library": [
                    {"name": "Blood Doll", "count": 10},
                    {"name": "Bum's Rush", "count": 20},
                    {"name": "Dive Bomb", "count": 10},
                    {"card": "Immortal Grapple", "count": 20},
                ],
            },
            "Names as a decklist writes them; `card` takes a name or an id.",
        ),
    },
    "decks_update": {
        "all": _example(
            "Everything at once",
            {"version": 1, "name": "Rock drop v2", "visibility": "private", "text": ROCK_DROP},
            "`version`: the deck's `version` as you last read it (1 for a deck never changed).",
        ),
    },
    "decks_partial_update": {
        "rename": _example(
            "Rename it",
            {"version": 1, "name": "Rock drop v2"},
            "`version`: the deck's `version` as you last read it (1 for a deck never changed).",
        ),
        "cards": _example(
            "Change its cards",
            {"version": 1, "crypt": [{"name": "Tupdog", "count": 12}], "library": [{"name": "Dive Bomb", "count": 60}]},
            "`version`: the deck's `version` as you last read it (1 for a deck never changed).",
        ),
    },
    "simulations_create": {
        "text": _example(
            "Opening hands of a decklist", {"kind": "hands", "text": ROCK_DROP, "hands": 10000, "seed": 1}
        ),
        "games": _example(
            "Full games of a decklist against the field",
            {"kind": "games", "text": ROCK_DROP, "games": 100, "players": 5, "opponents": ["field"], "seed": 1},
            '`opponents`: one per other seat (here one, the others are the field too): `"field"`, '
            '`{"archetype": slug}`, `{"deck": id}` or `{"twda": id}`.',
        ),
    },
    "token_create": {
        "login": _example(
            "Your user name and password",
            {"username": "your-user-name", "password": "your-password", "name": "my script"},
            "Put in your own account's user name and password.",
        ),
    },
    "tokens_create": {"name": _example("A named token", {"name": "my script"})},
    "collection_add": {
        "card": _example(
            "Copies of a card",
            {"card": "Tupdog", "count": 4, "set": "LoB", "language": "en", "note": ""},
            "`card`: a VEKN id or a name; `set`: the printing's set abbreviation (optional).",
        ),
        "precon": _example(
            "A whole precon", {"precon": "Third:SKB"}, "The keys are listed by `GET /api/v1/collection/precons/`."
        ),
    },
    "collection_remove": {
        "card": _example("Copies of a card", {"card": "Tupdog", "count": 1, "set": "LoB", "language": "en"})
    },
    "collection_import": {
        "vdb": _example("VDB's inventory CSV", {"data": f"Quantity,Card ID\n2,{TUPDOG}\n", "format": "vdb-csv"}),
    },
    "collection_share": {"on": _example("Share it by a link", {"shared": True})},
    "collection_wishlist_add": {
        "cards": _example(
            "Cards to wish for",
            {"cards": [{"card": "Tupdog", "count": 4}, {"card": BLOOD_DOLL}]},
            'Or `{"deck": id}`: the copies your collection misses of a deck.',
        ),
    },
    "collection_planner": {"all": _example("All my decks", {}, 'Or `{"decks": [ids]}` for some of them.')},
    "collection_deck_mode": {"fixed": _example("A fixed deck", {"mode": "fixed"})},
    "formats_create": {
        "v5-duel": _example(
            "A V5 duel league",
            {"name": "V5 duel league", "library_min": 40, "library_max": 60, "allowed_sets": ["V5", "V5A"]},
            "Settings left out take the VEKN values; its `id` is then a `ruleset` value anywhere.",
        ),
    },
    "formats_update": {"rename": _example("A new name", {"name": "Kitchen table"})},
    "formats_partial_update": {"bans": _example("No banned list", {"bans": False})},
}

# operation id → parameter name → the value Swagger UI fills in.
PARAMETERS: dict[str, dict[str, object]] = {
    "v1_cards_list": {"q": "govern unaligned"},
    "v1_cards_retrieve": {"id": GOVERN_THE_UNALIGNED},
    "v1_sets_retrieve": {"abbrev": "V5"},
    "decklists_convert": {"to": "jol"},
    "decks_export": {"to": "twd"},
    "v1_twda_retrieve": {"id": ARCHIVE_DECK},
    "v1_twda_styles_retrieve": {"slug": "stealth-bleed"},  # a named archetype of vtesdeck/core/data/archetypes.json
    "formats_retrieve": {"id": "v5"},
}


def add_examples(result: dict, generator, request, public) -> dict:
    """``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``: ``REQUEST_BODIES`` and ``PARAMETERS`` into the schema."""
    for item in result.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict) or "operationId" not in operation:
                continue
            operation_id = operation["operationId"]
            bodies = REQUEST_BODIES.get(operation_id)
            content = operation.get("requestBody", {}).get("content", {})
            if bodies and "application/json" in content:
                content["application/json"]["examples"] = bodies
            for parameter in operation.get("parameters", []):
                value = PARAMETERS.get(operation_id, {}).get(parameter.get("name"))
                if value is not None:
                    parameter["example"] = value
    return result
