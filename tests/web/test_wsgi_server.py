"""The site through a real WSGI server, as `make run` serves it: Django's development server (the handler
of `manage.py runserver`) with the application wrapped in ``wsgiref.validate.validator``.

Both refuse what PEP 3333 forbids and Django's test client lets through: a header name or value that is
not exactly ``str`` (a ``str`` subclass such as DRF's ``Hyperlink`` or Django's ``SafeString`` included),
a status line out of shape, a body on a 204. The server answers such a response with a 500 of its own
after the view has done its work (a deck created, then a 500: the client retries and makes another). So
every kind of answer is asked for here — pages, the API's reads and writes, its errors — and each must
arrive as its view made it, every header plain ``str``.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import json
import re
import threading
import traceback
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from wsgiref.validate import validator

import pytest
from django.contrib.auth import get_user_model
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler

from cards.models import Card
from decks import services as deck_services
from decks.models import Deck
from tests.api.conftest import GARGOYLES, PASSWORD, no_throttling  # noqa: F401 (a fixture)
from vtesdeck.wsgi import application

# no_throttling: these tests send more requests than the default rates let through.
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_throttling")]

TIMEOUT = 60  # seconds one request may take on a loaded machine; the tests never wait for less


@dataclass
class Answer:
    """What the application handed the server for one request, as the server got it."""

    method: str
    path: str
    status: str = ""
    headers: list = field(default_factory=list)
    error: str = ""  # the validator's (or the application's) exception, when the server had to answer 500


class Recorder:
    """Between the server and the validated application: keeps each request's status and headers exactly
    as the application passed them to ``start_response`` (Python objects, before the wire makes them
    bytes), and what went wrong, if anything."""

    def __init__(self, app) -> None:
        self.app = app
        self.answers: list[Answer] = []
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        answer = Answer(environ["REQUEST_METHOD"], environ.get("PATH_INFO", ""))
        with self.lock:
            self.answers.append(answer)

        def recording_start_response(status, headers, exc_info=None):
            answer.status, answer.headers = status, list(headers)
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)

        try:
            return self.app(environ, recording_start_response)
        except BaseException:
            answer.error = traceback.format_exc()
            raise


class Site:
    """A browser-like client of the running server: cookies kept, redirects not followed (each answer is
    looked at), every answer checked against what the application made."""

    def __init__(self, base: str, recorder: Recorder) -> None:
        self.base, self.recorder = base, recorder
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect)

    def request(
        self, method: str, path: str, *, body: bytes | None = None, expect: int, **headers: str
    ) -> tuple[int, dict, bytes]:
        seen = len(self.recorder.answers)
        request = urllib.request.Request(self.base + path, data=body, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=TIMEOUT) as response:
                status, received, content = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:  # a 4xx/5xx is an answer too
            status, received, content = error.code, error.headers, error.read()
        made = self.recorder.answers[seen:]
        assert len(made) == 1, f"{method} {path}: {len(made)} answers recorded"
        check_answer(made[0])
        assert status == expect, f"{method} {path}: {status} (expected {expect}): {content[:500]!r}"
        return status, received, content

    def json(self, method: str, path: str, data=None, *, expect: int, **headers: str):
        body = None if data is None else json.dumps(data).encode()
        if body is not None:
            headers.setdefault("Content-Type", "application/json")
        headers.setdefault("Accept", "application/json")
        _status, received, content = self.request(method, path, body=body, expect=expect, **headers)
        return (json.loads(content) if content else None), received

    def cookie(self, name: str) -> str:
        return next(cookie.value for cookie in self.cookies if cookie.name == name)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 3xx is the answer


def check_answer(answer: Answer) -> None:
    """The answer left the application as WSGI requires: no 500 of the server's own, and every header's
    name and value exactly ``str`` (``type(x) is str``: WSGI servers refuse subclasses)."""
    where = f"{answer.method} {answer.path}"
    assert not answer.error, f"{where}: the server could not send the answer:\n{answer.error}"
    assert type(answer.status) is str and not answer.status.startswith("500"), f"{where}: {answer.status!r}"
    for name, value in answer.headers:
        assert type(name) is str, f"{where}: header name {name!r} is a {type(name).__name__}"
        assert type(value) is str, f"{where}: header {name} = {value!r} is a {type(value).__name__}"


@contextlib.contextmanager
def serving() -> Iterator[Site]:
    """Django's development server (``runserver``'s classes) on a free port of 127.0.0.1, in a thread of
    this process (so the test's settings hold there too), serving the application wrapped in
    ``wsgiref.validate``; on the test database when it is a file (the server's threads open their own
    connections)."""
    recorder = Recorder(validator(application))
    server = ThreadedWSGIServer(("127.0.0.1", 0), _QuietHandler, allow_reuse_address=False)
    server.set_app(recorder)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_address[1]}", recorder)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=TIMEOUT)


@pytest.fixture
def site(file_database, cards_in_database, idle_queue):
    with serving() as served:
        yield served


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args) -> None:  # noqa: A002 (the base class's name)
        pass  # one line per request on stderr: the recorder keeps what the tests need


@pytest.fixture
def player(file_database):
    return get_user_model().objects.create_user("carol", password=PASSWORD)


def token_for(site: Site) -> dict[str, str]:
    body, _headers = site.json("POST", "/api/v1/token/", {"username": "carol", "password": PASSWORD}, expect=201)
    return {"Authorization": f"Token {body['token']}"}


def test_every_api_answer_reaches_the_client_with_plain_str_headers(site, player):
    auth = token_for(site)
    govern = Card.objects.get(name="Govern the Unaligned").pk

    # Decks: create, read, change, export, clone, history, delete.
    deck, headers = site.json("POST", "/api/v1/decks/", {"name": "Rock drop", "text": GARGOYLES}, expect=201, **auth)
    assert headers["Location"] == deck["url"] and Deck.objects.filter(pk=deck["id"]).count() == 1
    site.json("GET", "/api/v1/decks/", expect=200, **auth)
    site.json("GET", f"/api/v1/decks/{deck['id']}/", expect=200, **auth)
    changed, _h = site.json(
        "PATCH", f"/api/v1/decks/{deck['id']}/", {"version": deck["version"], "name": "Rock"}, expect=200, **auth
    )
    changed, _h = site.json(
        "PUT",
        f"/api/v1/decks/{deck['id']}/",
        {"version": changed["version"], "visibility": "public"},
        expect=200,
        **auth,
    )
    site.json("PATCH", f"/api/v1/decks/{deck['id']}/", {"version": 1, "name": "Stale"}, expect=409, **auth)
    site.json("GET", f"/api/v1/decks/{deck['id']}/export/?to=jol", expect=200, **auth)
    site.json("GET", f"/api/v1/decks/{deck['id']}/revisions/", expect=200, **auth)
    copy, headers = site.json("POST", f"/api/v1/decks/{deck['id']}/clone/", expect=201, **auth)
    assert headers["Location"] == copy["url"] and copy["id"] != deck["id"]
    site.request("DELETE", f"/api/v1/decks/{copy['id']}/", expect=204, **auth)

    # Simulations: start (to a queue no worker reads), read, list, cancel.
    job, headers = site.json("POST", "/api/v1/simulations/", {"deck": deck["id"], "hands": 1000}, expect=202, **auth)
    assert headers["Location"] == job["url"]
    site.json("GET", f"/api/v1/simulations/{job['id']}/", expect=200)
    site.request("GET", f"/simulations/{job['id']}/", expect=200)  # its page
    site.json("GET", "/api/v1/simulations/", expect=200, **auth)
    site.json("POST", f"/api/v1/simulations/{job['id']}/cancel/", expect=200, **auth)

    # Tokens: list, make, revoke.
    site.json("GET", "/api/v1/tokens/", expect=200, **auth)
    token, _h = site.json("POST", "/api/v1/tokens/", {"name": "bot"}, expect=201, **auth)
    site.request("DELETE", f"/api/v1/tokens/{token['id']}/", expect=204, **auth)

    # Cards (with their ETag, and the 304 of a client that holds the answer), archive, decklists.
    _cards, headers = site.json("GET", "/api/v1/cards/?q=govern", expect=200)
    site.request(
        "GET", "/api/v1/cards/?q=govern", expect=304, Accept="application/json", **{"If-None-Match": headers["ETag"]}
    )
    site.json("GET", f"/api/v1/cards/{govern}/", expect=200, **{"Accept-Language": "pl"})
    site.json("GET", "/api/v1/twda/", expect=200)
    site.json("POST", "/api/v1/decklists/validate", {"text": GARGOYLES}, expect=200, **{"Accept-Language": "de"})
    site.request(
        "OPTIONS",
        "/api/v1/decklists/validate",
        expect=200,
        Origin="https://example.org",
        **{"Access-Control-Request-Method": "POST"},
    )
    site.json("GET", "/api/schema/?format=json", expect=200)


def test_every_api_error_reaches_the_client_with_plain_str_headers(site, player, settings):
    auth = token_for(site)
    site.json("POST", "/api/v1/decks/", {"name": 3, "crypt": "no"}, expect=400, **auth)
    site.request(
        "POST",
        "/api/v1/decks/",
        body=b"{not json",
        expect=400,
        Accept="application/json",
        **{"Content-Type": "application/json"},
        **auth,
    )
    site.request("POST", "/api/v1/decks/", body=b"text", expect=415, **{"Content-Type": "text/plain"}, **auth)
    site.json("GET", "/api/v1/tokens/", expect=401, Authorization="Token vtd_nothing")
    site.json("POST", "/api/v1/decks/", {"text": GARGOYLES}, expect=401)  # no login: the token scheme's challenge
    site.json("GET", "/api/v1/decks/nosuchdeck/", expect=404)
    site.json("GET", "/api/v1/nothing-here/", expect=404)
    site.json("DELETE", "/api/v1/decklists/validate", expect=405)
    site.json("GET", "/api/v1/cards/?group=99", expect=400)
    settings.DECKLIST_UPLOAD_MAX_BYTES = 1_000
    site.json("POST", "/api/v1/decklists/validate", {"text": GARGOYLES * 20}, expect=413)
    for _attempt in range(10):  # the login throttle: the 11th attempt is refused with Retry-After
        site.json("POST", "/api/v1/token/", {"username": "carol", "password": "wrong"}, expect=400)
    _body, headers = site.json("POST", "/api/v1/token/", {"username": "carol", "password": "wrong"}, expect=429)
    assert headers["Retry-After"]


def test_every_kind_of_page_reaches_the_browser_with_plain_str_headers(site, player):
    govern = Card.objects.get(name="Govern the Unaligned").pk
    for path in (
        "/",
        "/cards/?q=govern",
        f"/cards/{govern}/",
        "/decks/",
        "/check/",
        "/twda/",
        "/api/docs/",
        "/accounts/login/",
        "/healthz",
        "/static/css/base.css",
    ):
        site.request("GET", path, expect=200)
    site.request("GET", "/no-such-page/", expect=404)
    site.request("GET", "/decks/new", expect=302)  # to the login page

    # Logged in with the login form (its CSRF token), then the pages of one's own deck.
    _status, _headers, page = site.request("GET", "/accounts/login/", expect=200)
    form = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": _form_token(page), "username": "carol", "password": PASSWORD}
    ).encode()
    site.request("POST", "/accounts/login/", body=form, expect=302, Referer=site.base + "/accounts/login/")
    check = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": site.cookie("csrftoken"), "text": GARGOYLES, "ruleset": "vekn", "as_of": "today"}
    ).encode()
    site.request("POST", "/check/", body=check, expect=200, Referer=site.base + "/check/")
    deck = deck_services.create(
        player, deck_services.parse_text(GARGOYLES), name="Rock drop", visibility=Deck.Visibility.PRIVATE
    )
    for path in ("/decks/mine/", "/decks/new", f"/decks/{deck.pk}/", f"/decks/{deck.pk}/export/twd", "/accounts/"):
        site.request("GET", path, expect=200)


def _form_token(page: bytes) -> str:
    return re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1).decode()


def test_a_retried_create_is_answered_again_through_the_server(site, player):
    auth = {**token_for(site), "Idempotency-Key": "rock-drop-1"}
    first, headers = site.json("POST", "/api/v1/decks/", {"name": "Rock drop", "text": GARGOYLES}, expect=201, **auth)
    again, replayed = site.json("POST", "/api/v1/decks/", {"name": "Rock drop", "text": GARGOYLES}, expect=201, **auth)
    assert again == first and replayed["Location"] == headers["Location"] == first["url"]
    assert replayed["Idempotent-Replayed"] == "true" and Deck.objects.count() == 1


def test_two_requests_at_once_with_one_key_make_one_deck(site, player):
    """Sent together (both threads released at once): whichever comes second finds the first one's claim,
    and is told to wait (409) or, if the first has finished, gets its answer. Never two decks."""
    auth = {
        **token_for(site),
        "Idempotency-Key": "together-1",
        "Content-Type": "application/json",
        "Accept": "application/json",
    }
    body = json.dumps({"name": "Rock drop", "text": GARGOYLES}).encode()
    start = threading.Barrier(2, timeout=TIMEOUT)
    answers: list[tuple[int, dict, dict]] = []

    def send() -> None:
        request = urllib.request.Request(site.base + "/api/v1/decks/", data=body, method="POST", headers=auth)
        start.wait()
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                answers.append((response.status, dict(response.headers), json.loads(response.read())))
        except urllib.error.HTTPError as error:
            answers.append((error.code, dict(error.headers), json.loads(error.read())))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=2 * TIMEOUT)
    assert len(answers) == 2
    for answer in site.recorder.answers:
        check_answer(answer)
    assert Deck.objects.count() == 1
    answers.sort(key=lambda answer: (answer[0], "Idempotent-Replayed" in answer[1]))
    (first_status, _first_headers, first), (second_status, second_headers, second) = answers
    assert first_status == 201 and first["id"] == Deck.objects.get().pk
    if second_status == 201:  # the second came once the first had finished: the same answer
        assert second == first and second_headers["Idempotent-Replayed"] == "true"
    else:
        assert (second_status, second["code"], second_headers["Retry-After"]) == (409, "request_in_progress", "1")
