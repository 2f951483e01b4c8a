"""Every relative link of the documentation leads somewhere: README.md and docs/*.md point at files that exist
and at headings those files have, so a section that moves to another page cannot leave a link behind.

How the pages are read (the convention these tests follow):

* A link is Markdown's inline form, ``[text](target)`` or ``![alt](target)``, outside fenced code blocks and
  inline code spans. A target with a scheme (``https:``, ``mailto:``) is outside the repository and not followed.
* A target is a path relative to the page that holds it (``../bench/README.md``, ``cli.md``), an anchor of the
  page itself (``#formats``), or both (``user-guide.md#how-a-deck-draws``). The path must exist, file or folder.
* An anchor names a heading of the target page as GitHub makes its slug: the heading's text without its
  Markdown marks (backticks, emphasis, link syntax), lowercased, every character that is neither a letter, a
  digit, a space, ``-`` nor ``_`` dropped, spaces turned to hyphens; a slug seen before gets ``-1``, ``-2``….

Plain files only: no database, no Django.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def prose_lines(page: Path) -> list[tuple[int, str]]:
    """The page's lines outside fenced code blocks, numbered from 1."""
    lines, fenced = [], False
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    spans: list[str] = []  # code is taken as written: its own * and _ are no emphasis

    def keep(match: re.Match) -> str:
        spans.append(match.group(2))
        return f"\0{len(spans) - 1}\0"

    text = CODE_SPAN.sub(keep, heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link's text stays, its target goes
    text = re.sub(r"\*{1,3}(\S(?:.*?\S)?)\*{1,3}", r"\1", text)  # emphasis marks
    text = re.sub(r"(?<!\w)_{1,3}(\S(?:.*?\S)?)_{1,3}(?!\w)", r"\1", text)
    text = re.sub(r"\0(\d+)\0", lambda match: spans[int(match.group(1))], text)
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, repeated slugs numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    for _, line in prose_lines(page):
        if match := HEADING.match(line):
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[tuple[int, str]]:
    """The relative link targets of a page, each with its line."""
    found = []
    for number, line in prose_lines(page):
        line = CODE_SPAN.sub("", line)
        found += [(number, match.group(1)) for match in LINK.finditer(line) if not SCHEME.match(match.group(1))]
    return found


def broken(page: Path) -> list[str]:
    """What is wrong with the page's relative links, one sentence each."""
    problems = []
    for number, target in links(page):
        path, _, anchor = target.partition("#")
        where = f"{page.relative_to(ROOT)}:{number}: {target}"
        goal = (page.parent / path).resolve() if path else page
        if not goal.exists():
            problems.append(f"{where}: no such file")
        elif anchor and goal.suffix == ".md" and anchor not in anchors(goal):
            problems.append(f"{where}: no heading of {goal.relative_to(ROOT)} has that anchor")
    return problems


def test_the_pages_are_found_and_link_to_each_other() -> None:
    names = {page.name for page in PAGES}
    assert {"README.md", "user-guide.md", "cli.md", "api.md", "deploy.md", "architecture.md"} <= names
    assert any(target.startswith("docs/") for _, target in links(ROOT / "README.md"))


def test_github_slugs() -> None:
    assert slug("Deploy: PostgreSQL, Redis, several workers") == "deploy-postgresql-redis-several-workers"
    assert slug("Games: the Games tab and games jobs") == "games-the-games-tab-and-games-jobs"
    assert slug("`check_deck` and *the* [archive](x.md)") == "check_deck-and-the-archive"
    assert slug("Archetypes as players name them") == "archetypes-as-players-name-them"
    assert slug("_Rack, The_ (`__init__.py`)") == "rack-the-__init__py"


def test_links_inside_code_are_not_links() -> None:
    page = ROOT / "docs" / "cli.md"
    assert all("](" not in target for _, target in links(page))


def test_every_relative_link_of_the_documentation_leads_to_a_file_and_a_heading() -> None:
    problems = [problem for page in PAGES for problem in broken(page)]
    assert not problems, "broken links in the documentation:\n" + "\n".join(problems)
