"""Issue 24, items 3 and 7: a custom format edited over and over, and a format played by 5,000 decks edited.

    .venv/bin/python bench/attack24.py --only format-delays,format-edit-5000

* **format-delays** (item 3): one account edits its own custom format 3,351 times through the API, each time
  to a ``legality_delay_days`` it had not had, and validates a decklist with it after each edit; all on one
  keep-alive connection, so that one web worker sees every value (the validator once kept a 270 KB memo per
  value: 223 MB → 1,067 MB). Prints the web workers' memory before and after. PASS: the largest worker grew by
  under 50 MB, every answer was a 200, and /healthz answered under 1 s throughout.
* **format-edit-5000** (item 7): a format played by 5,000 decks, edited back and forth through the API and
  the page (an edit once judged every deck inside the request, about 1 ms each), beside a format played by one
  deck. Prints each edit's time and the first list of the decks after an edit (which judges a page of them).
  PASS: the median edit of the 5,000-deck format within 2x of the 1-deck one (and under 0.2 s), the list
  showing the new verdicts, /healthz under 1 s throughout.
"""

from __future__ import annotations

import statistics
import time

import requests
from _attack24 import Site, scenario

RATE = "1000000/minute"  # the throttles out of the way: the subject is memory and work, not the limits
UNTHROTTLED = {name: RATE for name in ("API_ANON_RATE", "API_USER_RATE", "DECKLISTS_ANON_RATE")}
DECKLIST = "Crypt (12 cards)\n12x Anson\nLibrary (60 cards)\n60x Blood Doll\n"
FORMATS = "/api/v1/formats/"
VALIDATE = "/api/v1/decklists/validate"
EDITS = 3_351
GROWTH_MB = 50.0


def new_format(session: requests.Session, site: Site, **settings) -> str:
    answer = session.post(f"{site.url}{FORMATS}", json={"name": "League", **settings}, timeout=30)
    answer.raise_for_status()
    return answer.json()["id"]


@scenario("format-delays", item=3, env=UNTHROTTLED)
def format_delays(site: Site) -> bool:
    """3,351 edits of one's own format's release delay, each then validated with: web worker memory."""
    _user, key = site.user()
    session = site.api(key)
    format_id = new_format(session, site)
    for _ in range(20):  # warm: the card list read, every module imported, on the worker this connection holds
        session.post(f"{site.url}{VALIDATE}", json={"text": DECKLIST, "ruleset": format_id}, timeout=30)
    before, cpu = site.rss_mb(), site.cpu_seconds()
    statuses: dict[int, int] = {}
    started = time.monotonic()
    with site.poller() as poll:
        for delay in range(EDITS):
            edit = session.patch(f"{site.url}{FORMATS}{format_id}/", json={"legality_delay_days": delay}, timeout=30)
            check = session.post(f"{site.url}{VALIDATE}", json={"text": DECKLIST, "ruleset": format_id}, timeout=30)
            for answer in (edit, check):
                statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
    seconds, cpu = time.monotonic() - started, site.cpu_seconds() - cpu
    after = site.rss_mb()
    grown = after["max_worker"] - before["max_worker"]
    print(
        f"  {EDITS:,} edits (delays 0 to {EDITS - 1}), each followed by a validate, in {seconds:.0f} s; "
        f"answers {dict(sorted(statuses.items()))}; server CPU {cpu:.0f} s ({cpu / EDITS * 1000:.1f} ms a pair)"
    )
    print(
        f"  web workers: largest {before['max_worker']:.0f} MB → {after['max_worker']:.0f} MB ({grown:+.0f} MB); "
        f"all processes {before['total']:.0f} MB → {after['total']:.0f} MB"
    )
    healthy = poll.report(f"{EDITS:,} format edits and validations")
    bounded = grown < GROWTH_MB
    print(f"  {'PASS' if bounded else 'FAIL'}  the largest worker grew by under {GROWTH_MB:.0f} MB")
    answered = set(statuses) == {200}
    print(f"  {'PASS' if answered else 'FAIL'}  every edit and validate answered 200")
    return healthy and bounded and answered


def decks_playing(site: Site, owner, format_id: str, n: int) -> None:
    """``n`` decks of ``owner`` playing the format: one made as the site makes decks, the rest copied in bulk."""
    site.orm()
    from cards import index
    from decks import services
    from decks.models import Deck, DeckCard

    cards = index.get()
    core = services.CoreDeck()
    core.add(cards.lookup("Anson"), 12)
    core.add(cards.lookup("Blood Doll"), 40)  # 40 library cards: legal while the format asks 40 to 60
    template = services.create(owner, core, name="Deck 0", format=format_id)
    rows = list(template.cards.values("card_id", "crypt", "count", "position"))
    for start in range(1, n, 1000):
        copies = Deck.objects.bulk_create(
            [
                Deck(
                    owner=owner,
                    name=f"Deck {i}",
                    format=format_id,
                    crypt_count=template.crypt_count,
                    library_count=template.library_count,
                    legal=template.legal,
                    format_revision=template.format_revision,
                )
                for i in range(start, min(n, start + 1000))
            ]
        )
        DeckCard.objects.bulk_create([DeckCard(deck=copy, **row) for copy in copies for row in rows])


