"""The money's keys to the entries, now ``entries.Entry`` (entries 0004): the model state
alone, the columns and their tables are as they were."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('entries', '0004_entry_from_tournaments'),
        ('money', '0006_tournament_money'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='calcuttabuyback',
                name='entry',
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='entries.entry', verbose_name='player'),
            ),
            migrations.AlterField(
                model_name='calcuttalot',
                name='entries',
                field=models.ManyToManyField(related_name='+', to='entries.entry', verbose_name='players'),
            ),
            migrations.AlterField(
                model_name='entryfee',
                name='entry',
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='fees', to='entries.entry', verbose_name='entry'),
            ),
            migrations.AlterField(
                model_name='sidepoolentry',
                name='entry',
                field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='side_pools', to='entries.entry', verbose_name='entry'),
            ),
            ],
        ),
    ]
