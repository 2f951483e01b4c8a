"""Security headers on every kind of response, and HTTPS behaviour when DJANGO_HTTPS's settings are on."""

from __future__ import annotations

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from vtesdeck.security import CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, SecurityHeadersMiddleware

pytestmark = pytest.mark.django_db

EXPECTED_CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
    "connect-src": "'self'",
}


def directives(policy: str) -> dict[str, str]:
    return dict(part.strip().split(" ", 1) for part in policy.split(";"))


def assert_security_headers(response) -> None:
    assert directives(response["Content-Security-Policy"]) == EXPECTED_CSP
    assert "camera=()" in response["Permissions-Policy"]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_the_policy_allows_no_inline_script_or_style():
    policy = directives(CONTENT_SECURITY_POLICY)
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY and "'unsafe-eval'" not in CONTENT_SECURITY_POLICY
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"


def test_an_html_page_carries_them(client):
    response = client.get("/")
    assert response.status_code == 200
    assert_security_headers(response)
    assert response["X-Frame-Options"] == "DENY"


def test_an_api_response_carries_them(client):
    response = client.get("/api/v1/sets/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert_security_headers(response)


def test_a_static_file_carries_them(client):
    response = client.get("/static/css/base.css")
    assert response.status_code == 200
    assert_security_headers(response)


def test_the_404_page_carries_them(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert_security_headers(response)


def test_the_api_docs_page_has_no_inline_script_or_style(client):
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "<style" not in html
    assert "<script>" not in html  # every script has a src
    assert "/api/docs/?script" in html
    script = client.get("/api/docs/?script")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle(" in script.content.decode()
    # Another site may not load it as its own <script> (it holds the visitor's CSRF token).
    assert script["Cross-Origin-Resource-Policy"] == "same-origin"


def test_a_header_set_by_a_view_is_kept():
    own = "default-src 'none'"

    def view(request):
        response = HttpResponse("x")
        response["Content-Security-Policy"] = own
        return response

    response = SecurityHeadersMiddleware(view)(RequestFactory().get("/"))
    assert response["Content-Security-Policy"] == own
    assert response["Permissions-Policy"] == PERMISSIONS_POLICY


@pytest.fixture
def https_settings(settings):
    """What DJANGO_HTTPS=true (with the HSTS opt-ins) sets."""
    settings.SECURE_SSL_REDIRECT = True
    settings.SESSION_COOKIE_SECURE = True
    settings.CSRF_COOKIE_SECURE = True
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.SECURE_HSTS_PRELOAD = True
    return settings


def test_hsts_is_sent_on_a_secure_request(client, https_settings):
    response = client.get("/", secure=True)
    assert response.status_code == 200
    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert_security_headers(response)


def test_hsts_is_never_sent_over_plain_http(client):
    # The default (`make run`): no redirect, no HSTS, which a browser would remember for localhost.
    response = client.get("/")
    assert response.status_code == 200
    assert "Strict-Transport-Security" not in response


def test_plain_http_is_redirected_to_https(client, https_settings):
    response = client.get("/cards/?q=govern")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/cards/?q=govern"


def test_the_health_check_answers_a_plain_http_probe(client, https_settings):
    # A load balancer probes over plain HTTP behind the TLS terminator: a redirect would mark us down.
    response = client.get("/healthz?worker=0")
    assert response.status_code == 200
    assert response.json()["database"]["ok"] and response.json()["broker"]["ok"]


def test_behind_a_tls_proxy_its_forwarded_proto_counts_as_https(client, https_settings):
    https_settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    response = client.get("/", HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 200
    assert "Strict-Transport-Security" in response
    # The same request without the proxy's word for it is plain HTTP.
    assert client.get("/").status_code == 301


def test_django_debug_pages_are_left_readable_in_debug_only(client, settings):
    settings.DEBUG = True
    debug_404 = client.get("/no-such-page/")
    assert debug_404.status_code == 404
    assert "Content-Security-Policy" not in debug_404  # its inline styles would be refused
    assert "Permissions-Policy" in debug_404
    assert "Content-Security-Policy" in client.get("/")
