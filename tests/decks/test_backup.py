"""Backing up players' decks and restoring them (``backup_decks`` / ``restore_decks``).

A backup restored into an emptied database gives back the same users (who can log in with their
passwords), decks, cards, tags, versions, times and revisions; a second restore changes nothing. A file
with anything wrong in it is refused with sentences saying what, and writes nothing. What is already in
the database wins unless ``--replace``: a deck changed since the backup, a user's new password.
"""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from accounts.models import ApiToken
from decks import services
from decks.models import Deck, Tag
from tests.paths import PROJECT
from vtesdeck.core.deck import Deck as CoreDeck

pytestmark = pytest.mark.django_db

PASSWORDS = {"alice": "alice-secret-42", "bob": "bob-secret-42", "carol": "carol-secret-42"}


def core_deck(cards, crypt: dict[str, int], library: dict[str, int]) -> CoreDeck:
    deck = CoreDeck()
    for name, count in [*crypt.items(), *library.items()]:
        deck.add(cards.lookup(name), count)
    return deck


@pytest.fixture
def players(cards):
    """Alice has a private deck with a history, tags and card comments, and an unlisted one; Bob has a
    public clone of Alice's unlisted deck; Carol has no deck. Alice has an API token."""
    User = get_user_model()
    users = {
        name: User.objects.create_user(name, f"{name}@example.org", password) for name, password in PASSWORDS.items()
    }
    rock = core_deck(cards, {"Tupdog": 12}, {"Blood Doll": 30, "Dive Bomb": 29})
    rock.comments[cards.lookup("Dive Bomb").id] = "the whole plan"
    private = services.create(users["alice"], rock, name="Rock drop", tags=["gargoyles", "bleed"])
    services.add(private, cards.lookup("Dive Bomb").id, 1, version=1)
    services.save_revision(private, "before the event")
    services.add(private, cards.lookup("Fame").id, 2, version=2)
    services.update_details(private, version=3, description="A wall of stone.\nAnd more.")
    unlisted = services.create(
        users["alice"],
        core_deck(cards, {"Anson": 2}, {"Govern the Unaligned": 10}),
        name="Ventrue",
        visibility="unlisted",
    )
    clone = services.clone(unlisted, users["bob"])
    services.update_details(clone, version=1, visibility="public", tags=["ventrue"])
    _token, key = ApiToken.objects.issue(users["alice"], "Discord bot")
    return {"users": users, "private": private, "unlisted": unlisted, "clone": clone, "alice_key": key}


def state() -> dict:
    """Everything a restore must give back, by stable keys (no row ids)."""
    users = {
        user.username: (user.email, user.password, user.is_active, user.date_joined)
        for user in get_user_model().objects.order_by("username")
    }
    decks = {}
    for deck in Deck.objects.select_related("owner").prefetch_related("tags", "cards", "revisions"):
        decks[deck.id] = {
            "owner": deck.owner.username,
            "fields": (deck.name, deck.author, deck.description, deck.visibility, deck.version, deck.cloned_from_id),
            "format": deck.format,
            "times": (deck.created, deck.updated),
            "summary": (deck.crypt_count, deck.library_count, deck.clans, deck.legal),
            "tags": sorted(tag.name for tag in deck.tags.all()),
            "cards": [(row.card_id, row.crypt, row.count, row.comment) for row in deck.cards.all()],
            "revisions": sorted((r.number, r.note, r.created, r.data) for r in deck.revisions.all()),
        }
    tokens = sorted(
        ApiToken.objects.values_list("user__username", "name", "key_hash", "prefix", "created", "last_used")
    )
    return {"users": users, "decks": decks, "tokens": tokens}


def backup(path: Path, *args: str) -> dict:
    call_command("backup_decks", str(path), *args, stdout=open(os.devnull, "w"))
    raw = path.read_bytes()
    return json.loads(gzip.decompress(raw) if path.name.endswith(".gz") else raw)


def restore(path: Path, *args: str) -> str:
    out = Path(path.parent / "restore.out")
    with out.open("w") as stdout:
        call_command("restore_decks", str(path), *args, stdout=stdout)
    return out.read_text()


def refused(path: Path, *args: str) -> str:
    """The error a restore that must write nothing gives."""
    with pytest.raises(CommandError) as error:
        restore(path, *args)
    return str(error.value)


def empty_database() -> None:
    get_user_model().objects.all().delete()  # decks, cards, revisions and tokens go with their owners
    Tag.objects.all().delete()


@pytest.mark.parametrize("name", ["decks.json", "decks.json.gz"])
def test_a_backup_restored_into_an_emptied_database_gives_everything_back(players, tmp_path, name):
    before = state()
    path = tmp_path / name
    document = backup(path)
    assert path.read_bytes().startswith(b"\x1f\x8b") == name.endswith(".gz")
    assert [user["username"] for user in document["users"]] == ["alice", "bob"]  # Carol owns no deck
    empty_database()
    assert not Deck.objects.exists()
    output = restore(path)
    assert "users: 2 created" in output and "decks: 3 created" in output
    del before["users"]["carol"]  # she owns no deck: not in the backup
    assert state() == before
    client = Client()
    assert client.login(username="alice", password=PASSWORDS["alice"])
    assert client.get(f"/decks/{players['private'].id}/").status_code == 200
    assert ApiToken.objects.find(players["alice_key"]).user.username == "alice"  # the same key still opens it


