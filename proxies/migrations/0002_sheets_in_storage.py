"""Proxy PDFs move from the database (``ProxySheet.pdf``) to files in the default storage (``proxies.sheets``).

Each stored PDF is written to ``proxies/<job id>.pdf`` one at a time (one PDF in memory at once, however many
there are), its row keeping the file's name and size; the next migration drops the column (a migration of its
own: PostgreSQL alters no table with updates pending in the same transaction). Going back reads each file into
the column again (a file that is gone leaves an empty PDF)."""

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import migrations, models


def to_storage(apps, schema_editor):
    ProxySheet = apps.get_model("proxies", "ProxySheet")
    for key in ProxySheet.objects.filter(file="").values_list("pk", flat=True).iterator():
        pdf = bytes(ProxySheet.objects.filter(pk=key).values_list("pdf", flat=True).get())
        name = default_storage.save(f"proxies/{key}.pdf", ContentFile(pdf))
        ProxySheet.objects.filter(pk=key).update(file=name, bytes=len(pdf), pdf=b"")


def to_database(apps, schema_editor):
    ProxySheet = apps.get_model("proxies", "ProxySheet")
    for key, name in ProxySheet.objects.exclude(file="").values_list("pk", "file").iterator():
        try:
            with default_storage.open(name, "rb") as handle:
                pdf = handle.read()
        except OSError:
            pdf = b""
        ProxySheet.objects.filter(pk=key).update(pdf=pdf, file="")
        default_storage.delete(name)


class Migration(migrations.Migration):

    dependencies = [
        ("proxies", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="proxysheet",
            name="file",
            field=models.FileField(default="", max_length=200, upload_to=""),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="proxysheet",
            name="bytes",
            field=models.PositiveBigIntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="proxysheet",
            name="created",
            field=models.DateTimeField(auto_now_add=True, db_index=True),
        ),
        migrations.AlterField(  # emptied below, and absent once the next migration drops it: b"" by default
            model_name="proxysheet",
            name="pdf",
            field=models.BinaryField(default=b""),
        ),
        migrations.RunPython(to_storage, to_database),
    ]
