"""The matches' keys to the entries, now ``entries.Entry`` (entries 0004): the model state
alone, the columns and their tables are as they were."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('entries', '0004_entry_from_tournaments'),
        ('matches', '0010_online_game_from_matches'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.AlterField(
                model_name='historicalmatch',
                name='entry_a',
                field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='entries.entry', verbose_name='first player'),
            ),
            migrations.AlterField(
                model_name='historicalmatch',
                name='entry_b',
                field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='entries.entry', verbose_name='second player'),
            ),
            migrations.AlterField(
                model_name='historicalmatch',
                name='winner',
                field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='entries.entry', verbose_name='winner'),
            ),
            migrations.AlterField(
                model_name='match',
                name='entry_a',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='matches_as_a', to='entries.entry', verbose_name='first player'),
            ),
            migrations.AlterField(
                model_name='match',
                name='entry_b',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='matches_as_b', to='entries.entry', verbose_name='second player'),
            ),
            migrations.AlterField(
                model_name='match',
                name='winner',
                field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='matches_won', to='entries.entry', verbose_name='winner'),
            ),
            ],
        ),
    ]