def test_a_v5_deck_comes_back_a_v5_deck_judged_by_the_v5_pool(players, cards, tmp_path):
    """A tournament-sized deck playing Dive Bomb (Heirs to the Blood, 2010) is a legal VEKN deck and no V5
    deck: restored as VEKN, its verdict would flip."""
    vampire = next(c for c in cards if c.is_crypt and c.group == "6" and "V5" in {p.set for p in c.printings})
    core = core_deck(cards, {}, {"Blood Doll": 30, "Deflection": 29, "Dive Bomb": 1})
    core.add(vampire, 12)
    deck = services.create(players["users"]["alice"], core, name="Fifth", format="v5")
    assert (deck.format, deck.legal) == ("v5", False)
    path = tmp_path / "decks.json"
    entry = next(d for user in backup(path)["users"] for d in user["decks"] if d["id"] == deck.id)
    assert entry["format"] == "v5"
    empty_database()
    restore(path)
    assert Deck.objects.filter(pk=deck.id).values_list("format", "legal").get() == ("v5", False)


def test_a_backup_without_formats_or_naming_a_format_unknown_here_restores_vekn_decks(players, cards, tmp_path):
    deck = services.create(
        players["users"]["alice"], core_deck(cards, {"Tupdog": 12}, {"Blood Doll": 40}), name="Duel", format="duel"
    )
    assert deck.legal  # 40 library cards: a duel deck, no VEKN one
    path = tmp_path / "decks.json"
    document = backup(path)
    for user in document["users"]:
        for entry in user["decks"]:
            if entry["id"] == deck.id:
                entry["format"] = "f0123456789abcdef"  # a custom format of another site
            else:
                del entry["format"]  # a backup made before decks had formats
    path.write_text(json.dumps(document))
    empty_database()
    restore(path)
    assert set(Deck.objects.values_list("format", flat=True)) == {"vekn"}
    assert Deck.objects.get(pk=deck.id).legal is False  # judged by VEKN's 60-card minimum


def test_a_second_restore_changes_nothing(players, tmp_path):
    path = tmp_path / "decks.json"
    backup(path)
    empty_database()
    restore(path)
    after_first = state()
    output = restore(path)
    assert "0 created, 0 replaced, 2 kept; decks: 0 created, 0 replaced, 3 kept" in output
    assert state() == after_first


def test_the_backup_names_its_format_time_and_the_cards_for_a_reader(players, tmp_path, cards):
    document = backup(tmp_path / "decks.json")
    assert (document["format"], document["format_version"]) == ("vtesdeck-decks", 1)
    assert document["created"]
    alice = document["users"][0]
    assert alice["password"].startswith("md5$") and alice["email"] == "alice@example.org"
    rock = next(deck for deck in alice["decks"] if deck["name"] == "Rock drop")
    assert rock["cards"][0] == {"id": cards.lookup("Tupdog").id, "name": "Tupdog", "part": "crypt", "count": 12}
    assert {
        "id": cards.lookup("Dive Bomb").id,
        "name": "Dive Bomb",
        "part": "library",
        "count": 30,
        "comment": "the whole plan",
    } in rock["cards"]
    assert [r["number"] for r in rock["revisions"]] == [1, 2, 3, 4]
    assert [t["name"] for t in alice["api_tokens"]] == ["Discord bot"]
    assert "key" not in alice["api_tokens"][0] and len(alice["api_tokens"][0]["key_hash"]) == 64


def test_user_selects_whom_to_back_up_even_without_decks(players, tmp_path):
    document = backup(tmp_path / "decks.json", "--user", "bob", "--user", "carol")
    assert [(u["username"], len(u["decks"])) for u in document["users"]] == [("bob", 1), ("carol", 0)]


def test_backing_up_an_unknown_user_is_refused_and_writes_no_file(players, tmp_path):
    path = tmp_path / "decks.json"
    with pytest.raises(CommandError, match="No user is called “nobody”"):
        call_command("backup_decks", str(path), "--user", "nobody")
    assert not path.exists()


def test_a_backup_to_standard_output_is_the_document(players, capsys):
    call_command("backup_decks", "-")
    document = json.loads(capsys.readouterr().out)
    assert len(document["users"]) == 2


# --- files that are refused ------------------------------------------------------------------------


def _damaged(kind: str, good: bytes) -> bytes:
    document = json.loads(good)
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "truncated gzip":
        return gzip.compress(good)[:-40]
    if kind == "binary":
        return os.urandom(2000).replace(b"\x1f", b"\x00")
    if kind == "wrong format version":
        document["format_version"] = 99
    if kind == "another JSON document":
        document = {"decks": []}
    if kind == "a count as text":
        document["users"][0]["decks"][0]["cards"][0]["count"] = "12"
    if kind == "a duplicated deck id":
        document["users"][1]["decks"][0]["id"] = document["users"][0]["decks"][0]["id"]
    if kind == "an unknown visibility":
        document["users"][0]["decks"][0]["visibility"] = "secret"
    if kind == "a bad user name":
        document["users"][0]["username"] = "alice smith; drop"
    return json.dumps(document).encode()


