"""/accounts/…: sign up, log in and out, password change and reset, the login throttle, and the nav links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib import auth
from django.contrib.auth.models import User
from django.core.cache import cache

from accounts import throttle
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

PASSWORD = "vampire-crypt-7391"
NEW_PASSWORD = "methuselah-pool-2846"


@pytest.fixture(autouse=True)
def fast_hasher(settings):
    # The real hasher takes a noticeable time per password, and the throttle tests try many.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice(fast_hasher):
    return User.objects.create_user("alice", "alice@example.org", PASSWORD)


def logged_in_user(client) -> User | None:
    user = auth.get_user(client)
    return user if user.is_authenticated else None


def signup(client, url="/accounts/signup/", **fields):
    data = {"username": "bob", "email": "bob@example.org", "password1": PASSWORD, "password2": PASSWORD}
    return client.post(url, {**data, **fields})


def login(client, username="alice", password=PASSWORD, address="127.0.0.1", forwarded_for=None, **fields):
    data = {"username": username, "password": password, **fields}
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return client.post("/accounts/login/", data, REMOTE_ADDR=address, headers=headers)


def nav(response) -> str:
    return re.search(r'<nav class="site-nav".*?</nav>', response.content.decode(), re.S).group(0)


# ---- pages and nav -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["/", "/accounts/signup/", "/accounts/login/", "/accounts/password/reset/", "/accounts/password/reset/done/"],
)
def test_it_renders_the_pages_for_anonymous_users_with_the_nav_links(client, url):
    response = client.get(url)
    assert response.status_code == 200
    html = nav(response)
    assert re.search(r'href="/accounts/login/[^"]*"[^>]*>Log in</a>', html)
    assert 'href="/accounts/signup/"' in html and ">Sign up</a>" in html
    assert "Log out" not in html
    # The existing links stay.
    for href in ('href="/"', 'href="/cards/"', 'href="/check/"', 'href="/api/docs/"'):
        assert href in html


def test_it_links_log_in_back_to_the_current_page(client):
    assert 'href="/accounts/login/?next=/cards/%3Fq%3Dgovern"' in nav(client.get("/cards/?q=govern"))
    # Not from the log in page itself, which would send the user back to it.
    assert 'href="/accounts/login/"' in nav(client.get("/accounts/login/"))


def test_it_shows_the_username_and_a_log_out_form_when_logged_in(client, alice):
    client.force_login(alice)
    html = nav(client.get("/"))
    assert ">alice</a>" in html
    form = re.search(r'<form class="logout-form" method="post" action="/accounts/logout/">(.*?)</form>', html, re.S)
    assert form and 'name="csrfmiddlewaretoken"' in form.group(1) and "Log out" in form.group(1)
    assert ">Log in</a>" not in html and ">Sign up</a>" not in html


def test_it_wraps_the_account_templates_for_translation():
    folder = Path(__file__).resolve().parents[2] / "templates" / "accounts"
    for path in folder.glob("*.*"):
        text = path.read_text()
        if path.name.startswith("_field"):
            continue  # labels and messages come from the forms, already translated
        assert "{% load i18n %}" in text, path.name


# ---- sign up -------------------------------------------------------------------------------------


def test_it_signs_up_and_logs_the_new_user_in(client):
    response = signup(client)
    assert response.status_code == 302 and response["Location"] == "/"
    user = User.objects.get(username="bob")
    assert user.email == "bob@example.org" and user.check_password(PASSWORD)
    assert logged_in_user(client) == user
    assert ">bob</a>" in nav(client.get("/"))


def test_it_needs_an_email_address(client):
    response = signup(client, email="")
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not User.objects.filter(username="bob").exists()


@pytest.mark.parametrize("username", ["alice", "ALICE"])
def test_it_refuses_a_taken_username(client, alice, username):
    response = signup(client, username=username)
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.count() == 1 and logged_in_user(client) is None


@pytest.mark.parametrize("email", ["alice@example.org", "Alice@Example.ORG"])
def test_it_refuses_a_taken_email_address(client, alice, email):
    response = signup(client, email=email)
    assert response.status_code == 200
    assert "An account with this email address already exists." in response.content.decode()
    assert User.objects.count() == 1 and logged_in_user(client) is None


@pytest.mark.parametrize(
    "password, message",
    [
        ("password", "This password is too common."),
        ("Xy7!", "This password is too short."),
        ("83920174615", "This password is entirely numeric."),
        ("bob@example.org", "The password is too similar to the email address."),
    ],
)
def test_it_refuses_a_weak_password(client, password, message):
    response = signup(client, password1=password, password2=password)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.filter(username="bob").exists()


def test_it_refuses_two_different_passwords(client):
    response = signup(client, password2=NEW_PASSWORD)
    assert "The two password fields didn’t match." in response.content.decode()
    assert not User.objects.exists()


def test_it_marks_the_field_in_error(client):
    html = signup(client, email="not an address").content.decode()
    assert '<div class="field field-email has-error">' in html
    assert 'aria-invalid="true"' in html
    assert '<a href="#id_email">Email</a>' in html


def test_it_goes_to_next_after_signing_up(client):
    response = signup(client, url="/accounts/signup/?next=/cards/%3Fq%3Dgovern")
    assert response["Location"] == "/cards/?q=govern"
    # The form carries next on to its POST.
    html = client.get("/accounts/signup/?next=/cards/").content.decode()
    assert '<input type="hidden" name="next" value="/cards/">' in html


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/", "javascript:alert(1)"])
def test_it_ignores_an_external_next_after_signing_up(client, next_url):
    response = signup(client, next=next_url)
    assert response.status_code == 302 and response["Location"] == "/"
    assert next_url not in client.get("/accounts/signup/", {"next": next_url}).content.decode()


# ---- log in, log out -----------------------------------------------------------------------------


def test_it_logs_in_and_out(client, alice):
    response = login(client)
    assert response.status_code == 302 and response["Location"] == "/"
    assert logged_in_user(client) == alice

    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert logged_in_user(client) is None


def test_it_refuses_a_wrong_password(client, alice):
    response = login(client, password="wrong")
    assert response.status_code == 200
    assert "Please enter a correct username and password." in response.content.decode()
    assert logged_in_user(client) is None


def test_it_logs_out_only_on_post(client, alice):
    client.force_login(alice)
    assert client.get("/accounts/logout/").status_code == 405
    assert logged_in_user(client) == alice


def test_it_goes_to_next_after_logging_in(client, alice):
    response = login(client, next="/cards/?q=govern")
    assert response["Location"] == "/cards/?q=govern"
    html = client.get("/accounts/login/?next=/cards/").content.decode()
    assert '<input type="hidden" name="next" value="/cards/">' in html


@pytest.mark.parametrize("next_url", ["https://evil.example/", "//evil.example/"])
def test_it_ignores_an_external_next_after_logging_in(client, alice, next_url):
    response = login(client, next=next_url)
    assert response.status_code == 302 and response["Location"] == "/"


def test_it_sends_the_admin_login_to_the_throttled_one(client):
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/admin/"


# ---- password change -----------------------------------------------------------------------------


def test_it_asks_to_log_in_before_changing_a_password(client):
    response = client.get("/accounts/password/")
    assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/accounts/password/"


def test_it_changes_the_password(client, alice):
    client.force_login(alice)
    assert client.get("/accounts/password/").status_code == 200
    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post("/accounts/password/", data)
    assert response.status_code == 302 and response["Location"] == "/accounts/password/done/"
    assert "Your password was changed." in client.get(response["Location"]).content.decode()
    assert logged_in_user(client) == alice  # the session survives its own password change

    client.post("/accounts/logout/")
    assert login(client, password=PASSWORD).status_code == 200
    assert login(client, password=NEW_PASSWORD).status_code == 302


def opens_the_api(client, key: str) -> bool:
    return client.get("/api/v1/tokens/", headers={"Authorization": f"Token {key}"}).status_code == 200


def test_changing_the_password_revokes_the_api_tokens_by_default(client, alice):
    # A token made by whoever knew the old password must not outlive it.
    _, key = ApiToken.objects.issue(alice, "made with the old password")
    ApiToken.objects.issue(alice, "another")
    client.force_login(alice)
    form = client.get("/accounts/password/").content.decode()
    assert re.search(r'<input type="checkbox" name="revoke_tokens"[^>]* checked', form)
    assert "Revoke all my API tokens" in form

    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post("/accounts/password/", {**data, "revoke_tokens": "on"}, follow=True)
    assert "Your 2 API tokens were revoked: they no longer work." in response.content.decode()
    assert not ApiToken.objects.filter(user=alice).exists()
    assert not opens_the_api(client.__class__(), key)


def test_changing_the_password_may_keep_the_api_tokens(client, alice):
    _, key = ApiToken.objects.issue(alice, "bot")
    client.force_login(alice)
    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post("/accounts/password/", data, follow=True)  # the box unticked
    assert "revoked" not in response.content.decode()
    assert opens_the_api(client.__class__(), key)


def test_it_needs_the_old_password_to_change_it(client, alice):
    client.force_login(alice)
    data = {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post("/accounts/password/", data)
    assert response.status_code == 200
    assert "Your old password was entered incorrectly." in response.content.decode()
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


# ---- password reset ------------------------------------------------------------------------------


def test_it_resets_a_password_by_email(client, alice, mailoutbox):
    response = client.post("/accounts/password/reset/", {"email": "ALICE@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/done/"
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert message.to == ["alice@example.org"]
    assert message.subject == "Reset your password on testserver"
    assert '"alice"' in message.body
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)

    # The token moves from the address into the session before the form is shown.
    response = client.get(link)
    assert response.status_code == 302
    form_url = response["Location"]
    assert form_url.endswith("/set-password/")
    assert "Choose a new password" in client.get(form_url).content.decode()
    response = client.post(form_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/complete/"
    assert "Your new password is set." in client.get(response["Location"]).content.decode()

    assert login(client, password=NEW_PASSWORD).status_code == 302
    assert logged_in_user(client) == alice
    # The link was for one use only.
    client.post("/accounts/logout/")
    assert "This link is not valid" in client.get(link, follow=True).content.decode()


def test_it_answers_the_same_for_an_unknown_email_address(client, alice, mailoutbox):
    known = client.post("/accounts/password/reset/", {"email": "alice@example.org"})
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert (unknown.status_code, unknown["Location"]) == (known.status_code, known["Location"])
    assert len(mailoutbox) == 1  # only alice's
    done = client.get(unknown["Location"]).content.decode()
    assert "If an account uses the address you entered" in done


def test_resetting_the_password_revokes_the_api_tokens(client, alice, mailoutbox):
    # Whoever asked for the reset may not be whoever made the tokens: the old password's tokens go with it.
    _, key = ApiToken.objects.issue(alice, "made with the old password")
    client.post("/accounts/password/reset/", {"email": "alice@example.org"})
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mailoutbox[0].body).group(1)
    form_url = client.get(link)["Location"]
    data = {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client.post(form_url, data, follow=True)
    assert "Your API token was revoked: it no longer works." in response.content.decode()
    assert not opens_the_api(client.__class__(), key)


def reset(client, email: str, address: str = "127.0.0.1"):
    return client.post("/accounts/password/reset/", {"email": email}, REMOTE_ADDR=address)


@pytest.mark.parametrize("email", ["alice@example.org", "nobody@example.org"])
def test_it_sends_an_address_only_a_few_reset_messages(client, alice, mailoutbox, email):
    # From many client addresses, so that only the email address's own count can stop the fourth.
    for n in range(throttle.RESET_LIMIT):
        assert reset(client, email, address=f"10.0.0.{n}").status_code == 302
    response = reset(client, email.upper(), address="10.0.1.1")
    assert response.status_code == 429
    assert "Too many password reset requests for this address" in response.content.decode()
    assert response["Retry-After"] == str(throttle.RETRY_AFTER)
    assert 'name="email"' in response.content.decode()  # the form, shown again
    # Known and unknown addresses are answered alike, so the answer tells nobody which has an account.
    assert len(mailoutbox) == (throttle.RESET_LIMIT if email.startswith("alice") else 0)
    # Another address is not held back.
    assert reset(client, "bob@example.org", address="10.0.1.1").status_code == 302


def test_it_throttles_reset_requests_from_one_client_address(client, alice, mailoutbox):
    for n in range(throttle.LIMIT):
        assert reset(client, f"user{n}@example.org", address="192.0.2.7").status_code == 302
    assert reset(client, "alice@example.org", address="192.0.2.7").status_code == 429
    assert mailoutbox == []
    # alice herself, from elsewhere, gets her link.
    assert reset(client, "alice@example.org", address="198.51.100.3").status_code == 302
    assert len(mailoutbox) == 1


def test_it_refuses_a_forged_reset_link(client, alice):
    response = client.get("/accounts/password/reset/MQ/not-a-token/")
    assert response.status_code == 200
    assert "This link is not valid" in response.content.decode()
    main = response.content.decode().split('<main id="main"')[1].split("</main>")[0]
    assert 'name="new_password1"' not in main and "<form" not in main


# ---- the login throttle --------------------------------------------------------------------------


def test_it_throttles_a_username_after_ten_failures(client, alice):
    bob = User.objects.create_user("bob", "bob@example.org", PASSWORD)
    # Ten failures, each from another address, so that only alice's own count can stop the eleventh.
    for n in range(throttle.LIMIT):
        assert login(client, password="guess", address=f"10.0.0.{n}").status_code == 200

    response = login(client, address="10.0.1.1")  # even the right password
    assert response.status_code == 429
    assert "Too many failed attempts to log in" in response.content.decode()
    assert '<input type="text" name="username"' in response.content.decode()  # the form, shown again
    assert response["Retry-After"] == str(throttle.RETRY_AFTER)
    assert logged_in_user(client) is None
    # The username is compared without case, as sign up does.
    assert login(client, username="ALICE", address="10.0.1.2").status_code == 429

    # Another user, from an address that tried alice too, is not held back.
    response = login(client, username="bob", address="10.0.0.1")
    assert response.status_code == 302 and logged_in_user(client) == bob


def test_it_throttles_an_address_after_ten_failures(client, alice):
    for n in range(throttle.LIMIT):
        assert login(client, username=f"user{n}", password="guess", address="192.0.2.7").status_code == 200
    assert login(client, address="192.0.2.7").status_code == 429
    # alice herself, from elsewhere, is let in.
    assert login(client, address="198.51.100.3").status_code == 302


def test_it_forgets_a_users_failures_when_they_log_in(client, alice):
    for n in range(throttle.LIMIT - 1):
        login(client, password="guess", address=f"10.0.0.{n}")
    assert login(client, address="10.0.1.1").status_code == 302
    client.post("/accounts/logout/")
    for n in range(throttle.LIMIT - 1):
        assert login(client, password="guess", address=f"10.0.2.{n}").status_code == 200


def test_it_ignores_x_forwarded_for_without_a_proxy(client, alice, settings):
    settings.NUM_PROXIES = 0
    for n in range(throttle.LIMIT):
        login(client, username=f"user{n}", password="guess", address="192.0.2.7", forwarded_for=f"10.9.9.{n}")
    response = login(client, address="192.0.2.7", forwarded_for="10.9.9.99")
    assert response.status_code == 429


def test_it_reads_the_client_address_behind_a_proxy(client, alice, settings):
    settings.NUM_PROXIES = 1
    for n in range(throttle.LIMIT):
        # A client may send its own X-Forwarded-For; the proxy appends the real address after it.
        forwarded = f"10.9.9.{n}, 203.0.113.5"
        login(client, username=f"user{n}", password="guess", address="10.0.0.1", forwarded_for=forwarded)
    assert login(client, address="10.0.0.1", forwarded_for="203.0.113.5").status_code == 429
    # Another client behind the same proxy is let in.
    assert login(client, address="10.0.0.1", forwarded_for="198.51.100.3").status_code == 302
