"""IdempotentRequest moves from the accounts app to this one (vtesdeck.idempotency, the shared layer, reads it):
the model's state only; its table (accounts_idempotentrequest) and rows stay as they are."""

import django.core.serializers.json
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("vtesdeck", "0002_throttle_counts"),
        ("accounts", "0003_idempotent_requests"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="IdempotentRequest",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID"),
                        ),
                        ("digest", models.CharField(editable=False, max_length=64, unique=True)),
                        ("fingerprint", models.CharField(editable=False, max_length=64)),
                        ("status", models.PositiveSmallIntegerField(editable=False, null=True)),
                        (
                            "body",
                            models.JSONField(
                                editable=False, encoder=django.core.serializers.json.DjangoJSONEncoder, null=True
                            ),
                        ),
                        ("location", models.TextField(blank=True, editable=False)),
                        (
                            "created",
                            models.DateTimeField(db_index=True, default=django.utils.timezone.now, editable=False),
                        ),
                    ],
                    options={
                        "verbose_name": "idempotent request",
                        "verbose_name_plural": "idempotent requests",
                        "db_table": "accounts_idempotentrequest",
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
