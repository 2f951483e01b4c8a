"""One history event per change (not one per card row), the ledger row that serialises a collection's changes, and
the copies per card the buildable filters read.

The events written before are grouped by the request that wrote them (their ``batch``): each group becomes one
event, its rows its lines, at the time of its first row. A replace import of old wrote two groups (every card
removed, then the file's cards added): two events, whose sum is still the collection. Backwards, each event is
one row per line again (a change of kind ``replace`` or ``earlier`` becomes ``import``).
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models
from django.db.models import Sum

CHUNK = 1000


def group_batches(apps, schema_editor) -> None:
    Event = apps.get_model("collection", "Event")
    owners = Event.objects.order_by().values_list("owner_id", flat=True).distinct()
    for owner in list(owners):  # one collection at a time: its rows in memory, never the whole table's
        groups: dict[str, list[tuple]] = {}
        for row in (
            Event.objects.filter(owner_id=owner)
            .order_by("id")
            .values_list("id", "batch", "kind", "source", "card_id", "set", "language", "delta", "note", "created")
        ):
            groups.setdefault(row[1], []).append(row)
        made = []
        for group in groups.values():
            lines = [[row[4], row[5], row[6], row[7], row[8]] for row in group]
            made.append(Event(owner_id=owner, kind=group[0][2], source=group[0][3], copies=sum(line[3] for line in lines),
                              rows=len(lines), lines=lines, created=min(row[9] for row in group)))
        old = [row[0] for group in groups.values() for row in group]
        for start in range(0, len(old), CHUNK):
            Event.objects.filter(pk__in=old[start : start + CHUNK]).delete()
        Event.objects.bulk_create(made, batch_size=CHUNK)
    _checked_now(schema_editor)


def split_events(apps, schema_editor) -> None:
    Event = apps.get_model("collection", "Event")
    old_kinds = {"add", "remove", "import", "precon"}
    for pk in list(Event.objects.filter(batch="").values_list("pk", flat=True)):
        event = Event.objects.get(pk=pk)
        kind = event.kind if event.kind in old_kinds else "import"
        Event.objects.bulk_create(
            [Event(owner_id=event.owner_id, kind=kind, batch=f"{pk:032x}", source=event.source, card_id=card_id,
                   set=set, language=language, delta=delta, note=note, created=event.created)
             for card_id, set, language, delta, note in event.lines],
            batch_size=CHUNK,
        )
        event.delete()
    _checked_now(schema_editor)


def _checked_now(schema_editor) -> None:
    if schema_editor.connection.vendor == "postgresql":
        # The rows' deferred foreign-key checks now, before the table is altered in this transaction
        # (PostgreSQL refuses to alter a table with pending trigger events).
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


def count_cards(apps, schema_editor) -> None:
    Entry = apps.get_model("collection", "Entry")
    CardTotal = apps.get_model("collection", "CardTotal")
    totals = Entry.objects.values("owner_id", "card_id").annotate(total=Sum("count")).order_by("owner_id", "card_id")
    CardTotal.objects.bulk_create(
        (CardTotal(owner_id=row["owner_id"], card_id=row["card_id"], copies=row["total"]) for row in totals.iterator()),
        batch_size=CHUNK,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("collection", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The new shape beside the old, the old rows grouped into it, then the old columns gone.
        migrations.AddField(model_name="event", name="copies", field=models.IntegerField(default=0)),
        migrations.AddField(model_name="event", name="lines", field=models.JSONField(default=list)),
        migrations.AddField(model_name="event", name="rows", field=models.PositiveIntegerField(default=0)),
        migrations.AlterField(
            model_name="event",
            name="created",
            field=models.DateTimeField(db_index=True, default=django.utils.timezone.now),
        ),
        migrations.AlterField(
            model_name="event",
            name="kind",
            field=models.CharField(
                choices=[
                    ("add", "Added"),
                    ("remove", "Removed"),
                    ("import", "Imported"),
                    ("replace", "Replaced by an import"),
                    ("precon", "Precon added"),
                    ("earlier", "Earlier changes, summed"),
                ],
                max_length=10,
            ),
        ),
        # Defaults for the old columns, so that backwards they come back on rows that exist.
        migrations.AlterField(model_name="event", name="card_id", field=models.PositiveIntegerField(default=0)),
        migrations.AlterField(model_name="event", name="delta", field=models.IntegerField(default=0)),
        migrations.AlterField(
            model_name="event", name="batch", field=models.CharField(db_index=True, default="", max_length=32)
        ),
        migrations.RunPython(group_batches, split_events),
        migrations.RemoveField(model_name="event", name="batch"),
        migrations.RemoveField(model_name="event", name="card_id"),
        migrations.RemoveField(model_name="event", name="delta"),
        migrations.RemoveField(model_name="event", name="language"),
        migrations.RemoveField(model_name="event", name="note"),
        migrations.RemoveField(model_name="event", name="set"),
        migrations.AddIndex(
            model_name="event",
            index=models.Index(fields=["owner", "created"], name="collection_event_owner_time"),
        ),
        migrations.CreateModel(
            name="Ledger",
            fields=[
                (
                    "owner",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="collection_ledger",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("changes", models.PositiveBigIntegerField(default=0)),
            ],
        ),
        migrations.CreateModel(
            name="CardTotal",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("card_id", models.PositiveIntegerField()),
                ("copies", models.PositiveIntegerField(default=0)),
                ("held", models.PositiveIntegerField(default=0)),
                (
                    "owner",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to=settings.AUTH_USER_MODEL
                    ),
                ),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("owner", "card_id"), name="one_total_per_card")],
            },
        ),
        migrations.RunPython(count_cards, migrations.RunPython.noop),
    ]
