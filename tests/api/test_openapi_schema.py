"""The OpenAPI schema at /api/schema/ and the Swagger UI at /api/docs/ (served locally, no CDN)."""

from __future__ import annotations

import json
import re

import pytest
import yaml
from django.urls import include, path
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema

pytestmark = pytest.mark.django_db

CARD_FILTERS = {
    "q",
    "text",
    "kind",
    "type",
    "clan",
    "discipline",
    "group",
    "capacity_min",
    "capacity_max",
    "sect",
    "title",
    "set",
    "banned",
    "page",
    "page_size",
}


def test_it_serves_a_valid_openapi_3_schema_in_yaml(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    validate_schema(schema)
    assert {"/api/v1/cards/", "/api/v1/cards/{id}/", "/api/v1/sets/", "/api/v1/sets/{abbrev}/"} <= set(schema["paths"])


def test_it_serves_the_same_schema_in_json(client):
    as_json = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    as_yaml = yaml.safe_load(client.get("/api/schema/").content)
    assert as_json == as_yaml


def test_it_documents_every_card_filter_with_its_type(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    operation = schema["paths"]["/api/v1/cards/"]["get"]
    parameters = {p["name"]: p for p in operation["parameters"] if p["in"] == "query"}
    assert CARD_FILTERS <= set(parameters)
    assert parameters["capacity_min"]["schema"] == {"type": "integer", "minimum": 0, "maximum": 20}
    assert "Action Modifier" in parameters["type"]["schema"]["enum"]
    assert "ANY" in parameters["group"]["schema"]["enum"]
    assert parameters["page_size"]["schema"]["maximum"] == 500
    assert parameters["q"]["schema"]["maxLength"] == 200
    assert {"200", "400", "404"} <= set(operation["responses"])
    detail = schema["paths"]["/api/v1/cards/{id}/"]["get"]["responses"]
    assert {"200", "404"} <= set(detail)


def test_it_describes_the_full_card(client):
    schema = yaml.safe_load(client.get("/api/schema/").content)
    card = schema["components"]["schemas"]["CardDetail"]["properties"]
    assert {"text", "printings", "rulings", "disciplines", "pool_cost", "base", "advanced_versions", "data"} <= set(
        card
    )
    cost = schema["components"]["schemas"]["Cost"]["properties"]
    assert cost["value"]["nullable"] is True and cost["x"]["type"] == "boolean"


def test_it_generates_the_card_endpoints_schema_without_warnings():
    GENERATOR_STATS.reset()
    generator = SchemaGenerator(patterns=[path("api/v1/", include("cards.api.urls"))])
    schema = generator.get_schema(request=None, public=True)
    assert not GENERATOR_STATS, (
        f"drf-spectacular warned: {dict(GENERATOR_STATS._warn_cache)} {dict(GENERATOR_STATS._error_cache)}"
    )
    assert "/api/v1/cards/" in schema["paths"]


def test_it_renders_the_docs_from_local_assets(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    # The start-up script is a request of its own (no inline script: see vtesdeck.security).
    script = client.get("/api/docs/?script=").content.decode()
    assert "SwaggerUIBundle" in script and '"/api/schema/"' in script
    for asset in (a for a in assets if a != "/api/docs/?script="):
        assert asset.startswith("/static/"), f"{asset} is not served by this site"
        asset_response = client.get(asset)
        assert asset_response.status_code == 200, asset
        asset_response.close()
