"""Named archetypes (issue 17, part 6): each archive deck's tags and named archetype, and per archetype
its key cards and their share per period. Filled by ``twda.services.recompute`` at every import, and for
a database imported before by ``manage.py classify_archive --if-needed`` (``make setup`` runs it)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("twda", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="tournamentdeck",
            name="tags",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="tournamentdeck",
            name="style",
            field=models.CharField(blank=True, db_index=True, max_length=40),
        ),
        migrations.CreateModel(
            name="NamedArchetype",
            fields=[
                ("slug", models.SlugField(max_length=40, primary_key=True, serialize=False)),
                ("position", models.PositiveSmallIntegerField(default=0)),
                ("deck_count", models.PositiveIntegerField(default=0)),
                ("key_cards", models.JSONField(default=list)),
                ("periods", models.JSONField(default=dict)),
            ],
            options={"ordering": ["position"]},
        ),
    ]
