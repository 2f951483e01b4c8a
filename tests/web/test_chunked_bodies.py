"""A body sent in chunks (``Transfer-Encoding: chunked``, no ``Content-Length``) is refused with a 411 that says
to send the length, never read as empty and answered "this field is required".

Through both real servers, which hand such a request on differently: Django's development server leaves the
chunks undecoded in the socket (``CONTENT_LENGTH`` empty); gunicorn decodes them (``wsgi.input_terminated``)
but gives no length either. And through the test client, which a middleware cannot tell from a server."""

from __future__ import annotations

import http.client
import json
import socket
import urllib.parse

import pytest

from tests.api.conftest import no_throttling  # noqa: F401 (a fixture)
from tests.web.test_gunicorn import server  # noqa: F401, F811 (a fixture)
from tests.web.test_wsgi_server import site  # noqa: F401, F811 (a fixture)

DECK = "Crypt\n12x Tupdog\nLibrary\n60x Govern the Unaligned\n"
VALIDATE = "/api/v1/decklists/validate"
SAYS_WHY = "send the body with a Content-Length header"


def send(base: str, path: str, body: bytes, *, chunked: bool, **headers: str) -> tuple[int, str, bytes]:
    """POST ``body`` to a running server, in two chunks or with its length; the status, type and body.

    The whole request goes in one write: a server that answers before reading a body it refuses must not
    find the client still writing (a broken pipe, not the answer)."""
    address = urllib.parse.urlsplit(base)
    if chunked:
        headers["Transfer-Encoding"] = "chunked"
        payload = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:7], body[7:])) + b"0\r\n\r\n"
    else:
        headers["Content-Length"] = str(len(body))
        payload = body
    lines = [f"POST {path} HTTP/1.1", f"Host: {address.netloc}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    with socket.create_connection((address.hostname, address.port), timeout=60) as connection:
        connection.sendall("\r\n".join(lines).encode() + b"\r\n\r\n" + payload)
        response = http.client.HTTPResponse(connection)
        response.begin()
        return response.status, response.headers.get("Content-Type", ""), response.read()


def check_refusals(base: str) -> None:
    body = json.dumps({"text": DECK}).encode()
    # The same request with its length is answered: the API reads the body it was sent.
    status, _type, content = send(base, VALIDATE, body, chunked=False, **{"Content-Type": "application/json"})
    assert status == 200, content

    status, content_type, content = send(base, VALIDATE, body, chunked=True, **{"Content-Type": "application/json"})
    assert status == 411, content
    assert content_type == "application/json"
    answer = json.loads(content)
    assert answer["code"] == "length_required" and SAYS_WHY in answer["detail"]
    assert "errors" not in answer  # not "this field is required"

    status, content_type, content = send(
        base, "/check/", b"text=Crypt", chunked=True, **{"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert status == 411, content
    assert content_type.startswith("text/html") and SAYS_WHY in content.decode()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_throttling")
def test_django_development_server_refuses_a_chunked_body(site):  # noqa: F811 (the fixture)
    check_refusals(site.base)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_throttling")
def test_gunicorn_refuses_a_chunked_body(server):  # noqa: F811 (the fixture)
    base, _static, _log = server
    check_refusals(base)


@pytest.mark.django_db
@pytest.mark.usefixtures("no_throttling")
@pytest.mark.parametrize("lang, words", [("pl", "Content-Length"), ("de", "Content-Length")])
def test_the_refusal_is_in_the_clients_language(client, lang, words):
    response = client.post(
        f"{VALIDATE}?lang={lang}",
        {"text": DECK},
        content_type="application/json",
        headers={"Transfer-Encoding": "chunked"},
    )
    assert response.status_code == 411
    detail = response.json()["detail"]
    assert words in detail and SAYS_WHY not in detail


@pytest.mark.django_db
def test_the_test_client_is_refused_the_same(client):
    # Whatever the client claims besides: a Transfer-Encoding is refused before anything reads the body.
    response = client.post(
        VALIDATE, {"text": DECK}, content_type="application/json", headers={"Transfer-Encoding": "chunked"}
    )
    assert response.status_code == 411
    assert response.json()["code"] == "length_required"
    page = client.post("/accounts/login/", {"username": "x"}, headers={"Transfer-Encoding": "chunked"})
    assert page.status_code == 411 and SAYS_WHY in page.content.decode()