def timed(send) -> tuple[float, int]:
    started = time.monotonic()
    answer = send()
    return time.monotonic() - started, answer.status_code


@scenario("format-edit-5000", item=7, env=UNTHROTTLED)
def format_edit_5000(site: Site) -> bool:
    """A format played by 5,000 decks edited (API and page): each edit's time against a 1-deck format's."""
    league = {"library_min": 40, "library_max": 60}
    sixty = {"library_min": 60, "library_max": 90}
    lots_user, lots_key = site.user()
    few_user, few_key = site.user()
    lots_api, few_api = site.api(lots_key), site.api(few_key)
    lots, few = new_format(lots_api, site, **league), new_format(few_api, site, **league)
    started = time.monotonic()
    decks_playing(site, lots_user, lots, 5_000)
    decks_playing(site, few_user, few, 1)
    print(f"  5,000 decks play {lots}, 1 deck plays {few} (made in {time.monotonic() - started:.0f} s)")
    page = site.logged_in(lots_user.username)
    csrf = page.cookies.get("csrftoken", "")
    form = {
        "name": "League",
        "crypt_min": "12",
        "group_window": "2",
        "bans": "on",
        "release_delay": "on",
        "allowed_sets": [],
        "allowed_cards": "",
        "banned_cards": "",
        "csrfmiddlewaretoken": csrf,
    }

    def page_edit(settings: dict) -> requests.Response:
        data = {**form, **{k: str(v) for k, v in settings.items()}}
        return page.post(
            f"{site.url}/formats/{lots}/edit/",
            data=data,
            timeout=60,
            allow_redirects=False,
            headers={"Referer": f"{site.url}/formats/{lots}/edit/"},
        )

    times: dict[str, list[float]] = {"1 deck, API": [], "5,000 decks, API": [], "5,000 decks, page": []}
    statuses: dict[int, int] = {}
    cpu = site.cpu_seconds()
    with site.poller() as poll:
        for round_ in range(6):
            settings = sixty if round_ % 2 == 0 else league
            for what, send in (
                ("1 deck, API", lambda s=settings: few_api.patch(f"{site.url}{FORMATS}{few}/", json=s, timeout=60)),
                (
                    "5,000 decks, API",
                    lambda s=settings: lots_api.patch(f"{site.url}{FORMATS}{lots}/", json=s, timeout=60),
                ),
                ("5,000 decks, page", lambda s=settings: page_edit(s)),
            ):
                seconds, status = timed(send)
                times[what].append(seconds)
                statuses[status] = statuses.get(status, 0) + 1
        # Lists after an edit judge the page's decks again (then they are current): 50 twice, then 500.
        lists = []
        for size, settings in ((50, sixty), (50, league), (500, sixty)):
            timed(lambda s=settings: lots_api.patch(f"{site.url}{FORMATS}{lots}/", json=s, timeout=60))
            url = f"{site.url}/api/v1/decks/?mine=true&page_size={size}"
            started = time.monotonic()
            answer = lots_api.get(url, timeout=60)
            lists.append((size, time.monotonic() - started, answer.status_code, answer.json()["results"], settings))
    cpu = site.cpu_seconds() - cpu
    for what, seconds in times.items():
        print(
            f"  edit, {what}: median {statistics.median(seconds) * 1000:.0f} ms, "
            f"max {max(seconds) * 1000:.0f} ms over {len(seconds)} edits"
        )
    for size, seconds, status, shown, _settings in lists:
        print(
            f"  a list of {size} of the 5,000 decks just after an edit (judging those {size}): "
            f"{seconds * 1000:.0f} ms ({status}); badges {sorted({d['legal'] for d in shown})}"
        )
    print(
        f"  server CPU for the {sum(map(len, times.values())) + len(lists)} edits and {len(lists)} lists: {cpu:.1f} s"
    )
    healthy = poll.report("the format edits")
    one, many = statistics.median(times["1 deck, API"]), statistics.median(times["5,000 decks, API"])
    page_many = statistics.median(times["5,000 decks, page"])
    bounded = many <= max(2 * one, 0.05) and many < 0.2 and page_many < 0.2
    print(
        f"  {'PASS' if bounded else 'FAIL'}  an edit of the 5,000-deck format costs what the 1-deck one does "
        f"({many * 1000:.0f} ms against {one * 1000:.0f} ms; the page {page_many * 1000:.0f} ms)"
    )
    # 40 library cards: legal while the format asks 40 to 60, not when it asks 60 to 90.
    fresh = all(
        status == 200 and len(shown) == size and {d["legal"] for d in shown} == {settings is league}
        for size, _seconds, status, shown, settings in lists
    )
    print(f"  {'PASS' if fresh else 'FAIL'}  each list shows every deck judged by the format's latest rules")
    answered = set(statuses) <= {200, 302}
    print(f"  {'PASS' if answered else 'FAIL'}  every edit answered ({dict(sorted(statuses.items()))})")
    return healthy and bounded and fresh and answered
