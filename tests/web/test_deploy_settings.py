"""Django's deployment checklist (`manage.py check --deploy`) against the production environment the README
documents, in a fresh process as a deployment would start: clean with it, and loud without HTTPS."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.paths import PROJECT

# The README's "Deploy" environment (hosts and passwords invented: nothing is connected to by the check).
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "r7Qm2vXc9Lk4Tz8pWn1Bh6Jd3Fs5Gy0Ae-Uo_Ki2Ml7Np4Qr9St6Vw3Xy8Zb1Cd5Ef0",
    "ALLOWED_HOSTS": "vtesdeck.example.org",
    "DJANGO_HTTPS": "true",
    "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "true",
    "DJANGO_HSTS_PRELOAD": "true",
    "DJANGO_PROXY_SSL_HEADER": "true",
    "NUM_PROXIES": "1",
    "DATABASE_URL": "postgres://vtesdeck:secret@db.example.org:5432/vtesdeck",
    "CELERY_BROKER_URL": "redis://redis.example.org:6379/0",
    "CACHE_URL": "redis://redis.example.org:6379/1",
    "LOG_FORMAT": "json",
}
# Variables of the machine running the tests that would change what is checked.
OURS = {*PRODUCTION, "DJANGO_SECRET_KEY_FILE", "DJANGO_HSTS_SECONDS", "CSRF_TRUSTED_ORIGINS", "CELERY_RESULT_BACKEND"}
HTTPS_WARNINGS = ("security.W004", "security.W008", "security.W012", "security.W016")


def check_deploy(**overrides: str | None) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in OURS}
    env.update(PRODUCTION)
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    env["DJANGO_SETTINGS_MODULE"] = "vtesdeck.settings"
    command = [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"]
    return subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True, timeout=180)


def test_the_documented_production_environment_passes_the_deployment_checklist():
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
