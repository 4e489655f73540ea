"""The analyses' keys to the entries, now ``entries.Entry`` (entries 0004): the model state
alone, the columns and their tables are as they were."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('analysis', '0005_mistake_marks'),
        ('entries', '0004_entry_from_tournaments'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='playeranalysis',
                name='entry',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='analyses', to='entries.entry', verbose_name='player'),
            ),
            ],
        ),
    ]
