"""A job's work in its kind's unit (hands, games) instead of hands alone, and the games kind."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("simulations", "0002_starter"),
    ]

    operations = [
        migrations.RenameField(model_name="simulation", old_name="hands", new_name="units"),
        migrations.RenameField(model_name="simulation", old_name="hands_done", new_name="units_done"),
        migrations.RenameField(model_name="simulationchunk", old_name="hands", new_name="units"),
        migrations.AlterField(
            model_name="simulation",
            name="kind",
            field=models.CharField(
                choices=[("hands", "Opening hands"), ("games", "Full games")], default="hands", max_length=10
            ),
        ),
    ]
