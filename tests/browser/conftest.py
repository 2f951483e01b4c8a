"""Browser tests: Debian's headless Chromium, driven by Playwright, against pytest-django's live server.

Playwright never downloads a browser here: the Chromium found on the machine is launched by path
(``VTESDECK_CHROMIUM``, else Debian's). When Playwright or Chromium is missing, or Chromium will not start,
every browser test is SKIPPED with the reason in the summary (``-ra``), never failed.

The live server needs real commits, so these tests are transactional, and Django empties every table
after each of them, the card list that ``django_db_setup`` imported once included. The ``cards_in_database``
fixture (tests/conftest.py) keeps the card rows in memory the first time it sees them and puts them back
whenever a test finds the table empty, and once more at the end of the session, so the modules that run
later (pytest-django runs transactional tests after the others) find the cards where they were.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client

from tests.paths import PROJECT

CHROMIUM_PATHS = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")  # the binary, then Debian's wrapper
SCREENSHOTS = PROJECT / "docs" / "screenshots"
PASSWORD = "not-a-real-password-42"
TIMEOUT_MS = 30_000  # for a condition to come true (they end as soon as it does): generous, for a loaded machine
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


SKIP_WITHOUT_PLAYWRIGHT = "BROWSER TESTS SKIPPED: Playwright is not installed (pip install -r requirements.txt)."


def _skip(reason: str) -> None:
    pytest.skip(f"BROWSER TESTS SKIPPED: {reason}")


def _candidates() -> list[str]:
    return [os.environ["VTESDECK_CHROMIUM"]] if os.environ.get("VTESDECK_CHROMIUM") else list(CHROMIUM_PATHS)


def _chromium() -> str | None:
    return next((path for path in _candidates() if Path(path).is_file() and os.access(path, os.X_OK)), None)


@pytest.fixture(scope="package")
def browser() -> Iterator:
    try:
        from playwright.sync_api import Error, expect, sync_playwright
    except ImportError:
        pytest.skip(SKIP_WITHOUT_PLAYWRIGHT)
    # expect() waits 5 s by default for its condition, which a loaded machine can miss: the same generous
    # wait as every other step (it ends as soon as the condition holds).
    expect.set_options(timeout=TIMEOUT_MS)
    executable = _chromium()
    if executable is None:
        _skip(f"no Chromium at {' or '.join(_candidates())} (apt-get install chromium, or set VTESDECK_CHROMIUM).")
    with pytest.MonkeyPatch.context() as patch:
        # Playwright's sync API keeps an event loop in this thread, which Django's ORM takes for an async
        # context; the test code and pytest-django's database teardown still run one thing at a time.
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        try:
            playwright = sync_playwright().start()
        except Exception as exc:  # Playwright's own driver would not run
            _skip(f"Playwright would not start: {exc}")
        try:
            # A small /dev/shm (containers) crashes Chromium on long pages.
            chromium = playwright.chromium.launch(
                executable_path=executable, headless=True, args=["--disable-dev-shm-usage"]
            )
        except Error as exc:
            playwright.stop()
            _skip(f"{executable} would not start: {str(exc).splitlines()[0]}")
        try:
            yield chromium
        finally:
            chromium.close()
            playwright.stop()


# --- the card list across transactional tests -------------------------------------------------------


@pytest.fixture
def site(live_server, cards_in_database) -> str:
    """The live server's root URL, with the whole card list in its database (tests/conftest.py keeps the
    rows across the flushes and puts them back for the tests that run later)."""
    return live_server.url


# --- pages ----------------------------------------------------------------------------------------


@pytest.fixture
def new_page(browser, site):
    """``new_page(**context_options)``: a page in a fresh browser context (its own cookies) on the live server."""
    contexts = []

    def make(**options):
        context = browser.new_context(base_url=site, accept_downloads=True, **(options or DESKTOP))
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def log_in(site):
    """``log_in(page, user)``: the user's session cookie in the page's context, without the login form (the
    story test goes through the forms)."""

    def log_in(page, user) -> None:
        client = Client()
        client.force_login(user)
        name = settings.SESSION_COOKIE_NAME
        page.context.add_cookies([{"name": name, "value": client.cookies[name].value, "url": site}])

    return log_in


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "alice@example.org", PASSWORD)
