from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("proxies", "0002_sheets_in_storage"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="proxysheet",
            name="pdf",
        ),
    ]
