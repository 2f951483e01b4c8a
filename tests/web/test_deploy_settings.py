"""Django's deployment checklist (`manage.py check --deploy`) against the production environment docs/deploy.md
documents, in a fresh process as a deployment would start: clean with it, and loud without HTTPS."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys

from tests.paths import PROJECT

PAGE = PROJECT / "docs" / "deploy.md"
CHECK = "manage.py check --deploy --fail-level WARNING"


def documented_production_lines() -> list[str]:
    """docs/deploy.md's production environment: the ``export`` lines of its Deploy section's shell blocks, up to
    the block that runs the checklist ("Beside the variables above")."""
    section = PAGE.read_text(encoding="utf-8").split("\n## Deploy", 1)[1].split("\n## ", 1)[0]
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        lines += [line for line in block.splitlines() if line.startswith("export ")]
        if CHECK in block:
            return lines
    raise AssertionError(f"docs/deploy.md's Deploy section has no block that runs `{CHECK}`")


def exported_by(lines: list[str]) -> dict[str, str]:
    """What the lines export, read by a shell as a reader pasting them would: quotes, ``$(…)``, comments."""

    def environment(script: str) -> dict[str, str]:
        shell = subprocess.run(
            ["bash", "-c", f"set -e\n{script}\nenv -0"],
            env={"PATH": os.environ["PATH"]},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert shell.returncode == 0, f"the documented lines fail in a shell:\n{script}\n{shell.stderr}"
        return dict(entry.split("=", 1) for entry in shell.stdout.split("\0") if "=" in entry)

    before, after = environment(""), environment("\n".join(lines))
    return {name: value for name, value in after.items() if before.get(name) != value and name != "_"}


@functools.cache
def production() -> dict[str, str]:
    """The documented production environment (hosts and passwords invented: the check connects to nothing)."""
    return exported_by(documented_production_lines())


# Variables of the machine running the tests that would change what is checked, beside production()'s.
OURS = {"DJANGO_SECRET_KEY_FILE", "DJANGO_HSTS_SECONDS", "CSRF_TRUSTED_ORIGINS", "CELERY_RESULT_BACKEND"}
HTTPS_WARNINGS = ("security.W004", "security.W008", "security.W012", "security.W016")


def check_deploy(**overrides: str | None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in OURS | set(production())}
    env.update(production())
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    env["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    return subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True, timeout=180)


def test_the_documented_production_environment_passes_the_deployment_checklist():
    # What the documented lines export, read from docs/deploy.md: the lines and the test cannot drift apart.
    assert {"DJANGO_SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_DEBUG", "DJANGO_HTTPS"} <= set(production())
    result = check_deploy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_without_https_the_checklist_names_every_https_setting():
    result = check_deploy(DJANGO_HTTPS=None)
    assert result.returncode != 0
    for code in HTTPS_WARNINGS:
        assert code in result.stderr, result.stderr


def test_without_a_secret_key_the_checklist_fails():
    # The local fallback key is marked insecure, so a deployment that forgot DJANGO_SECRET_KEY is told.
    result = check_deploy(DJANGO_SECRET_KEY=None)
    assert result.returncode != 0
    assert "security.W009" in result.stderr, result.stderr


def test_a_cache_kept_per_process_fails_the_checklist_and_says_what_to_set():
    # Each gunicorn worker would count its own failed logins and API requests: five workers, five times the limits.
    result = check_deploy(CACHE_URL="locmem://")
    assert result.returncode != 0
    assert "vtesdeck.E001" in result.stderr, result.stderr
    assert "CACHE_URL" in result.stderr


def test_the_default_cache_is_shared_by_the_processes():
    # Without CACHE_URL, the database cache: whatever else the checklist says, not vtesdeck.E001.
    result = check_deploy(CACHE_URL=None)
    assert "vtesdeck.E001" not in result.stdout + result.stderr
