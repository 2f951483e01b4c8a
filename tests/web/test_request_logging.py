"""One log line per request on ``vtesdeck.request``, its request id, and the JSON log format."""

from __future__ import annotations

import json
import logging
import sys

import pytest
from django.contrib.auth import get_user_model

from vtesdeck.requestlog import JsonFormatter, RequestIdFilter

pytestmark = pytest.mark.django_db

LOGGER = "vtesdeck.request"


def request_lines(caplog) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == LOGGER]


def test_each_request_logs_one_line_with_its_fields(client, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    response = client.get("/cards/?q=govern", REMOTE_ADDR="198.51.100.7")
    assert response.status_code == 200
    [line] = request_lines(caplog)
    assert line.levelno == logging.INFO
    assert (line.method, line.path, line.status, line.user_id, line.client) == (
        "GET",
        "/cards/",
        200,
        None,
        "198.51.100.7",
    )
    assert isinstance(line.duration_ms, float) and line.duration_ms > 0
    assert line.request_id == response["X-Request-ID"]
    message = line.getMessage()
    assert message.startswith("GET /cards/ 200 ") and "user=anonymous" in message and "client=198.51.100.7" in message


def test_the_line_names_a_logged_in_user(client, caplog):
    user = get_user_model().objects.create_user("logged", password="not-a-real-password-42")
    client.force_login(user)
    caplog.set_level(logging.INFO, logger=LOGGER)
    client.get("/decks/mine/")
    [line] = request_lines(caplog)
    assert line.user_id == user.pk
    assert f"user={user.pk}" in line.getMessage()


def test_the_client_address_is_read_behind_proxies(client, caplog, settings):
    settings.NUM_PROXIES = 1
    caplog.set_level(logging.INFO, logger=LOGGER)
    client.get("/healthz?worker=0", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    [line] = request_lines(caplog)
    assert line.client == "203.0.113.9"  # what the one proxy saw, not what the client claimed


def test_client_errors_log_a_warning_and_server_errors_an_error(client, caplog, monkeypatch):
    caplog.set_level(logging.INFO, logger=LOGGER)
    client.get("/no-such-page/")
    [line] = request_lines(caplog)
    assert (line.status, line.levelno) == (404, logging.WARNING)

    caplog.clear()
    monkeypatch.setattr("sitewide.views._database_state", lambda: 1 / 0)
    client.raise_request_exception = False
    response = client.get("/healthz?worker=0")
    assert response.status_code == 500
    [line] = request_lines(caplog)
    assert (line.status, line.levelno) == (500, logging.ERROR)


def test_a_valid_request_id_round_trips(client, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    sent = "edge-7f3a9c1e-0001"
    response = client.get("/", HTTP_X_REQUEST_ID=sent)
    assert response["X-Request-ID"] == sent
    [line] = request_lines(caplog)
    assert line.request_id == sent


def test_each_request_without_an_id_gets_a_new_one(client):
    first = client.get("/healthz?worker=0")["X-Request-ID"]
    second = client.get("/healthz?worker=0")["X-Request-ID"]
    assert first and second and first != second


@pytest.mark.parametrize(
    "bad",
    ["x" * 129, "abc\x00def", "abc\x1b[31mred", "two words", "id\u00e9"],
    ids=["too long", "nul", "escape sequence", "space", "non-ascii"],
)
def test_a_bad_request_id_is_replaced_not_logged(client, caplog, bad):
    caplog.set_level(logging.INFO, logger=LOGGER)
    response = client.get("/", HTTP_X_REQUEST_ID=bad)
    replaced = response["X-Request-ID"]
    assert replaced != bad and len(replaced) == 32 and replaced.isalnum()
    [line] = request_lines(caplog)
    assert line.request_id == replaced
    assert bad not in line.getMessage()


def test_control_characters_in_the_path_stay_on_one_line(client, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    client.get("/cards/%0aGET%20/forged%20200")
    [line] = request_lines(caplog)
    assert "\n" not in line.getMessage()
    assert "\\x0a" in line.path


def test_the_json_formatter_writes_one_parsable_object_per_line(client, caplog):
    caplog.set_level(logging.INFO, logger=LOGGER)
    response = client.get("/cards/?q=govern", HTTP_X_REQUEST_ID="abc-123")
    [line] = request_lines(caplog)
    text = JsonFormatter().format(line)
    assert "\n" not in text
    entry = json.loads(text)
    assert entry["level"] == "INFO" and entry["logger"] == LOGGER
    assert entry["message"] == line.getMessage()
    assert {key: entry[key] for key in ("method", "path", "status", "user_id", "request_id")} == {
        "method": "GET",
        "path": "/cards/",
        "status": 200,
        "user_id": None,
        "request_id": "abc-123",
    }
    assert entry["request_id"] == response["X-Request-ID"]
    assert entry["time"].endswith("+00:00")


def test_the_json_formatter_keeps_a_traceback_inside_its_object():
    try:
        raise ValueError("line one\nline two")
    except ValueError:
        record = logging.LogRecord("vtesdeck.x", logging.ERROR, __file__, 1, "failed %s", ("here",), sys.exc_info())
    record.request = object()  # an extra JSON cannot hold is written as text
    text = JsonFormatter().format(record)
    assert "\n" not in text
    entry = json.loads(text)
    assert entry["message"] == "failed here"
    assert "ValueError: line one\nline two" in entry["exception"]
    assert entry["request"].startswith("<object object")


def test_records_logged_during_a_request_carry_its_id(client, monkeypatch):
    seen = []

    def view_logs(*args, **kwargs):
        record = logging.LogRecord("sitewide.views", logging.INFO, __file__, 1, "inside", (), None)
        RequestIdFilter().filter(record)
        seen.append(record)
        return {"ok": True, "vendor": "test"}

    monkeypatch.setattr("sitewide.views._database_state", view_logs)
    response = client.get("/healthz?worker=0", HTTP_X_REQUEST_ID="trace-42")
    assert response["X-Request-ID"] == "trace-42"
    assert seen[0].request_id == "trace-42"
    outside = logging.LogRecord("sitewide.views", logging.INFO, __file__, 1, "outside", (), None)
    RequestIdFilter().filter(outside)
    assert not hasattr(outside, "request_id")


def test_log_format_json_configures_the_json_formatter(tmp_path):
    import subprocess

    from tests.paths import PROJECT

    code = (
        "import django, logging, json; django.setup(); "
        "logging.getLogger('vtesdeck.request').warning('hello %s', 'there', extra={'status': 404})"
    )
    env = {"DJANGO_SETTINGS_MODULE": "vtesdeck.settings", "LOG_FORMAT": "json", "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=PROJECT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    entry = json.loads(result.stderr.strip().splitlines()[-1])
    assert (entry["message"], entry["level"], entry["status"]) == ("hello there", "WARNING", 404)
