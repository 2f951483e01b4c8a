"""IdempotentRequest moved to the vtesdeck app (vtesdeck/migrations/0003): its state leaves this app, its table
and rows stay."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_idempotent_requests"),
        ("vtesdeck", "0003_idempotentrequest"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="IdempotentRequest")],
            database_operations=[],
        ),
    ]
