"""The Content-Security-Policy in a real browser: every page works under it without one refused script,
style, image or connection (Chromium reports each one as a console message and a
``securitypolicyviolation`` event), the Swagger UI at /api/docs/ included; and an injected inline handler
is refused, so the policy is really enforced."""

from __future__ import annotations

import re

import pytest

from cards import index

from .conftest import DESKTOP, SKIP_WITHOUT_PLAYWRIGHT, TIMEOUT_MS

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Runs in every document before its own scripts (Playwright injects it outside the page's CSP).
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} refused ${event.blockedURI || "inline"}`);
});
"""
PUBLIC = "http://vtesdeck.example.org"  # a host name that is not localhost, served by the live server
POLICY_MESSAGE = re.compile(r"Content[- ]Security[- ]Policy|Permissions-Policy", re.IGNORECASE)


class Watcher:
    """Console messages about a policy, and the violation events of each document the page showed."""

    def __init__(self, page) -> None:
        self.page = page
        self.messages: list[str] = []
        self.events: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", lambda message: self._console(message.text))

    def _console(self, text: str) -> None:
        if POLICY_MESSAGE.search(text):
            self.messages.append(f"{self.page.url}: {text}")

    def collect(self) -> None:
        """The current document's violation events (call before leaving it)."""
        events = self.page.evaluate("window.__cspViolations || []")
        self.events.extend(f"{self.page.url}: {event}" for event in events)

    def visit(self, path: str) -> None:
        response = self.page.goto(path)
        assert response is not None and response.ok, f"{path}: {response and response.status}"
        assert response.headers.get("content-security-policy"), f"{path} has no Content-Security-Policy"

    def assert_clean(self) -> None:
        self.collect()
        assert self.messages == [] and self.events == [], "\n".join(self.messages + self.events)


@pytest.fixture
def watched(new_page):
    return Watcher(new_page())


def test_the_public_pages_run_under_the_policy(watched):
    page = watched.page
    watched.visit("/")
    page.locator("input[type=search], input[name=q]").first.fill("govern")  # the name autocomplete's fetch
    expect(page.get_by_role("option").first).to_be_visible()
    watched.collect()

    watched.visit("/cards/?q=govern")
    expect(page.get_by_role("link", name="Govern the Unaligned").first).to_be_visible()
    watched.collect()

    watched.visit(f"/cards/{index.get().lookup('Govern the Unaligned').id}/")
    expect(page.get_by_role("heading", name="Govern the Unaligned")).to_be_visible()
    watched.collect()

    watched.visit("/check/")
    page.get_by_label("Paste a decklist").fill("Crypt\n12x Tupdog\nLibrary\n60x Blood Doll")
    page.locator("form.check-form").get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("table.verdicts")).to_be_visible()
    watched.collect()

    watched.visit("/twda/")
    watched.assert_clean()


def test_the_deck_editor_and_its_charts_run_under_the_policy(watched, alice, log_in):
    page = watched.page
    log_in(page, alice)
    watched.visit("/decks/new")
    page.get_by_label("Deck name").fill("Policy check")
    page.get_by_role("button", name="Create and edit").click()
    page.wait_for_url(re.compile(r"/decks/\w+/edit$"))
    deck_id = page.url.rstrip("/").split("/")[-2]
    # A search and an added card: results and panels (legality, statistics with SVG charts) are redrawn.
    page.locator("#card-search").fill("Tupdog")
    result = page.locator('#search-results li.search-result[data-card-name="Tupdog"]')
    result.click()
    expect(page.locator("#deck-panel tr.deck-card")).to_have_count(1)
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved")
    expect(page.locator("svg.chart").first).to_be_visible()
    watched.collect()

    watched.visit(f"/decks/{deck_id}/")
    watched.collect()
    watched.visit(f"/decks/{deck_id}/draws/")
    watched.collect()
    watched.visit(f"/decks/{deck_id}/games/")  # its job, results and games: tests/browser/test_games.py
    watched.assert_clean()


def test_the_swagger_ui_renders_its_operations_under_the_policy(watched):
    page = watched.page
    watched.visit("/api/docs/")
    operations = page.locator(".opblock")
    expect(operations.first).to_be_visible(timeout=30_000)  # the schema is generated on first request
    assert operations.count() > 10
    expect(page.locator(".opblock-summary-path", has_text="/api/v1/cards/").first).to_be_visible()
    # An operation opens, with its parameters (the UI's own scripts and styles at work).
    page.locator(".opblock-summary-path", has_text="/api/v1/sets/").first.click()
    expect(page.get_by_role("button", name="Try it out").first).to_be_visible()
    watched.assert_clean()


@pytest.fixture
def public_page(browser, site):
    """A page on PUBLIC, whose every request the live server answers (the browser sees that host name)."""
    context = browser.new_context(base_url=PUBLIC, **DESKTOP)
    context.set_default_timeout(TIMEOUT_MS)

    def to_live_server(route) -> None:
        route.fulfill(response=route.fetch(url=route.request.url.replace(PUBLIC, site, 1)))

    context.route(f"{PUBLIC}/**", to_live_server)
    yield context.new_page()
    context.close()


def test_the_swagger_ui_on_a_public_host_loads_nothing_from_elsewhere(public_page):
    """Swagger UI treats a schema on localhost differently (its validator.swagger.io badge, in the layouts
    that have one, is only for other hosts): seen through a public host name, the page still loads
    nothing from another site and breaks no policy."""
    page = public_page
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    watched = Watcher(page)
    watched.visit("/api/docs/")
    expect(page.locator(".opblock").first).to_be_visible(timeout=30_000)
    page.wait_for_load_state("networkidle")
    assert [url for url in requested if not url.startswith((PUBLIC, "data:"))] == []
    watched.assert_clean()


def test_an_injected_inline_handler_is_refused_and_reported(watched):
    """The policy is enforced, and this module's watcher would see a page that broke it."""
    page = watched.page
    watched.visit("/")
    page.evaluate(
        """() => {
            window.__ran = false;
            const img = document.createElement("img");
            img.setAttribute("onerror", "window.__ran = true");
            img.src = "data:,not-an-image";
            document.body.append(img);
        }"""
    )
    page.wait_for_function("window.__cspViolations.length > 0")
    assert page.evaluate("window.__ran") is False
    watched.collect()
    assert any("script-src" in event for event in watched.events), watched.events
