"""Screenshots for the documentation (docs/screenshots/, rewritten on every run) of the editor, a card page and
the judge's page, at desktop and phone sizes; on a phone none of them may scroll sideways."""

from __future__ import annotations

import pytest

from cards import index
from decks import services
from tests.paths import TWDA

from .conftest import DESKTOP, PHONE, SCREENSHOTS, SKIP_WITHOUT_PLAYWRIGHT

expect = pytest.importorskip("playwright.sync_api", reason=SKIP_WITHOUT_PLAYWRIGHT).expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DECKLIST = TWDA / "10009.txt"  # "4 Tupdog", La Marató 2021
CARD = "Govern the Unaligned"
PHONE_WIDTH = PHONE["viewport"]["width"]

# The elements that stick out of a page WIDTH px wide (their box, or their content when it overflows them
# visibly), leaving out those that a scrolling or clipping box keeps inside the page, innermost first with
# their path from <body>: what makes a phone scroll sideways.
SIDEWAYS = """(width) => {
  const limit = width + 1;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    [...el.classList].map((c) => "." + c).join("");
  const path = (el) => {
    const names = [];
    for (; el && el !== document.body; el = el.parentElement) names.unshift(name(el));
    return names.join(" > ");
  };
  const clips = (el) => /auto|scroll|hidden|clip/.test(getComputedStyle(el).overflowX);
  const right = (el) => {
    const box = el.getBoundingClientRect();
    return clips(el) ? box.right : Math.max(box.right, box.left + el.scrollWidth);
  };
  const kept = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (clips(box) && box.getBoundingClientRect().right <= limit) return true;
    }
    return false;
  };
  const wide = [...document.body.querySelectorAll("*")].filter((el) => right(el) > limit && !kept(el));
  const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
  return {
    scrollWidth: document.documentElement.scrollWidth,
    culprits: innermost.slice(0, 8).map((el) => `${path(el)} (to ${Math.round(right(el))} px)`),
  };
}"""


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_editor_a_card_and_the_judges_page_fit_the_screen(new_page, alice, log_in, size):
    if not DECKLIST.is_file():
        pytest.skip(f"the TWDA decklist {DECKLIST} is not here")
    text = DECKLIST.read_text(encoding="utf-8")
    deck = services.create(alice, services.parse_text(text), name="4 Tupdog (La Marató 2021)")
    page = new_page(**(PHONE if size == "phone" else DESKTOP))
    log_in(page, alice)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    sideways = {}

    def shoot(name: str) -> None:
        page.evaluate("document.fonts.ready")
        page.screenshot(path=SCREENSHOTS / f"{name}-{size}.png", full_page=True, animations="disabled")
        if size == "phone":
            found = page.evaluate(SIDEWAYS, PHONE_WIDTH)
            if found["scrollWidth"] > PHONE_WIDTH + 1:
                sideways[name] = found

    page.goto(f"/decks/{deck.id}/edit?q=dive")
    expect(page.locator("#legality-panel")).to_be_visible()
    expect(page.locator("#search-results li.search-result").first).to_be_visible()
    expect(page.locator("#deck-panel tr.deck-card")).to_have_count(
        len(deck.to_core().crypt) + len(deck.to_core().library)
    )
    shoot("editor")

    page.goto(f"/cards/{index.get().lookup(CARD).id}/")
    expect(page.locator("h1")).to_have_text(CARD)
    shoot("card")

    page.goto("/check/")
    page.get_by_label("Paste a decklist").fill(text)
    page.locator("form.check-form").get_by_role("button", name="Check", exact=True).click()
    expect(page.locator("table.verdicts tr.verdict-row")).to_have_count(1)
    shoot("check")

    assert not sideways, f"pages scroll sideways at {PHONE_WIDTH} px: " + "; ".join(
        f"{name} (scrollWidth {found['scrollWidth']}): {', '.join(found['culprits']) or 'no single element found'}"
        for name, found in sideways.items()
    )