DAMAGE = {
    "truncated": "ends too early",
    "truncated gzip": "damaged or truncated gzip",
    "binary": "not UTF-8",
    "wrong format version": "format version 99; this release reads version 1 only",
    "another JSON document": "is not a deck backup",
    "a count as text": "“count” should be a whole number, not text",
    "a duplicated deck id": "appears twice in the backup",
    "an unknown visibility": 'unknown visibility "secret"',
    "a bad user name": "“alice smith; drop”: is not a user name this site accepts",
}


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_file_is_refused_with_a_reason_and_writes_nothing(players, tmp_path, kind):
    good = tmp_path / "good.json"
    backup(good)
    empty_database()
    before = state()
    bad = tmp_path / "bad.json"
    bad.write_bytes(_damaged(kind, good.read_bytes()))
    message = refused(bad)
    assert DAMAGE[kind] in message and "Nothing was restored" in message
    assert state() == before


def test_an_unknown_card_is_named_and_nothing_is_written(players, tmp_path):
    path = tmp_path / "decks.json"
    document = backup(path)
    document["users"][1]["decks"][0]["cards"].append(
        {"id": 999999, "name": "Imaginary Card", "part": "library", "count": 2}
    )
    path.write_text(json.dumps(document))
    empty_database()
    message = refused(path)
    assert "Card id 999999 (“Imaginary Card”), in user “bob”, decks[0]" in message
    assert "is not in this database's card list" in message
    assert not get_user_model().objects.exists() and not Deck.objects.exists()  # not even Alice, who is fine


def test_every_problem_is_listed_at_once(players, tmp_path):
    path = tmp_path / "decks.json"
    document = backup(path)
    document["users"][0]["is_active"] = "yes"
    document["users"][1]["decks"][0]["version"] = 0
    path.write_text(json.dumps(document))
    message = refused(path)
    assert "user “alice”: “is_active” should be true or false, not text." in message
    assert "“version” should be a whole number at least 1, not 0." in message


def test_the_command_line_exits_non_zero_with_a_sentence_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.json.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00not really gzip")
    # The file is judged before the database is opened; a database of its own all the same.
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}"}
    run = subprocess.run(
        [sys.executable, "manage.py", "restore_decks", str(bad)],
        cwd=PROJECT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 1
    assert "damaged or truncated gzip" in run.stderr and "Traceback" not in run.stderr


def test_a_deck_owned_by_someone_else_here_is_refused(players, tmp_path):
    path = tmp_path / "decks.json"
    document = backup(path)
    document["users"][1]["decks"][0]["id"] = players["private"].id  # Alice's deck, said to be Bob's
    document["users"][0]["decks"] = [d for d in document["users"][0]["decks"] if d["id"] != players["private"].id]
    path.write_text(json.dumps(document))
    before = state()
    assert f"Deck {players['private'].id} belongs to “alice” in this database, not to “bob”" in refused(path)
    assert state() == before


# --- what is already in the database ---------------------------------------------------------------


def test_a_dry_run_says_what_it_would_do_and_writes_nothing(players, tmp_path):
    path = tmp_path / "decks.json"
    backup(path)
    empty_database()
    output = restore(path, "--dry-run")
    assert "Dry run, nothing written" in output and "users: 2 created" in output and "decks: 3 created" in output
    assert not get_user_model().objects.exists() and not Deck.objects.exists() and not Tag.objects.exists()


def test_a_deck_changed_since_the_backup_is_kept_unless_replace(players, cards, tmp_path):
    path = tmp_path / "decks.json"
    backup(path)
    deck = Deck.objects.get(pk=players["private"].pk)
    services.add(deck, cards.lookup("Fame").id, 1, version=deck.version)  # newer than the backup
    newer = state()
    output = restore(path)
    assert f"Deck {deck.id} (“Rock drop”) is at version 5 here, newer than the backup's 4: kept." in output
    assert state() == newer
    restore(path, "--replace")
    again = Deck.objects.get(pk=deck.pk)
    assert again.version == 4 and again.to_core().library[cards.lookup("Fame").id] == 2


def test_an_older_deck_here_is_brought_up_to_the_backup(players, cards, tmp_path):
    path = tmp_path / "decks.json"
    before = state()
    backup(path)
    deck = players["private"]
    Deck.objects.filter(pk=deck.pk).update(version=1, name="An older state")
    restore(path)
    assert state()["decks"][deck.id] == before["decks"][deck.id]


def test_an_existing_users_password_is_kept_unless_replace(players, tmp_path):
    path = tmp_path / "decks.json"
    backup(path)
    alice = players["users"]["alice"]
    alice.set_password("a-new-password-42")
    alice.save()
    restore(path)
    assert Client().login(username="alice", password="a-new-password-42")
    restore(path, "--replace")
    assert Client().login(username="alice", password=PASSWORDS["alice"])
    assert not Client().login(username="alice", password="a-new-password-42")
