"""A page's form body read where a refusal can still be answered (``vtesdeck.uploads``): a body declared over the
page's limit is never read, one Django's own limits refuse or that is no form is named by its reason, and each of
the three pages reading uploads (/check/, the deck import, the Veto card list) says it as a 4xx, never a 500."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from vtesdeck import uploads

BOUNDARY = "vtesdeckboundary"


def multipart(*parts: tuple[str, str, bytes]) -> bytes:
    """A multipart body of (field, file name or "", content) parts."""
    out = b""
    for field, name, content in parts:
        disposition = f'form-data; name="{field}"' + (f'; filename="{name}"' if name else "")
        out += f"--{BOUNDARY}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + content + b"\r\n"
    return out + f"--{BOUNDARY}--\r\n".encode()


def post(body: bytes, content_type: str = f"multipart/form-data; boundary={BOUNDARY}"):
    return RequestFactory().generic("POST", "/check/", body, content_type=content_type)


def test_a_body_within_every_limit_is_read():
    request = post(multipart(("text", "", b"12x Anson"), ("files", "a.txt", b"1x Anson")))
    assert uploads.body_refusal(request, 10_000, page="test") is None
    assert request.POST["text"] == "12x Anson" and request.FILES["files"].name == "a.txt"


def test_a_body_declared_over_the_limit_is_refused_unread():
    request = post(multipart(("text", "", b"x" * 2000)))
    assert uploads.body_refusal(request, 1000, page="test") == uploads.TOO_LARGE
    assert request._read_started is False  # noqa: SLF001 - the body was never touched


@pytest.mark.parametrize(
    "setting, body, reason",
    [
        ("DATA_UPLOAD_MAX_MEMORY_SIZE", multipart(("text", "", b"x" * 200)), uploads.TOO_MUCH_DATA),
        (
            "DATA_UPLOAD_MAX_NUMBER_FILES",
            multipart(*[("files", f"{n}.txt", b"1x Anson") for n in range(3)]),
            uploads.TOO_MANY_FILES,
        ),
        ("DATA_UPLOAD_MAX_NUMBER_FIELDS", multipart(*[(f"f{n}", "", b"1") for n in range(3)]), uploads.TOO_MANY_FIELDS),
    ],
)
def test_djangos_own_limits_are_named(settings, setting, body, reason):
    setattr(settings, setting, 2 if "NUMBER" in setting else 100)
    assert uploads.body_refusal(post(body), 1_000_000, page="test") == reason


def test_a_body_that_is_no_form_is_unreadable():
    request = post(b"--nothing like the boundary", "multipart/form-data; boundary=")
    assert uploads.body_refusal(request, 1_000_000, page="test") == uploads.UNREADABLE


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path, status",
    [("/check/", 400), ("/check/?game=veto", 400), ("/decks/import/", 400), ("/veto/cards/", 400)],
)
def test_every_page_answers_an_unreadable_body_with_a_sentence_and_a_4xx(client, django_user_model, path, status):
    client.force_login(django_user_model.objects.create_user("reader", password="x" * 12))
    response = client.generic(
        "POST", path, b"--nothing like the boundary", content_type="multipart/form-data; boundary="
    )
    assert response.status_code == status
    assert "The form data could not be read; please send the form again." in response.content.decode()
