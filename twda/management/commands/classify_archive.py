"""``manage.py classify_archive [--if-needed] [--write-centroids] [--write-texts]``: tags and named archetypes of
the stored archive decks (``vtesdeck.core.archetypes``), for a database imported before they existed or after the
curated list changed. ``import_twda`` does the same at every import that changes the archive.

``--write-texts`` only rewrites ``twda/archetype_texts.py``, the data file's texts marked for makemessages (run it
after editing a name, description or reason in the data file; no database needed)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from cards.index import get as card_index


class Command(BaseCommand):
    help = (
        "Compute every stored archive deck's tags and named archetype, and each named archetype's key cards. "
        "--write-centroids first recomputes the centroids of vtesdeck/core/data/archetypes.json from the "
        "stored reference decks (after a change to the tag weights or to the references) and rewrites "
        "twda/archetype_texts.py. --write-texts only rewrites twda/archetype_texts.py (the data file's texts marked "
        "for makemessages) and stops."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--if-needed", action="store_true", help="do nothing when every stored deck is already classified"
        )
        parser.add_argument("--write-centroids", action="store_true", help="rewrite the data file's centroids first")
        parser.add_argument(
            "--write-texts", action="store_true", help="only rewrite twda/archetype_texts.py from the data file"
        )

    def handle(self, *args, if_needed: bool, write_centroids: bool, write_texts: bool, **options) -> None:
        from twda import services
        from twda.models import NamedArchetype, TournamentDeck
        from vtesdeck.core import archetypes

        if write_texts:
            self._write_texts()
            return
        if not TournamentDeck.objects.exists():
            self.stdout.write("No archive decks stored: nothing to classify.")
            return
        if if_needed and not TournamentDeck.objects.filter(style="").exists() and NamedArchetype.objects.exists():
            self.stdout.write("Every archive deck has its named archetype; nothing to do.")
            return
        cards = card_index()
        decks = services.stored_decks(cards)
        if write_centroids:
            self._write_centroids(decks, cards, archetypes)
        count = services.classify(cards, decks)
        self.stdout.write(self.style.SUCCESS(f"{count:,} archive decks tagged and classified."))

    def _write_centroids(self, decks, cards, archetypes) -> None:
        wanted = {deck_id for a in archetypes.named_archetypes() for deck_id, _why in a.references}
        vectors = {deck_id: archetypes.tags(deck, cards) for deck_id, _date, deck in decks if deck_id in wanted}
        missing = sorted(wanted - set(vectors))
        if missing:
            self.stderr.write(f"reference decks not in the database (left out of the centroids): {', '.join(missing)}")
        data = json.loads(archetypes.DATA_FILE.read_text(encoding="utf-8"))
        updated = archetypes.with_centroids(archetypes.named_archetypes(), vectors)
        for entry, archetype in zip(data["archetypes"], updated, strict=True):
            entry["centroid"] = dict(zip(archetypes.TAGS, archetype.centroid, strict=True))
        archetypes.DATA_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        archetypes.named_archetypes.cache_clear()
        self.stdout.write(f"Centroids written to {archetypes.DATA_FILE}.")
        self._write_texts()

    def _write_texts(self) -> None:
        from twda import styles

        styles.TEXTS_MODULE.write_text(styles.texts_module(), encoding="utf-8")
        self.stdout.write(f"Texts to translate written to {styles.TEXTS_MODULE}.")
