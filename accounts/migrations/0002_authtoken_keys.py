"""DRF's single token per user becomes an API token of the same key, so scripts keep working.

The keys are copied as hashes and the plain rows deleted: a key should not stay readable in the
database once the site no longer needs to read it. Going back cannot bring the keys back (only their
hashes are left), so the reverse step leaves the API tokens alone.
"""

import hashlib

from django.db import migrations

NAME = "API token"
VISIBLE_LENGTH = 12


def hash_authtoken_keys(apps, schema_editor):
    AuthToken = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    for old in AuthToken.objects.all().iterator():
        ApiToken.objects.create(
            user_id=old.user_id,
            name=NAME,
            key_hash=hashlib.sha256(old.key.encode()).hexdigest(),
            prefix=old.key[:VISIBLE_LENGTH],
            created=old.created,
        )
    AuthToken.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_api_tokens"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [migrations.RunPython(hash_authtoken_keys, migrations.RunPython.noop)]
