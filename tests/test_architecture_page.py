"""The architecture page (docs/architecture.md) keeps up with the code: every app, core module and module of the
project package has its line, and every layer of .importlinter's layers contract its row.

How the page names things (the convention these tests read):

* An entry is a Markdown list item that opens with the name in backticks and a colon:
  ``- `validate.py`: …``. A module is named by its file name (``validate.py``), a package or an app by its
  folder with a slash (``decklist/``, ``accounts/``).
* Each kind has its own section, because names repeat across them (the core and the project package both have
  a ``messages.py``): apps under "## Apps", ``vtesdeck/core/`` under "## Core modules", ``vtesdeck/*.py``
  under "## The project package", ``sitewide/*.py`` under "## The site package".
* The layers are the rows of the table under "## Layers", one row a layer, top first, its modules written in
  backticks as .importlinter names them (``sitewide``, ``accounts``, ``vtesdeck.core``).

Plain files only: no database, no Django.
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.md"
PROJECT = ROOT / "vtesdeck"
SITE = ROOT / "sitewide"
CORE = PROJECT / "core"

ENTRY = re.compile(r"^\s*[-*] `([^`]+)`:")


def section(title: str) -> str:
    """The text of the page's "## <title>" section, up to the next "## " heading."""
    text = PAGE.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f'docs/architecture.md has no "## {title}" section'
    return match.group(1)


def entries(title: str) -> set[str]:
    """The names the list items of a section open with."""
    return {match.group(1) for line in section(title).splitlines() if (match := ENTRY.match(line))}


def missing(expected: set[str], title: str) -> list[str]:
    return sorted(expected - entries(title))


def apps() -> set[str]:
    found = {f"{path.parent.name}/" for path in ROOT.glob("*/apps.py") if path.parent.name != "vtesdeck"}
    assert "decks/" in found  # the glob still finds the apps: an empty set would pass every test
    return found


def core_modules() -> set[str]:
    modules = {path.name for path in CORE.glob("*.py") if path.name != "__init__.py"}
    packages = {f"{path.parent.name}/" for path in CORE.glob("*/__init__.py")}
    assert {"validate.py", "decklist/", "engine/"} <= modules | packages
    return modules | packages


def project_modules() -> set[str]:
    found = {path.name for path in PROJECT.glob("*.py") if path.name != "__init__.py"}
    assert {"api.py", "settings.py"} <= found
    return found


def site_modules() -> set[str]:
    found = {path.name for path in SITE.glob("*.py") if path.name != "__init__.py"}
    assert {"urls.py", "views.py"} <= found
    return found


def contract_layers() -> list[set[str]]:
    """The layers of .importlinter's layers contract, top first, each the set of modules it names."""
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter", encoding="utf-8")
    layers = config["importlinter:contract:layers"]["layers"]
    found = [
        {name.strip() for name in re.split(r"[:|]", line) if name.strip()}
        for line in layers.splitlines()
        if line.strip()
    ]
    assert found and found[-1] == {"vtesdeck.core"}  # the contract still reads as it did: the core at the bottom
    return found


def page_layers() -> list[set[str]]:
    """The rows of the layers table, top first, each the set of module names in backticks it holds."""
    rows = [line for line in section("Layers").splitlines() if line.startswith("|")]
    rows = [row for row in rows if not re.fullmatch(r"[|\s:-]+", row)]  # the separator row
    return [set(re.findall(r"`([\w.]+)`", row)) for row in rows[1:]]  # the header row aside


def test_every_app_has_a_line_on_the_architecture_page() -> None:
    assert not missing(apps(), "Apps"), f"apps without a line under '## Apps': {missing(apps(), 'Apps')}"


def test_every_core_module_has_a_line_on_the_architecture_page() -> None:
    absent = missing(core_modules(), "Core modules")
    assert not absent, f"vtesdeck/core modules without a line under '## Core modules': {absent}"


def test_every_module_of_the_project_package_has_a_line_on_the_architecture_page() -> None:
    absent = missing(project_modules(), "The project package")
    assert not absent, f"vtesdeck/*.py modules without a line under '## The project package': {absent}"


def test_every_module_of_the_site_package_has_a_line_on_the_architecture_page() -> None:
    absent = missing(site_modules(), "The site package")
    assert not absent, f"sitewide/*.py modules without a line under '## The site package': {absent}"


def test_the_engine_line_points_to_the_engine_design_note() -> None:
    engine = next(line for line in section("Core modules").split("\n- ") if line.startswith("`engine/`"))
    assert "vtesdeck/core/engine/README.md" in engine
    assert (CORE / "engine" / "README.md").exists()


def test_each_layer_of_the_importlinter_contract_has_its_row_on_the_architecture_page_in_order() -> None:
    assert page_layers() == contract_layers(), (
        "the layers table of docs/architecture.md should list .importlinter's layers, top first, one row each, "
        f"with the same modules:\npage:     {page_layers()}\ncontract: {contract_layers()}"
    )


def test_the_layers_diagram_draws_four_layers_with_arrows_pointing_down() -> None:
    diagram = re.search(r"^```\n(.*?)^```", section("Layers"), re.MULTILINE | re.DOTALL)
    assert diagram, "the Layers section has no fenced diagram"
    drawing = diagram.group(1)
    names = ["pages and routes", "apps", "shared web pieces", "core"]
    where = [drawing.find(f"  {name}  ") for name in names]
    absent = [name for name in names if f"  {name}  " not in drawing]
    assert not absent, f"layers missing from the diagram: {absent}"
    assert where == sorted(where), "the diagram's layers are not in the contract's order"
    assert drawing.count("▼") == len(names) - 1


def test_every_module_of_the_project_package_is_in_a_layer_of_the_contract() -> None:
    """A new module of ``vtesdeck/`` outside the layers contract would be checked by nothing."""
    layered = set().union(*contract_layers())
    modules = {f"vtesdeck.{name.removesuffix('.py')}" for name in project_modules()}
    packages = {f"vtesdeck.{path.parent.name}" for path in PROJECT.glob("*/__init__.py")}
    absent = sorted((modules | packages) - layered)
    assert not absent, f"vtesdeck modules in no layer of .importlinter: {absent}"
