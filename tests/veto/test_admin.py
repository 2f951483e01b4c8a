"""The admin reads Veto card lists and may delete one, but never adds nor edits one: a list is changed by an import,
which checks every line (import_veto_cards, /veto/cards/)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from veto.models import CardList

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.org", "not-a-real-password-42"))
    return client


def test_the_admin_lists_and_shows_the_lists_read_only(admin_client, veto_site_list):
    assert "the site: 46" in admin_client.get("/admin/veto/cardlist/").content.decode()
    page = admin_client.get(f"/admin/veto/cardlist/{veto_site_list.pk}/change/").content.decode()
    assert "Wojewoda Mścisław" in page and 'name="csv"' not in page
    assert admin_client.get("/admin/veto/cardlist/add/").status_code == 403
    response = admin_client.post(f"/admin/veto/cardlist/{veto_site_list.pk}/change/", {"csv": "name\nX\n"})
    assert response.status_code == 403
    assert CardList.objects.get().card_count == 46


def test_the_admin_may_delete_a_list(admin_client, veto_site_list):
    response = admin_client.post(f"/admin/veto/cardlist/{veto_site_list.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not CardList.objects.exists()
